// SPDX-License-Identifier: BSD-3-Clause
#include "plan_from_options.hpp"

#include "gpurng/engines/halton_rasrap.hpp"
#include "gpurng_kernel.h"

namespace gpurng {
namespace pricing {

namespace {

constexpr uint64_t kMaxPaths = uint64_t(1) << 40;
constexpr int kMaxReplications = 4096;
constexpr int kSobolDimensions = 20000;
constexpr int kHaltonDimensions = 1000;

uint64_t splitmix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

gpurngStatus_t plan_from_options(const gpurngPricingOptions_t& o, int dims, bool model_has_bridge, int sets, Blob& blob,
                                 PricingPlan* plan, SourceOffsets* offs) {
  PricingPlan p;
  bool quasi = false;
  switch (o.engine) {
    case GPURNG_RNG_PSEUDO_DEFAULT:
    case GPURNG_RNG_PSEUDO_XORWOW:
      p.source = SourceKind::xorwow;
      break;
    case GPURNG_RNG_PSEUDO_MRG32K3A:
      p.source = SourceKind::mrg32k3a;
      break;
    case GPURNG_RNG_PSEUDO_PHILOX4_32_10:
      p.source = SourceKind::philox;
      break;
    case GPURNG_RNG_PSEUDO_HYBRID_TAUS:
      p.source = SourceKind::hybrid_taus;
      break;
    case GPURNG_RNG_PSEUDO_RANMAR:
      p.source = SourceKind::ranmar;
      break;
    case GPURNG_RNG_PSEUDO_RANMAR48:
      p.source = SourceKind::ranmar48;
      break;
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      p.source = SourceKind::ranmar48x;
      break;
    case GPURNG_RNG_PSEUDO_MINSTD:
      p.source = SourceKind::park_miller;
      p.params.multiplier = 16807;
      break;
    case GPURNG_RNG_PSEUDO_MINSTD48271:
      p.source = SourceKind::park_miller;
      p.params.multiplier = 48271;
      break;
    case GPURNG_RNG_QUASI_DEFAULT:
    case GPURNG_RNG_QUASI_SOBOL32:
    case GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32:
      p.source = SourceKind::sobol;
      quasi = true;
      break;
    case GPURNG_RNG_QUASI_HALTON_RASRAP:
      p.source = SourceKind::halton;
      quasi = true;
      break;
    default:
      return GPURNG_STATUS_TYPE_ERROR;
  }
  if (o.precision != GPURNG_PATHS_DOUBLE && o.precision != GPURNG_PATHS_FLOAT) return GPURNG_STATUS_INVALID_VALUE;
  if ((o.antithetic != 0 && o.antithetic != 1) || (o.brownian_bridge != 0 && o.brownian_bridge != 1) ||
      (o.fast_mode != 0 && o.fast_mode != 1))
    return GPURNG_STATUS_INVALID_VALUE;
  if (o.antithetic && quasi) return GPURNG_STATUS_INVALID_VALUE;
  // The normals: each engine family has one method (pseudo-random: Box-Muller; quasi-random: the inverse CDF), which
  // DEFAULT and its own name select; hybrid Taus also has Wallace's pool method (wallace_normals.hpp).
  switch (o.normal_method) {
    case GPURNG_NORMAL_METHOD_DEFAULT:
      break;
    case GPURNG_NORMAL_METHOD_BOX_MULLER:
      if (quasi) return GPURNG_STATUS_INVALID_VALUE;
      break;
    case GPURNG_NORMAL_METHOD_INVERSE_CDF:
      if (!quasi) return GPURNG_STATUS_INVALID_VALUE;
      break;
    case GPURNG_NORMAL_METHOD_WALLACE:
      if (p.source != SourceKind::hybrid_taus) return GPURNG_STATUS_INVALID_VALUE;
      p.source = SourceKind::wallace;
      break;
    default:
      return GPURNG_STATUS_INVALID_VALUE;
  }
  if (o.brownian_bridge && (!model_has_bridge || !quasi)) return GPURNG_STATUS_INVALID_VALUE;
  if (o.paths < 1 || o.paths > kMaxPaths || o.first_path > ~0ull - o.paths) return GPURNG_STATUS_OUT_OF_RANGE;
  const bool ranmar =
      p.source == SourceKind::ranmar || p.source == SourceKind::ranmar48 || p.source == SourceKind::ranmar48x;
  unsigned long long seed = o.seed;
  if (ranmar) {
    if (seed == 0) seed = GPURNG_RANMAR_DEFAULT_SEED;
    if (seed > GPURNG_RANMAR_MAX_SEED) return GPURNG_STATUS_OUT_OF_RANGE;
  }
  p.params.seed = seed;
  p.first_path = o.first_path;
  p.paths = o.paths;
  p.antithetic = o.antithetic != 0;
  p.sets = sets;
  p.params.dims = dims;
  // A path's uniforms on a stream engine: two per Box-Muller pair.
  p.params.words_per_path = 2 * ((uint64_t(dims) + 1) / 2);
  if (quasi) {
    if (o.replications < 2 || o.replications > kMaxReplications) return GPURNG_STATUS_OUT_OF_RANGE;
    p.replications = o.replications;
    if (p.source == SourceKind::sobol) {
      if (dims > kSobolDimensions || o.first_path + o.paths > (uint64_t(1) << 32)) return GPURNG_STATUS_OUT_OF_RANGE;
      const bool scrambled = o.engine == GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32;
      gpurngDirectionVectors32_t* v = nullptr;
      gpurngStatus_t st = gpurngGetDirectionVectors32(
          &v, scrambled ? GPURNG_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 : GPURNG_DIRECTION_VECTORS_32_JOEKUO6);
      if (st != GPURNG_STATUS_SUCCESS) return st;
      offs->directions = blob.add(reinterpret_cast<const unsigned int*>(v), size_t(dims) * 32);
      if (scrambled) {
        unsigned int* c = nullptr;
        st = gpurngGetScrambleConstants32(&c);
        if (st != GPURNG_STATUS_SUCCESS) return st;
        offs->scramble = blob.add(c, size_t(dims));
        offs->has_scramble = true;
      }
      // Replication r's digital shift of dimension d: the top 32 bits of splitmix64 of the seed's stream at
      // r * dims + d (a fixed, documented function of seed, r and d).
      std::vector<unsigned int> shifts(size_t(o.replications) * size_t(dims));
      for (size_t i = 0; i < shifts.size(); ++i)
        shifts[i] = static_cast<unsigned int>(splitmix(seed + 0x9E3779B97F4A7C15ull * i) >> 32);
      offs->shifts = blob.add(shifts.data(), shifts.size());
    } else {
      if (dims > kHaltonDimensions) return GPURNG_STATUS_OUT_OF_RANGE;
      const size_t bytes = gpurng_halton_rasrap_table_bytes(unsigned(dims));
      // Replication r's table at halton + r * halton_bytes: Blob::add starts each at the next 16-byte boundary.
      std::vector<uint64_t> one((bytes + 7) / 8);
      size_t first = 0;
      for (int r = 0; r < o.replications; ++r) {
        if (gpurng_halton_rasrap_make_table(splitmix(seed + uint64_t(r)), unsigned(dims), one.data(), bytes) != 0)
          return GPURNG_STATUS_INTERNAL_ERROR;
        const size_t at = blob.add(one.data(), one.size());
        if (r == 0) first = at;
      }
      offs->halton = first;
      p.params.halton_bytes = ((bytes + 7) / 8) * 8;
      // consecutive tables: each add() of a multiple of 16 bytes lands right after the previous one
      if (p.params.halton_bytes % 16 != 0) p.params.halton_bytes += 8;
    }
  } else {
    p.replications = 1;
  }
  *plan = p;
  return GPURNG_STATUS_SUCCESS;
}

void fix_sources(const Blob& blob, const SourceOffsets& offs, PricingPlan* p) {
  if (offs.has_bridge) {
    p->params.bridge_ints = blob.at<int>(offs.bridge_ints);
    p->params.bridge_weights = blob.at<unsigned char>(offs.bridge_weights);
  }
  if (p->source == SourceKind::sobol) {
    p->params.directions = blob.at<unsigned int>(offs.directions);
    p->params.scramble = offs.has_scramble ? blob.at<unsigned int>(offs.scramble) : nullptr;
    p->params.shifts = blob.at<unsigned int>(offs.shifts);
  } else if (p->source == SourceKind::halton) {
    p->params.halton = blob.at<unsigned char>(offs.halton);
  }
}

}  // namespace pricing
}  // namespace gpurng
