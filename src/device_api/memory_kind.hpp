// SPDX-License-Identifier: BSD-3-Clause
// Where an array handed to gpurngInitStates* lives: host memory (filled by CPU threads), device memory the
// library's CUDA backend can reach (filled by kernels), or device memory it cannot reach (a CPU-only build, or a
// machine where the library's CUDA runtime found no usable GPU, inside a program that has one).
#pragma once

namespace gpurng {
namespace device_api {

enum class Memory { host, device, unreachable_device };

// Managed memory counts as device memory when the backend can reach it (kernels run on it) and as host memory
// otherwise (the CPU can write it). NULL is host memory (callers reject it first).
Memory memory_of(const void* p);

}  // namespace device_api
}  // namespace gpurng
