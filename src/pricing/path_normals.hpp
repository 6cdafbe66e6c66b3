// SPDX-License-Identifier: BSD-3-Clause
// Where a path's normals come from, one type per engine family, written once for the CPU and the GPU on the
// device API's states (gpurng_kernel.h): the pricers use the same engine definitions users' kernels do.
//
// Every source has
//   start_chunk(path)  before the first path of a chunk of consecutive paths (stream engines jump here, once);
//   start_path(path)   before each path (per-path engines initialise here);
//   next(T* tag)       the path's next standard normal as float or double;
//   kRandomAccess      whether normal_at(coordinate, T* tag) reads any of the point's coordinates (quasi-random).
// include/gpurng_pricing.h documents which numbers each engine gives path p. Wallace's pool normals (hybrid Taus),
// whose GPU form is a step of a whole block, have their own file, wallace_normals.hpp.
#pragma once

#include <stdint.h>

#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/sobol.hpp"
#include "gpurng_kernel.h"
#include "wallace_normals.hpp"

namespace gpurng {
namespace pricing {

#if defined(GPURNG_PRICING_FAST) && defined(__CUDA_ARCH__)
#define GPURNG_PRICING_FAST_NORMALS 1
// fast_mode, float: Box-Muller on two 32-bit words with the GPU's approximate functions (MUFU lg2, sqrt, sin, cos;
// about 2 ulp), (sin, cos) in the exact pair's order. u >= 2^-33 is never subnormal, so the ftz forms drop the
// subnormal guards of __logf and the rounded square root's slow path (7 instructions a pair).
__device__ inline void fast_box_muller(unsigned int x, unsigned int y, float* sn, float* cs) {
  const float u = x * curand_out::k2pow32Inv + curand_out::k2pow32Inv / 2.0f;  // in (0, 1]
  const float v = y * curand_out::k2pow32Inv2Pi + curand_out::k2pow32Inv2Pi / 2.0f;
  float l2, r;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(l2) : "f"(u));
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(-1.38629436111989061883f * l2));  // -2 ln u = -2 ln2 log2 u
  __sincosf(v, sn, cs);
  *sn = r * *sn;
  *cs = r * *cs;
}
#else
#define GPURNG_PRICING_FAST_NORMALS 0
#endif

// cuRAND's engines and hybrid Taus: path p is subsequence p, its normals the device API's (Box-Muller pairs, the
// second value kept for the next draw). fast_mode's floats: fast_box_muller on the engine's next two 32-bit outputs
// (XORWOW and hybrid Taus: the exact pair's words; MRG32k3a: its 32-bit outputs, where the exact pair uses z / m1).
template <typename State>
struct SubsequenceNormals {
  static constexpr bool kRandomAccess = false;
  unsigned long long seed;
  State s;

  GPURNG_HD void start_chunk(uint64_t) {}
#if GPURNG_PRICING_FAST_NORMALS
  float cached;
  bool have;
  GPURNG_HD void start_path(uint64_t path) {
    gpurng_init(seed, path, 0ull, &s);
    have = false;
  }
  GPURNG_HD float next(float*) {
    if (have) {
      have = false;
      return cached;
    }
    const unsigned int x = gpurng_next(&s), y = gpurng_next(&s);
    float sn;
    fast_box_muller(x, y, &sn, &cached);
    have = true;
    return sn;
  }
#else
  GPURNG_HD void start_path(uint64_t path) { gpurng_init(seed, path, 0ull, &s); }
  GPURNG_HD float next(float*) { return gpurng_normal(&s); }
#endif
  GPURNG_HD double next(double*) { return gpurng_normal_double(&s); }
};

// Philox, float: the four normals of a counter at once (gpurng_normal4, or in fast_mode two fast pairs of its
// four words), handed out in order: the same numbers as four gpurng_normal calls, with one Philox call and no
// per-draw bookkeeping of the state's word index.
template <>
struct SubsequenceNormals<gpurngStatePhilox4_32_10_t> {
  static constexpr bool kRandomAccess = false;
  unsigned long long seed;
  gpurngStatePhilox4_32_10_t s;
  float q0, q1, q2, q3;
  int left;

  GPURNG_HD void start_chunk(uint64_t) {}
  GPURNG_HD void start_path(uint64_t path) {
    gpurng_init(seed, path, 0ull, &s);
    left = 0;
  }
  GPURNG_HD float next(float*) {
    if (left == 0) refill();
    const float z = q0;
    q0 = q1;
    q1 = q2;
    q2 = q3;
    --left;
    return z;
  }
  GPURNG_HD double next(double*) { return gpurng_normal_double(&s); }

 private:
#if GPURNG_PRICING_FAST_NORMALS
  GPURNG_HD void refill() {
    const gpurng_uint4 w = gpurng4(&s);
    fast_box_muller(w.x, w.y, &q0, &q1);
    fast_box_muller(w.z, w.w, &q2, &q3);
    left = 4;
  }
#else
  GPURNG_HD void refill() {
    const gpurng_float4 z = gpurng_normal4(&s);
    q0 = z.x;
    q1 = z.y;
    q2 = z.z;
    q3 = z.w;
    left = 4;
  }
#endif
};

// Box-Muller of two uniform doubles in (0, 1] (the library's portable functions): (u1, u2) gives
// sqrt(-2 log u1) sin(pi v) and then sqrt(-2 log u1) cos(pi v), v = 2 u2.
struct UniformPairNormals {
  double cached;
  bool have;
  GPURNG_HD void clear() { have = false; }
  template <typename Draw>
  GPURNG_HD double next(Draw&& uniform) {
    if (have) {
      have = false;
      return cached;
    }
    const double u1 = uniform();
    const double u2 = uniform();
    const curand_out::f64x2 z = curand_out::box_muller_core_f64(u1, u2 * 2.0);
    cached = z.c;
    have = true;
    return z.s;
  }
};

// RANMAR, RANMAR48, RANMAR48X and Park-Miller: one stream; path p reads `words_per_path` uniforms from position
// p * words_per_path on. A chunk jumps once and then walks: each path leaves the stream where the next one starts
// (every model draws the same number of normals on every path, and an odd count leaves half a pair unused).
template <typename State>
struct StreamNormals {
  static constexpr bool kRandomAccess = false;
  unsigned long long seed;
  unsigned int multiplier;  // Park-Miller only
  uint64_t words_per_path;
  State s;
  UniformPairNormals pair;

  GPURNG_HD void start_chunk(uint64_t path) { init(path * words_per_path, &s); }
  GPURNG_HD void start_path(uint64_t) { pair.clear(); }
  GPURNG_HD double next(double*) {
    return pair.next([this] { return gpurng_uniform_double(&s); });
  }
  GPURNG_HD float next(float*) { return static_cast<float>(next(static_cast<double*>(nullptr))); }

 private:
  GPURNG_HD void init(uint64_t position, gpurngStateParkMiller_t* st) {
    gpurng_init_park_miller(multiplier, seed, position, st);
  }
  template <typename R>
  GPURNG_HD void init(uint64_t position, R* st) {
    gpurng_init(static_cast<unsigned int>(seed), 0ull, position, st);
  }
};

// RQMC on cuRAND's Sobol' sequences: dimension d of point p (the path's d-th normal) is the device API's
// Sobol32 word of that dimension at offset p, XOR-ed with the replication's digital shift of d; its normal the
// inverse CDF of the library's Sobol32 conversions.
struct SobolNormals {
  static constexpr bool kRandomAccess = true;  // normal_at: any coordinate of the point (Brownian bridge)
  const unsigned int* directions;              // dims x 32
  const unsigned int* scramble;                // dims, or nullptr (plain Sobol')
  const unsigned int* shift;                   // this replication's dims shifts
  unsigned int point;
  unsigned int dim;

  GPURNG_HD void start_chunk(uint64_t) {}
  GPURNG_HD void start_path(uint64_t path) {
    point = static_cast<unsigned int>(path);
    dim = 0;
  }
  GPURNG_HD unsigned int word_at(unsigned int d) const {
    gpurngStateScrambledSobol32_t st;
    gpurng_init(directions + 32u * d, scramble ? scramble[d] : 0u, point, &st);
    return gpurng_next(&st) ^ shift[d];
  }
  GPURNG_HD float normal_at(int d, float*) const { return sobol::normal_float(word_at(unsigned(d))); }
  GPURNG_HD double normal_at(int d, double*) const { return sobol::normal_double(word_at(unsigned(d))); }
  template <typename T>
  GPURNG_HD T next(T* tag) {
    return normal_at(int(dim++), tag);
  }
};

// RQMC on the random-start permuted Halton sequence: the replication's table (its own seed), point p by index.
struct HaltonNormals {
  static constexpr bool kRandomAccess = true;
  const gpurngHaltonRasrapTable_t* table;
  uint64_t point;
  unsigned int dim;

  GPURNG_HD void start_chunk(uint64_t) {}
  GPURNG_HD void start_path(uint64_t path) {
    point = path;
    dim = 0;
  }
  GPURNG_HD uint64_t word_at(unsigned int d) const {
    return static_cast<uint64_t>(gpurng_halton_rasrap_word(table, d, point));
  }
  GPURNG_HD float normal_at(int d, float*) const { return sobol::normal_float(word_at(unsigned(d))); }
  GPURNG_HD double normal_at(int d, double*) const { return sobol::normal_double(word_at(unsigned(d))); }
  template <typename T>
  GPURNG_HD T next(T* tag) {
    return normal_at(int(dim++), tag);
  }
};

}  // namespace pricing
}  // namespace gpurng
