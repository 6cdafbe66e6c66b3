// SPDX-License-Identifier: BSD-3-Clause
// The extern "C" entry points of cuRAND's Sobol' tables (gpurngGetDirectionVectors*, gpurngGetScrambleConstants*):
// pointers into the tables the Sobol' engines use. Like api.cpp, nothing throws across the ABI.
#include <stdint.h>

#include "abi_guard.hpp"
#include "gpurng.h"
#include "gpurng/engines/sobol.hpp"

using gpurng::core::guarded;

extern "C" {

gpurngStatus_t gpurngGetDirectionVectors32(gpurngDirectionVectors32_t** vectors, gpurngDirectionVectorSet_t set) {
  if (!vectors) return GPURNG_STATUS_NULL_POINTER;
  if (set != GPURNG_DIRECTION_VECTORS_32_JOEKUO6 && set != GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6)
    return GPURNG_STATUS_OUT_OF_RANGE;
  return guarded([&] {
    const auto& t = gpurng::sobol::shared_table32(set == GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6);
    *vectors = reinterpret_cast<gpurngDirectionVectors32_t*>(const_cast<uint32_t*>(t.vectors.data()));
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetDirectionVectors64(gpurngDirectionVectors64_t** vectors, gpurngDirectionVectorSet_t set) {
  if (!vectors) return GPURNG_STATUS_NULL_POINTER;
  if (set != GPURNG_DIRECTION_VECTORS_64_JOEKUO6 && set != GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6)
    return GPURNG_STATUS_OUT_OF_RANGE;
  static_assert(sizeof(unsigned long long) == sizeof(uint64_t), "64-bit words");
  return guarded([&] {
    const auto& t = gpurng::sobol::shared_table64(set == GPURNG_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6);
    *vectors = reinterpret_cast<gpurngDirectionVectors64_t*>(const_cast<uint64_t*>(t.vectors.data()));
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetScrambleConstants32(unsigned int** constants) {
  if (!constants) return GPURNG_STATUS_NULL_POINTER;
  return guarded([&] {
    *constants = const_cast<unsigned int*>(gpurng::sobol::shared_table32(true).constants.data());
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngGetScrambleConstants64(unsigned long long** constants) {
  if (!constants) return GPURNG_STATUS_NULL_POINTER;
  return guarded([&] {
    *constants = reinterpret_cast<unsigned long long*>(
        const_cast<uint64_t*>(gpurng::sobol::shared_table64(true).constants.data()));
    return GPURNG_STATUS_SUCCESS;
  });
}

}  // extern "C"
