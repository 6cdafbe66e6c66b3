// SPDX-License-Identifier: BSD-3-Clause
// The C boundary of gpurng_pricing.h: options and parameters checked in the documented order, every array a
// model reads gathered into one host block (which the GPU launcher copies as it is), then the backend's run and
// the final combination of replications. Nothing throws across it.
#include <cmath>
#include <cstring>
#include <new>
#include <vector>

#include "../backends/cpu/thread_pool.hpp"
#include "../backends/cuda/cuda_backend.hpp"
#include "../core/abi_guard.hpp"
#include "../core/backend_choice.hpp"
#include "gpurng/engines/halton_rasrap.hpp"
#include "gpurng_pricing.h"
#include "pricing_launch.hpp"
#if GPURNG_WITH_CUDA
#include "../solvers/tridiag_cuda.hpp"
#endif

struct gpurngPricer_st {
  gpurngBackend_t backend = GPURNG_BACKEND_CPU;
  void* stream = nullptr;                  // cudaStream_t
  gpurng::solvers::DeviceScratch scratch;  // the GPU launcher's block, kept across calls
};

using gpurng::core::guarded;
using namespace gpurng::pricing;

namespace {

constexpr uint64_t kMaxPaths = uint64_t(1) << 40;
constexpr int kMaxReplications = 4096;
constexpr int kMaxSteps = 4096;
constexpr int kSobolDimensions = 20000;
constexpr int kHaltonDimensions = 1000;

bool is_finite(double v) { return std::isfinite(v); }
bool finite_nonnegative(double v) { return std::isfinite(v) && v >= 0.0; }
bool finite_positive(double v) { return std::isfinite(v) && v > 0.0; }

// Every array of one call, 16-byte aligned, in one host block; offsets become pointers once it is complete.
class Blob {
 public:
  template <typename T>
  size_t add(const T* data, size_t count) {
    const size_t at = (bytes_.size() + 15) / 16 * 16;
    bytes_.resize(at + count * sizeof(T));
    if (count) std::memcpy(bytes_.data() + at, data, count * sizeof(T));
    return at;
  }
  template <typename T>
  const T* at(size_t offset) const {
    return reinterpret_cast<const T*>(bytes_.data() + offset);
  }
  const unsigned char* data() const { return bytes_.data(); }
  size_t size() const { return bytes_.size(); }

 private:
  std::vector<unsigned char> bytes_;
};

uint64_t splitmix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// The engine, counts and switches of the options (not the model's parameters); the plan's source tables are
// added to the blob (offsets in the returned plan's params fixed by fix_sources).
struct SourceOffsets {
  size_t directions = 0, scramble = 0, shifts = 0, halton = 0, bridge_ints = 0, bridge_weights = 0;
  bool has_scramble = false, has_bridge = false;
};

// The Brownian bridge's tree over `steps` steps, its weights in the path type T (bridged_normals.hpp).
template <typename T>
void add_bridge(const gpurngPricingOptions_t& o, int steps, int factors, Blob& blob, PricingPlan* plan,
                SourceOffsets* offs) {
  if (!o.brownian_bridge) return;
  const BridgeTreeArrays a = bridge_tree(steps);
  std::vector<int> ints(a.order);
  ints.insert(ints.end(), a.child_left.begin(), a.child_left.end());
  ints.insert(ints.end(), a.child_right.begin(), a.child_right.end());
  std::vector<T> w;
  for (const std::vector<double>* v : {&a.lw, &a.rw, &a.sd})
    for (double x : *v) w.push_back(T(x));
  offs->bridge_ints = blob.add(ints.data(), ints.size());
  offs->bridge_weights = blob.add(w.data(), w.size());
  offs->has_bridge = true;
  plan->params.bridge_steps = steps;
  plan->params.bridge_factors = factors;
}

gpurngStatus_t plan_of(const gpurngPricingOptions_t& o, int dims, bool model_has_bridge, int sets, Blob& blob,
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

// Runs the model on the pricer's backend and turns the moments into results[set * outputs + output].
template <typename T, typename Model>
gpurngStatus_t finish(gpurngPricer_t pricer, const PricingPlan& plan, const Model& model, const Blob& blob, bool fast,
                      gpurngPricingResult_t* results) {
  const int outputs = model.outputs();
  std::vector<Moments> m(size_t(plan.sets) * size_t(plan.replications) * size_t(outputs));
  if (pricer->backend == GPURNG_BACKEND_CUDA) {
#if !GPURNG_WITH_CUDA
    (void)blob;
    (void)fast;
#endif
#if GPURNG_WITH_CUDA
    const gpurngStatus_t st =
        fast ? cuda_fast::run<T>(plan, model, blob.data(), blob.size(), pricer->scratch, pricer->stream, m.data())
             : cuda::run<T>(plan, model, blob.data(), blob.size(), pricer->scratch, pricer->stream, m.data());
    if (st != GPURNG_STATUS_SUCCESS) return st;
#else
    return GPURNG_STATUS_INTERNAL_ERROR;
#endif
  } else {
    if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
    cpu::run<T>(plan, model, m.data());
  }
  for (int set = 0; set < plan.sets; ++set)
    for (int j = 0; j < outputs; ++j) {
      gpurngPricingResult_t& r = results[size_t(set) * size_t(outputs) + size_t(j)];
      if (plan.replications == 1) {
        const Moments& x = m[size_t(set) * size_t(outputs) + size_t(j)];
        r.mean = x.mean;
        r.std_error = standard_error(x);
      } else {
        // RQMC: the replications' means are the samples, combined in replication order.
        Moments acc = no_moments();
        for (int rep = 0; rep < plan.replications; ++rep)
          acc = merge(
              acc, moments_of(
                       m[(size_t(set) * size_t(plan.replications) + size_t(rep)) * size_t(outputs) + size_t(j)].mean));
        r.mean = acc.mean;
        r.std_error = standard_error(acc);
      }
    }
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t common_checks(gpurngPricer_t pricer, const gpurngPricingOptions_t* options, const void* params,
                             const void* results) {
  if (!pricer) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!options || !params || !results) return GPURNG_STATUS_NULL_POINTER;
  return GPURNG_STATUS_SUCCESS;
}

template <typename T>
gpurngStatus_t asian(gpurngPricer_t pricer, const gpurngPricingOptions_t& o, int steps, int count,
                     const gpurngAsianBasketParams_t* params, gpurngPricingResult_t* results) {
  Blob blob;
  PricingPlan plan;
  SourceOffsets offs;
  gpurngStatus_t st = plan_of(o, 2 * steps, false, count, blob, &plan, &offs);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  std::vector<AsianBasketSet<T>> sets(static_cast<size_t>(count));
  for (int k = 0; k < count; ++k) sets[size_t(k)] = asian_basket_set<T>(params[k]);
  const size_t at = blob.add(sets.data(), sets.size());
  fix_sources(blob, offs, &plan);
  AsianBasketModel<T> model;
  model.sets = blob.at<AsianBasketSet<T>>(at);
  model.steps = steps;
  return finish<T>(pricer, plan, model, blob, o.fast_mode != 0, results);
}

template <typename T>
gpurngStatus_t lookback(gpurngPricer_t pricer, const gpurngPricingOptions_t& o, int steps, int count,
                        const gpurngGarchLookbackParams_t* params, gpurngPricingResult_t* results) {
  Blob blob;
  PricingPlan plan;
  SourceOffsets offs;
  gpurngStatus_t st = plan_of(o, steps, false, count, blob, &plan, &offs);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  std::vector<GarchLookbackSet<T>> sets(static_cast<size_t>(count));
  for (int k = 0; k < count; ++k) sets[size_t(k)] = garch_lookback_set<T>(params[k]);
  const size_t at = blob.add(sets.data(), sets.size());
  fix_sources(blob, offs, &plan);
  GarchLookbackModel<T> model;
  model.sets = blob.at<GarchLookbackSet<T>>(at);
  model.steps = steps;
  return finish<T>(pricer, plan, model, blob, o.fast_mode != 0, results);
}

template <typename T>
gpurngStatus_t libor(gpurngPricer_t pricer, const gpurngPricingOptions_t& o, const gpurngLiborParams_t& p,
                     gpurngPricingResult_t* results) {
  Blob blob;
  PricingPlan plan;
  SourceOffsets offs;
  const int dims = (p.forwards - 1) * p.steps_per_period * p.factors;
  gpurngStatus_t st = plan_of(o, dims, true, 1, blob, &plan, &offs);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  add_bridge<T>(o, (p.forwards - 1) * p.steps_per_period, p.factors, blob, &plan, &offs);
  const int n = p.forwards;
  std::vector<T> initial(static_cast<size_t>(n)), loadings(static_cast<size_t>(n) * size_t(p.factors)),
      half_sq(static_cast<size_t>(n));
  for (int j = 0; j < n; ++j) {
    initial[size_t(j)] = T(p.initial[j]);
    double sq = 0.0;
    for (int f = 0; f < p.factors; ++f)
      sq += p.loadings[size_t(f) * size_t(n) + size_t(j)] * p.loadings[size_t(f) * size_t(n) + size_t(j)];
    half_sq[size_t(j)] = T(0.5 * sq);
  }
  for (size_t i = 0; i < loadings.size(); ++i) loadings[i] = T(p.loadings[i]);
  const size_t a0 = blob.add(initial.data(), initial.size());
  const size_t a1 = blob.add(loadings.data(), loadings.size());
  const size_t a2 = blob.add(half_sq.data(), half_sq.size());
  fix_sources(blob, offs, &plan);
  LiborModel<T> model;
  model.n = n;
  model.factors = p.factors;
  model.steps_per_period = p.steps_per_period;
  model.delta = T(p.delta);
  model.strike = T(p.strike);
  const double h = p.delta / p.steps_per_period;
  model.h = T(h);
  model.sqrt_h = T(std::sqrt(h));
  model.initial = blob.at<T>(a0);
  model.loadings = blob.at<T>(a1);
  model.half_sq = blob.at<T>(a2);
  return finish<T>(pricer, plan, model, blob, o.fast_mode != 0, results);
}

template <typename T>
gpurngStatus_t mbs(gpurngPricer_t pricer, const gpurngPricingOptions_t& o, const gpurngMbsParams_t& p,
                   gpurngPricingResult_t* result) {
  Blob blob;
  PricingPlan plan;
  SourceOffsets offs;
  gpurngStatus_t st = plan_of(o, p.months, true, 1, blob, &plan, &offs);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  add_bridge<T>(o, p.months, 1, blob, &plan, &offs);
  // a_k = sum_{j=0}^{M-k} (1 + i0)^-j, summed from the smallest term in double, rounded once to T
  std::vector<T> annuity(static_cast<size_t>(p.months));
  const double v = 1.0 / (1.0 + p.i0);
  double a = 0.0, pw = 1.0;
  std::vector<double> powers(static_cast<size_t>(p.months));
  for (int j = 0; j < p.months; ++j) {
    powers[size_t(j)] = pw;
    pw *= v;
  }
  for (int k = p.months; k >= 1; --k) {  // a_k adds term M-k to a_{k+1}
    a += powers[size_t(p.months - k)];
    annuity[size_t(k - 1)] = T(a);
  }
  const size_t at = blob.add(annuity.data(), annuity.size());
  fix_sources(blob, offs, &plan);
  MbsModel<T> model;
  model.i0 = T(p.i0);
  model.K0 = T(std::exp(-0.5 * p.sigma * p.sigma));
  model.K1 = T(p.K1);
  model.K2 = T(p.K2);
  model.K3 = T(p.K3);
  model.K4 = T(p.K4);
  model.sigma = T(p.sigma);
  model.months = p.months;
  model.annuity = blob.at<T>(at);
  return finish<T>(pricer, plan, model, blob, o.fast_mode != 0, result);
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngCreatePricerOnBackend(gpurngPricer_t* pricer, gpurngBackend_t backend) {
  return guarded([&] {
    if (!pricer) return GPURNG_STATUS_NULL_POINTER;
    if (backend != GPURNG_BACKEND_CPU && backend != GPURNG_BACKEND_CUDA) return GPURNG_STATUS_INVALID_VALUE;
    if (backend == GPURNG_BACKEND_CUDA && !gpurng::cuda::available()) return GPURNG_STATUS_INITIALIZATION_FAILED;
    if (backend == GPURNG_BACKEND_CPU && gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
    gpurngPricer_st* p = new (std::nothrow) gpurngPricer_st;
    if (!p) return GPURNG_STATUS_ALLOCATION_FAILED;
    p->backend = backend;
    *pricer = p;
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngCreatePricer(gpurngPricer_t* pricer) {
  return guarded([&] {
    if (!pricer) return GPURNG_STATUS_NULL_POINTER;
    gpurngBackend_t backend = GPURNG_BACKEND_CPU;
    const gpurngStatus_t st = gpurng::core::choose_backend(&backend);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    return gpurngCreatePricerOnBackend(pricer, backend);
  });
}

gpurngStatus_t gpurngDestroyPricer(gpurngPricer_t pricer) {
  if (!pricer) return GPURNG_STATUS_SUCCESS;
#if GPURNG_WITH_CUDA
  gpurng::solvers::cuda::release(pricer->scratch, pricer->stream);
#endif
  delete pricer;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngPricerGetBackend(gpurngPricer_t pricer, gpurngBackend_t* backend) {
  if (!pricer) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!backend) return GPURNG_STATUS_NULL_POINTER;
  *backend = pricer->backend;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngPricerSetStream(gpurngPricer_t pricer, gpurngCudaStream_t stream) {
  if (!pricer) return GPURNG_STATUS_NOT_INITIALIZED;
  pricer->stream = stream;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngPricingOptionsDefault(gpurngPricingOptions_t* o) {
  if (!o) return GPURNG_STATUS_NULL_POINTER;
  o->engine = GPURNG_RNG_PSEUDO_PHILOX4_32_10;
  o->seed = 0;
  o->first_path = 0;
  o->paths = 65536;
  o->precision = GPURNG_PATHS_DOUBLE;
  o->antithetic = 0;
  o->replications = 32;
  o->brownian_bridge = 0;
  o->fast_mode = 0;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngPriceAsianBasket(gpurngPricer_t pricer, const gpurngPricingOptions_t* options, int steps,
                                      int count, const gpurngAsianBasketParams_t* params,
                                      gpurngPricingResult_t* results) {
  return guarded([&] {
    gpurngStatus_t st = common_checks(pricer, options, params, results);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    if (steps < 1 || steps > kMaxSteps || count < 1) return GPURNG_STATUS_OUT_OF_RANGE;
    for (int k = 0; k < count; ++k) {
      const gpurngAsianBasketParams_t& p = params[k];
      if (!finite_positive(p.A0) || !finite_positive(p.B0) || !is_finite(p.muA) || !is_finite(p.muB) ||
          !finite_nonnegative(p.sigmaAA) || !finite_nonnegative(p.sigmaAB) || !finite_nonnegative(p.sigmaBB))
        return GPURNG_STATUS_OUT_OF_RANGE;
    }
    return options->precision == GPURNG_PATHS_FLOAT ? asian<float>(pricer, *options, steps, count, params, results)
                                                    : asian<double>(pricer, *options, steps, count, params, results);
  });
}

gpurngStatus_t gpurngPriceGarchLookback(gpurngPricer_t pricer, const gpurngPricingOptions_t* options, int steps,
                                        int count, const gpurngGarchLookbackParams_t* params,
                                        gpurngPricingResult_t* results) {
  return guarded([&] {
    gpurngStatus_t st = common_checks(pricer, options, params, results);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    if (steps < 1 || steps > kMaxLookbackSteps || count < 1) return GPURNG_STATUS_OUT_OF_RANGE;
    for (int k = 0; k < count; ++k) {
      const gpurngGarchLookbackParams_t& p = params[k];
      if (!finite_nonnegative(p.A0) || !finite_nonnegative(p.A1) || !finite_nonnegative(p.A2) ||
          !finite_nonnegative(p.sigma0) || !is_finite(p.eps0) || !finite_positive(p.s0) || !is_finite(p.mu))
        return GPURNG_STATUS_OUT_OF_RANGE;
    }
    return options->precision == GPURNG_PATHS_FLOAT ? lookback<float>(pricer, *options, steps, count, params, results)
                                                    : lookback<double>(pricer, *options, steps, count, params, results);
  });
}

gpurngStatus_t gpurngPriceLiborCaplets(gpurngPricer_t pricer, const gpurngPricingOptions_t* options,
                                       const gpurngLiborParams_t* params, gpurngPricingResult_t* results) {
  return guarded([&] {
    gpurngStatus_t st = common_checks(pricer, options, params, results);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    const gpurngLiborParams_t& p = *params;
    if (!p.initial || !p.loadings) return GPURNG_STATUS_NULL_POINTER;
    if (p.forwards < 1 || p.forwards > kMaxLiborForwards || p.factors < 1 || p.factors > kMaxLiborFactors ||
        p.steps_per_period < 1 || p.steps_per_period > 64 || !finite_positive(p.delta) || !finite_nonnegative(p.strike))
      return GPURNG_STATUS_OUT_OF_RANGE;
    for (int j = 0; j < p.forwards; ++j)
      if (!finite_positive(p.initial[j])) return GPURNG_STATUS_OUT_OF_RANGE;
    for (int i = 0; i < p.forwards * p.factors; ++i)
      if (!is_finite(p.loadings[i])) return GPURNG_STATUS_OUT_OF_RANGE;
    if (p.forwards == 1) {  // only the caplet fixed today: no path to draw
      const double L = p.initial[0];
      results[0].mean = p.delta * (L > p.strike ? L - p.strike : 0.0) / (1.0 + p.delta * L);
      results[0].std_error = 0.0;
      return GPURNG_STATUS_SUCCESS;
    }
    return options->precision == GPURNG_PATHS_FLOAT ? libor<float>(pricer, *options, p, results)
                                                    : libor<double>(pricer, *options, p, results);
  });
}

gpurngStatus_t gpurngPriceMbs(gpurngPricer_t pricer, const gpurngPricingOptions_t* options,
                              const gpurngMbsParams_t* params, gpurngPricingResult_t* result) {
  return guarded([&] {
    gpurngStatus_t st = common_checks(pricer, options, params, result);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    const gpurngMbsParams_t& p = *params;
    if (p.months < 1 || p.months > 1024 || !finite_positive(p.i0) || !is_finite(p.K1) || !is_finite(p.K2) ||
        !is_finite(p.K3) || !is_finite(p.K4) || !finite_nonnegative(p.sigma))
      return GPURNG_STATUS_OUT_OF_RANGE;
    return options->precision == GPURNG_PATHS_FLOAT ? mbs<float>(pricer, *options, p, result)
                                                    : mbs<double>(pricer, *options, p, result);
  });
}

}  // extern "C"
