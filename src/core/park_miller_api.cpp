// SPDX-License-Identifier: BSD-3-Clause
// The Park-Miller entry points on a caller-held seed (gpurngParkMiller*): no generator object, the same
// engine code and fills as GPURNG_RNG_PSEUDO_MINSTD.
#include <stdint.h>

#include <algorithm>
#include <new>

#include "../backends/cpu/classic_cpu.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "../backends/cuda/cuda_backend.hpp"
#include "gpurng.h"
#include "route.hpp"

namespace {

using gpurng::Output;

bool valid(unsigned multiplier, const unsigned* seed) {
  return multiplier >= 2 && multiplier <= gpurng::minstd::kModulus - 1 && *seed >= 1 &&
         *seed <= gpurng::minstd::kModulus - 1;
}

gpurngStatus_t fill(unsigned multiplier, unsigned* seed, void* values, size_t num, Output kind) {
  if (!seed) return GPURNG_STATUS_NULL_POINTER;
  if (!valid(multiplier, seed)) return GPURNG_STATUS_OUT_OF_RANGE;
  if (num == 0) return GPURNG_STATUS_SUCCESS;
  if (!values) return GPURNG_STATUS_NULL_POINTER;
  const gpurng::classic::Params p{gpurng::classic::Family::minstd, multiplier, 0};
  uint64_t window[gpurng::glibc_random::kMaxDegree] = {*seed};
  // The generators' routing rule (route.hpp): device memory on the GPU, host memory on CPU threads.
  const bool gpu = gpurng::cuda::available();
  const gpurng::core::Call call{
      kind == Output::u32 ? gpurng::core::Dist::u32 : gpurng::core::Dist::uniform_f64, values, num, 0, 0, 0};
  const gpurng::core::Where where{gpu, gpu && gpurng::cuda::is_device_pointer(values),
                                  std::max(1, gpurng::cpu::configured_threads()), nullptr};
  try {
    const gpurngStatus_t st = gpurng::core::route(
        call, where, gpurng::core::HostCalls::on_host,
        [&](size_t, size_t count, void* out, int threads) {
          gpurng::cpu::classic_fill(p, kind, window, out, count, threads);
        },
        [&](size_t, size_t count, void* out, void*) {
          const gpurngStatus_t dst = gpurng::cuda::classic_fill(p, kind, window, out, count, nullptr);
          if (dst == GPURNG_STATUS_SUCCESS) gpurng::cpu::classic_jump(p, window, count);
          return dst;
        });
    if (st != GPURNG_STATUS_SUCCESS) return st;
  } catch (const std::bad_alloc&) {
    return GPURNG_STATUS_ALLOCATION_FAILED;
  } catch (...) {
    return GPURNG_STATUS_INTERNAL_ERROR;
  }
  *seed = static_cast<unsigned>(window[0]);
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngParkMillerNext(unsigned int multiplier, unsigned int* seed, double* uniform) {
  if (!seed) return GPURNG_STATUS_NULL_POINTER;
  if (!valid(multiplier, seed)) return GPURNG_STATUS_OUT_OF_RANGE;
  *seed = gpurng::minstd::mulmod(multiplier, *seed);
  if (uniform) *uniform = gpurng::minstd::to_double(*seed);
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngParkMillerFill(unsigned int multiplier, unsigned int* seed, unsigned int* values, size_t num) {
  return fill(multiplier, seed, values, num, Output::u32);
}

gpurngStatus_t gpurngParkMillerFillUniformDouble(unsigned int multiplier, unsigned int* seed, double* values,
                                                 size_t num) {
  return fill(multiplier, seed, values, num, Output::f64);
}

}  // extern "C"
