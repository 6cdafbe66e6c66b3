// SPDX-License-Identifier: BSD-3-Clause
#include "backend_choice.hpp"

#include <cstdlib>
#include <cstring>

#include "../backends/cuda/cuda_backend.hpp"

namespace gpurng {
namespace core {

gpurngStatus_t choose_backend(gpurngBackend_t* backend) {
  const char* env = std::getenv("GPURNG_BACKEND");
  if (!env || !*env || std::strcmp(env, "auto") == 0) {
    *backend = cuda::available() ? GPURNG_BACKEND_CUDA : GPURNG_BACKEND_CPU;
    return GPURNG_STATUS_SUCCESS;
  }
  if (std::strcmp(env, "cpu") == 0) {
    *backend = GPURNG_BACKEND_CPU;
    return GPURNG_STATUS_SUCCESS;
  }
  if (std::strcmp(env, "cuda") == 0) {
    if (!cuda::available()) return GPURNG_STATUS_INITIALIZATION_FAILED;
    *backend = GPURNG_BACKEND_CUDA;
    return GPURNG_STATUS_SUCCESS;
  }
  return GPURNG_STATUS_INVALID_VALUE;
}

}  // namespace core
}  // namespace gpurng
