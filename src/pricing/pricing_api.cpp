// SPDX-License-Identifier: BSD-3-Clause
// The C boundary of gpurng_pricing.h: options and parameters checked in the documented order, every array a
// model reads gathered into one host block (which the GPU launcher copies as it is), then the backend's run and
// the final combination of replications. Nothing throws across it.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>
#include <vector>

#include "../backends/cpu/thread_pool.hpp"
#include "../backends/cuda/cuda_backend.hpp"
#include "../core/abi_guard.hpp"
#include "../core/backend_choice.hpp"
#include "../scale/split.hpp"
#include "../scale/workers.hpp"
#include "gpurng_pricing.h"
#include "plan_from_options.hpp"
#include "pricing_launch.hpp"
#if GPURNG_WITH_CUDA
#include "../solvers/tridiag_cuda.hpp"
#endif

struct gpurngPricer_st {
  gpurngBackend_t backend = GPURNG_BACKEND_CPU;
  void* stream = nullptr;                  // cudaStream_t
  gpurng::solvers::DeviceScratch scratch;  // the GPU launcher's block, kept across calls
  // gpurngCreatePricerOnWorkers: the paths split over these workers (a copy of the list), each CUDA worker with a
  // block of its own on its device.
  bool split = false;
  gpurngWorkers_st workers{GPURNG_BACKEND_CPU, {}, nullptr};
  std::vector<gpurng::solvers::DeviceScratch> worker_scratch;
  // gpurngCreatePricerOnPart: this process prices part `part` of `parts` (the same runs as a worker list of `parts`
  // workers) on the pricer's own backend, and `exchange` hands every part's moments to every part.
  int part = -1, parts = 0;
  gpurngPricingExchangeFn exchange = nullptr;
  void* exchange_context = nullptr;
};

using gpurng::core::guarded;
using namespace gpurng::pricing;

namespace {

constexpr int kMaxSteps = 4096;

bool is_finite(double v) { return std::isfinite(v); }
bool finite_nonnegative(double v) { return std::isfinite(v) && v >= 0.0; }
bool finite_positive(double v) { return std::isfinite(v) && v > 0.0; }

// The model's moments (set, replication, output) for the plan's paths on one backend.
template <typename T, typename Model>
gpurngStatus_t run_moments(gpurngBackend_t backend, gpurng::solvers::DeviceScratch& scratch, void* stream,
                           const PricingPlan& plan, const Model& model, const Blob& blob, bool fast, Moments* m) {
  if (backend == GPURNG_BACKEND_CUDA) {
#if GPURNG_WITH_CUDA
    return fast ? cuda_fast::run<T>(plan, model, blob.data(), blob.size(), scratch, stream, m)
                : cuda::run<T>(plan, model, blob.data(), blob.size(), scratch, stream, m);
#else
    (void)scratch, (void)stream, (void)blob, (void)fast;
    return GPURNG_STATUS_INTERNAL_ERROR;  // no CUDA pricer can exist without the CUDA backend
#endif
  }
  if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
  cpu::run<T>(plan, model, m);
  return GPURNG_STATUS_SUCCESS;
}

// One node of the pairing tree over the call's blocks of paths: a piece a worker computed, or its two children.
struct BlockTree {
  uint64_t blocks;
  std::vector<std::vector<Moments>> level_pieces;  // [level][index]: a piece's moments, or empty
  size_t width;                                    // moments per piece
  void node(int level, uint64_t j, size_t e, Moments* out) const {
    if ((j << level) >= blocks) {
      *out = no_moments();
      return;
    }
    const std::vector<Moments>& at = level_pieces[size_t(level)];
    if (!at.empty() && (j + 1) * width <= at.size() && at[j * width + e].n >= 0.0) {
      *out = at[j * width + e];
      return;
    }
    if (level == 0) {  // not reached: the pieces cover every block
      *out = no_moments();
      return;
    }
    Moments a, b;
    node(level - 1, 2 * j, e, &a);
    node(level - 1, 2 * j + 1, e, &b);
    *out = merge(a, b);
  }
};

// The call's moments m[e] (e < width) from every part's runs: each run one node of the pairing tree over the blocks.
void combine_runs(uint64_t blocks, int top, size_t width,
                  const std::vector<std::vector<gpurng::scale::DyadicPiece>>& pieces,
                  const std::vector<std::vector<std::vector<Moments>>>& got, Moments* m) {
  BlockTree tree{blocks, std::vector<std::vector<Moments>>(size_t(top) + 1), width};
  for (size_t w = 0; w < pieces.size(); ++w)
    for (size_t k = 0; k < pieces[w].size(); ++k) {
      const gpurng::scale::DyadicPiece& p = pieces[w][k];
      std::vector<Moments>& at = tree.level_pieces[size_t(p.level)];
      const uint64_t j = p.first >> p.level;
      if (at.size() < (j + 1) * width) at.resize((j + 1) * width, Moments{-1.0, 0.0, 0.0});  // n < 0: no piece
      std::copy(got[w][k].begin(), got[w][k].end(), at.begin() + long(j * width));
    }
  for (size_t e = 0; e < width; ++e) tree.node(top, 0, e, &m[e]);
}

// The plan of one run of paths: `first` blocks of `block` paths in, 2^level blocks (cut at the call's end).
PricingPlan run_plan(const PricingPlan& plan, uint64_t block, const gpurng::scale::DyadicPiece& p) {
  PricingPlan part = plan;
  const uint64_t first = p.first * block;
  part.first_path = plan.first_path + first;
  part.paths = std::min<uint64_t>(block << p.level, plan.paths - first);
  return part;
}

// Every part's moments through the pricer's exchange (gpurngCreatePricerOnPart), each part's status first so that a
// part that failed still takes part: `sizes[i]` moments from part i into got[i]. Returns the largest status of any
// part (or INTERNAL_ERROR if the exchange fails).
gpurngStatus_t exchange_moments(gpurngPricer_t pricer, gpurngStatus_t st, const std::vector<Moments>& mine,
                                const std::vector<size_t>& sizes, std::vector<std::vector<Moments>>* got) {
  const size_t parts = sizes.size();
  std::vector<size_t> counts(parts);
  size_t total = 0;
  for (size_t r = 0; r < parts; ++r) total += counts[r] = 1 + sizes[r] * 3;
  std::vector<double> packed(1 + mine.size() * 3);
  packed[0] = double(st);
  for (size_t e = 0; e < mine.size(); ++e) {
    packed[1 + e * 3] = mine[e].n;
    packed[2 + e * 3] = mine[e].mean;
    packed[3 + e * 3] = mine[e].m2;
  }
  std::vector<double> all(total);
  if (pricer->exchange(packed.data(), packed.size(), all.data(), counts.data(), int(parts), pricer->exchange_context) !=
      0)
    return GPURNG_STATUS_INTERNAL_ERROR;
  int worst = 0;
  size_t at = 0;
  got->assign(parts, {});
  for (size_t r = 0; r < parts; ++r) {
    worst = std::max(worst, int(all[at]));
    for (size_t e = 0; e < sizes[r]; ++e) {
      const double* x = all.data() + at + 1 + e * 3;
      (*got)[r].push_back(Moments{x[0], x[1], x[2]});
    }
    at += counts[r];
  }
  return static_cast<gpurngStatus_t>(worst);
}

// gpurngCreatePricerOnPart: this part's runs here, every part's moments through the exchange.
template <typename T, typename Model>
gpurngStatus_t run_remote(gpurngPricer_t pricer, const PricingPlan& plan, const Model& model, const Blob& blob,
                          bool fast, size_t width, uint64_t block, uint64_t blocks, int top,
                          const std::vector<std::vector<gpurng::scale::DyadicPiece>>& pieces, Moments* m) {
  const size_t me = size_t(pricer->part), parts = pieces.size();
  std::vector<size_t> sizes(parts);
  for (size_t r = 0; r < parts; ++r) sizes[r] = pieces[r].size() * width;
  std::vector<Moments> mine(sizes[me]);
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  for (size_t k = 0; k < pieces[me].size() && st == GPURNG_STATUS_SUCCESS; ++k)
    st = run_moments<T>(pricer->backend, pricer->scratch, pricer->stream, run_plan(plan, block, pieces[me][k]), model,
                        blob, fast, mine.data() + k * width);
  std::vector<std::vector<Moments>> flat;
  st = exchange_moments(pricer, st, mine, sizes, &flat);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  std::vector<std::vector<std::vector<Moments>>> got(parts);
  for (size_t r = 0; r < parts; ++r)
    for (size_t k = 0; k < pieces[r].size(); ++k)
      got[r].emplace_back(flat[r].begin() + long(k * width), flat[r].begin() + long((k + 1) * width));
  combine_runs(blocks, top, width, pieces, got, m);
  return GPURNG_STATUS_SUCCESS;
}

// RQMC with at least as many replications as parts is split by replication instead (docs/SCALING.md): part i takes
// replications part_begin(R, W, i) .. part_begin(R, W, i + 1), every path of each. A replication's moments come from
// the same paths through the same pairing tree wherever it runs, so they are one call's; finish() then combines the
// replications in order, as for one call.
struct ReplicationRange {
  int first, count;
};

ReplicationRange replication_range(int replications, int parts, int i) {
  const int a = int(gpurng::scale::part_begin(uint64_t(replications), parts, i));
  const int b = int(gpurng::scale::part_begin(uint64_t(replications), parts, i + 1));
  return ReplicationRange{a, b - a};
}

// The plan of replications r.first .. r.first + r.count - 1: their shifts (Sobol') or tables (Halton), which lie in the
// call's block replication after replication, so that the CUDA launcher's rebasing moves them with the block.
PricingPlan replication_plan(const PricingPlan& plan, ReplicationRange r) {
  PricingPlan part = plan;
  part.replications = r.count;
  if (part.params.shifts) part.params.shifts += size_t(r.first) * size_t(plan.params.dims);
  if (part.params.halton) part.params.halton += size_t(r.first) * plan.params.halton_bytes;
  return part;
}

// A part's moments (set, its replication, output) into the call's m (set, replication, output).
void place_replications(const PricingPlan& plan, size_t outputs, ReplicationRange r, const Moments* part, Moments* m) {
  for (int set = 0; set < plan.sets; ++set)
    for (int k = 0; k < r.count; ++k)
      for (size_t e = 0; e < outputs; ++e)
        m[(size_t(set) * size_t(plan.replications) + size_t(r.first + k)) * outputs + e] =
            part[(size_t(set) * size_t(r.count) + size_t(k)) * outputs + e];
}

template <typename T, typename Model>
gpurngStatus_t run_by_replication(gpurngPricer_t pricer, const PricingPlan& plan, const Model& model, const Blob& blob,
                                  bool fast, size_t width, int W, bool remote, Moments* m) {
  const size_t outputs = width / (size_t(plan.sets) * size_t(plan.replications));
  auto part_width = [&](int i) {
    return size_t(plan.sets) * size_t(replication_range(plan.replications, W, i).count) * outputs;
  };
  if (!remote) {
    std::vector<std::vector<Moments>> got(static_cast<size_t>(W));
    const std::vector<gpurngStatus_t> st = gpurng::scale::run_parts(pricer->workers, [&](int i) {
      const ReplicationRange r = replication_range(plan.replications, W, i);
      got[size_t(i)].resize(part_width(i));
      if (r.count == 0) return GPURNG_STATUS_SUCCESS;
      return run_moments<T>(pricer->workers.backend, pricer->worker_scratch[size_t(i)], nullptr,
                            replication_plan(plan, r), model, blob, fast, got[size_t(i)].data());
    });
    const gpurngStatus_t failed = gpurng::scale::first_failure(st);
    if (failed != GPURNG_STATUS_SUCCESS) return failed;
    for (int i = 0; i < W; ++i)
      place_replications(plan, outputs, replication_range(plan.replications, W, i), got[size_t(i)].data(), m);
    return GPURNG_STATUS_SUCCESS;
  }
  // Parts in other processes: this part's replications here, every part's through the exchange.
  const int me = pricer->part;
  std::vector<size_t> sizes(static_cast<size_t>(W));
  for (int i = 0; i < W; ++i) sizes[size_t(i)] = part_width(i);
  std::vector<Moments> mine(sizes[size_t(me)]);
  const ReplicationRange mine_range = replication_range(plan.replications, W, me);
  gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
  if (mine_range.count > 0)
    st = run_moments<T>(pricer->backend, pricer->scratch, pricer->stream, replication_plan(plan, mine_range), model,
                        blob, fast, mine.data());
  std::vector<std::vector<Moments>> got;
  st = exchange_moments(pricer, st, mine, sizes, &got);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  for (int i = 0; i < W; ++i)
    place_replications(plan, outputs, replication_range(plan.replications, W, i), got[size_t(i)].data(), m);
  return GPURNG_STATUS_SUCCESS;
}

// The paths split over the pricer's workers (docs/SCALING.md): blocks of 256 2^k paths from first_path (k the least
// giving at most 4 blocks a worker), part i the blocks from floor(blocks i / W) on, each part cut into aligned
// power-of-two runs of blocks. A run is a whole subtree of the call's pairing tree (sample_statistics.hpp), so
// its own call returns that node's moments, and the nodes are merged in the tree's order: the same bits as one call.
template <typename T, typename Model>
gpurngStatus_t run_split(gpurngPricer_t pricer, const PricingPlan& plan, const Model& model, const Blob& blob,
                         bool fast, size_t width, Moments* m) {
  const bool remote = pricer->parts > 0;  // the other parts run in other processes (gpurngCreatePricerOnPart)
  const int W = remote ? pricer->parts : static_cast<int>(pricer->workers.devices.size());
  if (plan.replications > 1 && plan.replications >= W)
    return run_by_replication<T>(pricer, plan, model, blob, fast, width, W, remote, m);
  uint64_t block = kChunkPaths;
  while ((plan.paths + block - 1) / block > uint64_t(4) * uint64_t(W)) block *= 2;
  const uint64_t blocks = (plan.paths + block - 1) / block;
  int top = 0;
  while ((uint64_t{1} << top) < blocks) ++top;
  std::vector<std::vector<gpurng::scale::DyadicPiece>> pieces(static_cast<size_t>(W));
  for (int i = 0; i < W; ++i)
    pieces[size_t(i)] = gpurng::scale::dyadic_pieces(gpurng::scale::part_begin(blocks, W, i),
                                                     gpurng::scale::part_begin(blocks, W, i + 1));
  std::vector<std::vector<std::vector<Moments>>> got(static_cast<size_t>(W));  // [worker][piece] -> moments
  if (remote) return run_remote<T>(pricer, plan, model, blob, fast, width, block, blocks, top, pieces, m);
  const std::vector<gpurngStatus_t> st = gpurng::scale::run_parts(pricer->workers, [&](int i) {
    const size_t w = size_t(i);
    got[w].resize(pieces[w].size());
    for (size_t k = 0; k < pieces[w].size(); ++k) {
      got[w][k].resize(width);
      const gpurngStatus_t r = run_moments<T>(pricer->workers.backend, pricer->worker_scratch[w], nullptr,
                                              run_plan(plan, block, pieces[w][k]), model, blob, fast, got[w][k].data());
      if (r != GPURNG_STATUS_SUCCESS) return r;
    }
    return GPURNG_STATUS_SUCCESS;
  });
  const gpurngStatus_t failed = gpurng::scale::first_failure(st);
  if (failed != GPURNG_STATUS_SUCCESS) return failed;
  combine_runs(blocks, top, width, pieces, got, m);
  return GPURNG_STATUS_SUCCESS;
}

// Runs the model on the pricer's backend (or its workers) and turns the moments into results[set * outputs + output].
template <typename T, typename Model>
gpurngStatus_t finish(gpurngPricer_t pricer, const PricingPlan& plan, const Model& model, const Blob& blob, bool fast,
                      gpurngPricingResult_t* results) {
  const int outputs = model.outputs();
  std::vector<Moments> m(size_t(plan.sets) * size_t(plan.replications) * size_t(outputs));
  const gpurngStatus_t st =
      pricer->split || pricer->parts > 0
          ? run_split<T>(pricer, plan, model, blob, fast, m.size(), m.data())
          : run_moments<T>(pricer->backend, pricer->scratch, pricer->stream, plan, model, blob, fast, m.data());
  if (st != GPURNG_STATUS_SUCCESS) return st;
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
  gpurngStatus_t st = plan_from_options(o, 2 * steps, false, count, blob, &plan, &offs);
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
  gpurngStatus_t st = plan_from_options(o, steps, false, count, blob, &plan, &offs);
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
  gpurngStatus_t st = plan_from_options(o, dims, true, 1, blob, &plan, &offs);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  add_bridge<T>(o, (p.forwards - 1) * p.steps_per_period, p.factors, blob, &plan, &offs);
  const int n = p.forwards;
  const double h = p.delta / p.steps_per_period;
  std::vector<T> initial(static_cast<size_t>(n)), loadings(static_cast<size_t>(n) * size_t(p.factors)),
      drift(static_cast<size_t>(n));
  for (int j = 0; j < n; ++j) {
    initial[size_t(j)] = T(p.initial[j]);
    double sq = 0.0;
    for (int f = 0; f < p.factors; ++f)
      sq += p.loadings[size_t(f) * size_t(n) + size_t(j)] * p.loadings[size_t(f) * size_t(n) + size_t(j)];
    drift[size_t(j)] = T(-0.5 * sq * h);  // in double, rounded once
  }
  for (size_t i = 0; i < loadings.size(); ++i) loadings[i] = T(p.loadings[i]);
  const size_t a0 = blob.add(initial.data(), initial.size());
  const size_t a1 = blob.add(loadings.data(), loadings.size());
  const size_t a2 = blob.add(drift.data(), drift.size());
  fix_sources(blob, offs, &plan);
  LiborModel<T> model;
  model.n = n;
  model.factors = p.factors;
  model.steps_per_period = p.steps_per_period;
  model.delta = T(p.delta);
  model.strike = T(p.strike);
  model.h = T(h);
  model.sqrt_h = T(std::sqrt(h));
  model.initial = blob.at<T>(a0);
  model.loadings = blob.at<T>(a1);
  model.drift = blob.at<T>(a2);
  return finish<T>(pricer, plan, model, blob, o.fast_mode != 0, results);
}

template <typename T>
gpurngStatus_t mbs(gpurngPricer_t pricer, const gpurngPricingOptions_t& o, const gpurngMbsParams_t& p,
                   gpurngPricingResult_t* result) {
  Blob blob;
  PricingPlan plan;
  SourceOffsets offs;
  gpurngStatus_t st = plan_from_options(o, p.months, true, 1, blob, &plan, &offs);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  add_bridge<T>(o, p.months, 1, blob, &plan, &offs);
  // a_k = sum_{j=0}^{M-k} (1 + i0)^-j, summed from the smallest term in double (mbs.hpp keeps it double)
  std::vector<double> annuity(static_cast<size_t>(p.months));
  const double v = 1.0 / (1.0 + p.i0);
  double a = 0.0, pw = 1.0;
  std::vector<double> powers(static_cast<size_t>(p.months));
  for (int j = 0; j < p.months; ++j) {
    powers[size_t(j)] = pw;
    pw *= v;
  }
  for (int k = p.months; k >= 1; --k) {  // a_k adds term M-k to a_{k+1}
    a += powers[size_t(p.months - k)];
    annuity[size_t(k - 1)] = a;
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
  model.annuity = blob.at<double>(at);
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

gpurngStatus_t gpurngCreatePricerOnWorkers(gpurngPricer_t* pricer, gpurngWorkers_t workers) {
  return guarded([&] {
    if (!pricer) return GPURNG_STATUS_NULL_POINTER;
    *pricer = nullptr;
    if (!workers) return GPURNG_STATUS_NOT_INITIALIZED;
    if (workers->backend == GPURNG_BACKEND_CPU && gpurng::cpu::configured_threads() == 0)
      return GPURNG_STATUS_INVALID_VALUE;
    gpurngPricer_st* p = new (std::nothrow) gpurngPricer_st;
    if (!p) return GPURNG_STATUS_ALLOCATION_FAILED;
    p->backend = workers->backend;
    p->split = true;
    p->workers = *workers;
    p->worker_scratch.resize(workers->devices.size());
    *pricer = p;
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngCreatePricerOnPart(gpurngPricer_t* pricer, gpurngBackend_t backend, int part, int parts,
                                        gpurngPricingExchangeFn exchange, void* context) {
  return guarded([&] {
    if (!pricer) return GPURNG_STATUS_NULL_POINTER;
    *pricer = nullptr;
    if (!exchange) return GPURNG_STATUS_NULL_POINTER;
    if (parts < 1 || parts > 65536 || part < 0 || part >= parts) return GPURNG_STATUS_OUT_OF_RANGE;
    gpurngPricer_t p = nullptr;
    const gpurngStatus_t st = gpurngCreatePricerOnBackend(&p, backend);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    p->part = part;
    p->parts = parts;
    p->exchange = exchange;
    p->exchange_context = context;
    *pricer = p;
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngDestroyPricer(gpurngPricer_t pricer) {
  if (!pricer) return GPURNG_STATUS_SUCCESS;
#if GPURNG_WITH_CUDA
  gpurng::solvers::cuda::release(pricer->scratch, pricer->stream);
  if (pricer->split && pricer->workers.backend == GPURNG_BACKEND_CUDA) {
    const int caller = gpurng::cuda::current_device();
    for (size_t i = 0; i < pricer->worker_scratch.size(); ++i)
      if (pricer->worker_scratch[i].ptr &&
          gpurng::cuda::use_device(pricer->workers.devices[i]) == GPURNG_STATUS_SUCCESS)
        gpurng::solvers::cuda::release(pricer->worker_scratch[i], nullptr);
    if (caller >= 0) gpurng::cuda::use_device(caller);
  }
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
  o->normal_method = GPURNG_NORMAL_METHOD_DEFAULT;
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
