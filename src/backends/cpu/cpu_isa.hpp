// SPDX-License-Identifier: BSD-3-Clause
// Which compiled copy of the CPU fill loop runs: the best the processor supports, or the one
// GPURNG_CPU_ISA=auto|baseline|avx2|avx512 asks for (tests run every copy against the reference this way).
#pragma once

namespace gpurng {
namespace cpu {

enum class Isa { baseline, avx2, avx512 };

// False when GPURNG_CPU_ISA holds something other than the four names above (generator creation then
// returns GPURNG_STATUS_INVALID_VALUE).
bool isa_setting_valid();

// The copy to run, read once per process: the requested one, or the best supported one below it.
Isa selected_isa();

}  // namespace cpu
}  // namespace gpurng
