// SPDX-License-Identifier: BSD-3-Clause
// Device API, Xu and Okten's random-start permuted Halton sequence (GPURNG_RNG_QUASI_HALTON_RASRAP; every step in
// gpurng/engines/halton_rasrap.hpp, the host API's).
//
// A sequence is fixed by its seed, which picks every dimension's random start and digit permutations. Those
// parameters live in one table, built on the host by gpurng_halton_rasrap_make_table (header-only, no library
// call) into memory the caller provides, and copied as it is to the device (it holds offsets, not pointers):
// the counterpart of the direction vectors that cuRAND's Sobol' states take. A state follows one dimension point
// by point (the recursive form, a few operations a point); gpurng_halton_rasrap_word reads any point by index
// (the counter form, one division per base-b digit). Point n of dimension d here is the host API's dimension d
// at position n, bit for bit (integers, uniforms and the normals, whose sign of zero aside: the host API writes
// z * stddev + mean, the device call returns z).
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/halton_rasrap.hpp"
#include "gpurng/engines/sobol.hpp"
#include "gpurng/hd.hpp"

/** The head of a parameter table; dimension records and permutations follow it in the same block. ABI. */
typedef struct gpurngHaltonRasrapTable {
  unsigned long long seed;
  uint32_t dimensions;   /* 1..1000 */
  uint32_t perms_offset; /* bytes from the head to the permutations */
} gpurngHaltonRasrapTable_t;
static_assert(sizeof(gpurngHaltonRasrapTable_t) == 16, "gpurngHaltonRasrapTable_t ABI");

/** A state following one dimension: the table, the dimension, the next point's number, and the recursive
 *  form's cursor for it. ABI: 160 bytes, alignment 8. */
typedef struct gpurngStateHaltonRasrap {
  const gpurngHaltonRasrapTable_t* table;
  uint32_t dimension;
  uint32_t pad_;
  unsigned long long point;             /* the number of the point the next draw returns */
  gpurng::halton_rasrap::cursor cursor; /* its numerator and index digits (the recursive form's) */
} gpurngStateHaltonRasrap_t;
static_assert(sizeof(gpurngStateHaltonRasrap_t) == 160 && alignof(gpurngStateHaltonRasrap_t) == 8,
              "gpurngStateHaltonRasrap_t ABI");

namespace gpurng {
namespace device_halton {

namespace hr = halton_rasrap;

GPURNG_HD hr::view view_of(const gpurngHaltonRasrapTable_t* t) {
  const char* base = reinterpret_cast<const char*>(t);
  return hr::view{reinterpret_cast<const hr::dim_info*>(base + sizeof(gpurngHaltonRasrapTable_t)),
                  reinterpret_cast<const uint16_t*>(base + t->perms_offset), t->dimensions};
}

// The state's cursor for its point number.
GPURNG_HD void place(gpurngStateHaltonRasrap_t* s) {
  const hr::view v = view_of(s->table);
  const hr::dim_info& di = v.dims[s->dimension];
  hr::cursor_init(di, v.perms + di.perm_offset, hr::index_of(di, s->point), s->cursor);
}

// The next point's word, then the cursor moved on (as the host fill's run: a wrap of the 64-bit point number
// starts afresh at point 0).
GPURNG_HD uint64_t draw(gpurngStateHaltonRasrap_t* s) {
  const hr::view v = view_of(s->table);
  const hr::dim_info& di = v.dims[s->dimension];
  const uint64_t w = hr::word_of(di, s->cursor.num);
  if (++s->point == 0)
    place(s);
  else
    hr::cursor_next(di, v.perms + di.perm_offset, s->cursor);
  return w;
}

}  // namespace device_halton
}  // namespace gpurng

// Host code (plain inline functions: nvcc's device pass parses them but compiles none).
/** Bytes of the table of `dimensions` dimensions (1..1000; 0 for others). Host code. */
inline size_t gpurng_halton_rasrap_table_bytes(unsigned dimensions) {
  namespace hr = gpurng::halton_rasrap;
  if (dimensions == 0 || dimensions > hr::kMaxDimensions) return 0;
  const std::vector<uint32_t> b = hr::primes(dimensions);
  size_t perms = 0;
  for (uint32_t x : b) perms += x;
  return sizeof(gpurngHaltonRasrapTable_t) + dimensions * sizeof(hr::dim_info) + perms * sizeof(uint16_t);
}
/** Builds the table of the sequence of `seed`, dimensions 0..dimensions-1, into `out` (`bytes` long, at least
 *  gpurng_halton_rasrap_table_bytes(dimensions), 8-byte aligned). Host code; copy the block to device memory
 *  as it is for device code. Returns 0, or -1 for bad dimensions, a short or null buffer. */
inline int gpurng_halton_rasrap_make_table(unsigned long long seed, unsigned dimensions, void* out, size_t bytes) {
  namespace hr = gpurng::halton_rasrap;
  const size_t need = gpurng_halton_rasrap_table_bytes(dimensions);
  if (need == 0 || out == nullptr || bytes < need || reinterpret_cast<uintptr_t>(out) % 8 != 0) return -1;
  const hr::params p = hr::make_params(seed, dimensions);
  gpurngHaltonRasrapTable_t head;
  head.seed = seed;
  head.dimensions = dimensions;
  head.perms_offset = static_cast<uint32_t>(sizeof head + dimensions * sizeof(hr::dim_info));
  char* o = static_cast<char*>(out);
  memcpy(o, &head, sizeof head);
  memcpy(o + sizeof head, p.dims.data(), dimensions * sizeof(hr::dim_info));
  memcpy(o + head.perms_offset, p.perms.data(), p.perms.size() * sizeof(uint16_t));
  return 0;
}

/** The raw 64-bit word W of point `n` of dimension `dimension` (0-based), by index. */
GPURNG_HD unsigned long long gpurng_halton_rasrap_word(const gpurngHaltonRasrapTable_t* table, unsigned dimension,
                                                       unsigned long long n) {
  return gpurng::halton_rasrap::point_word(gpurng::device_halton::view_of(table), dimension, n);
}

/** Sets `state` to point `offset` of dimension `dimension` (0-based, below table->dimensions) of `table`'s
 *  sequence. The table must stay where it is while the state is used. */
GPURNG_HD void gpurng_init(const gpurngHaltonRasrapTable_t* table, unsigned dimension, unsigned long long offset,
                           gpurngStateHaltonRasrap_t* state) {
  state->table = table;
  state->dimension = dimension;
  state->pad_ = 0;
  state->point = offset;
  gpurng::device_halton::place(state);
}
/** Moves the state n points on. */
GPURNG_HD void gpurng_skipahead(unsigned long long n, gpurngStateHaltonRasrap_t* state) {
  state->point += n;
  gpurng::device_halton::place(state);
}
/** The next point's top 32 bits, W >> 32 (gpurngGenerate's). */
GPURNG_HD unsigned int gpurng_next(gpurngStateHaltonRasrap_t* state) {
  return gpurng::halton_rasrap::to_u32(gpurng::device_halton::draw(state));
}
/** The next point's 64-bit word W (gpurngGenerateLongLong's). */
GPURNG_HD unsigned long long gpurng_next_word(gpurngStateHaltonRasrap_t* state) {
  return gpurng::device_halton::draw(state);
}
/** (W >> 41) 2^-23 + 2^-24 (gpurngGenerateUniform's). */
GPURNG_HD float gpurng_uniform(gpurngStateHaltonRasrap_t* state) {
  return gpurng::halton_rasrap::to_float(gpurng::device_halton::draw(state));
}
/** (W >> 12) 2^-52 + 2^-53 (gpurngGenerateUniformDouble's). */
GPURNG_HD double gpurng_uniform_double(gpurngStateHaltonRasrap_t* state) {
  return gpurng::halton_rasrap::to_double(gpurng::device_halton::draw(state));
}
/** Inverse-CDF normal of W >> 32 (gpurngGenerateNormal's z). Portable in both normal modes. */
GPURNG_HD float gpurng_normal(gpurngStateHaltonRasrap_t* state) {
  return gpurng::sobol::normal_float(gpurng::halton_rasrap::to_u32(gpurng::device_halton::draw(state)));
}
/** Inverse-CDF normal of W (gpurngGenerateNormalDouble's z). Portable in both normal modes. */
GPURNG_HD double gpurng_normal_double(gpurngStateHaltonRasrap_t* state) {
  return gpurng::sobol::normal_double(gpurng::device_halton::draw(state));
}
/** exp(mean + stddev z) of gpurng_normal's z (gpurngGenerateLogNormal's). */
GPURNG_HD float gpurng_log_normal(gpurngStateHaltonRasrap_t* state, float mean, float stddev) {
  return gpurng::curand_out::lognormal(gpurng_normal(state), mean, stddev);
}
/** Double log-normal (gpurngGenerateLogNormalDouble's). */
GPURNG_HD double gpurng_log_normal_double(gpurngStateHaltonRasrap_t* state, double mean, double stddev) {
  return gpurng::curand_out::lognormal(gpurng_normal_double(state), mean, stddev);
}
