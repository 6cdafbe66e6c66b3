// SPDX-License-Identifier: BSD-3-Clause
// One checked pricing call as the backends receive it (plan_from_options.cpp builds it): which normals the paths
// draw (SourceParams, made into a source per replication by NormalsMaker), which paths, and how their samples
// combine (path_samples and run_chunk, shared by the CPU threads and the GPU kernels).
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "bridged_normals.hpp"
#include "path_normals.hpp"
#include "sample_statistics.hpp"

namespace gpurng {
namespace pricing {

enum class SourceKind {
  philox,
  xorwow,
  mrg32k3a,
  hybrid_taus,
  ranmar,
  ranmar48,
  ranmar48x,
  park_miller,
  sobol,
  halton,
  wallace  // hybrid Taus with normal_method GPURNG_NORMAL_METHOD_WALLACE
};

// Everything a source needs, as plain values and pointers (host or device memory, per backend).
struct SourceParams {
  unsigned long long seed = 0;
  unsigned int multiplier = 16807;           // Park-Miller
  uint64_t words_per_path = 0;               // stream engines
  const unsigned int* directions = nullptr;  // Sobol': dims x 32
  const unsigned int* scramble = nullptr;    // Sobol': dims or nullptr
  const unsigned int* shifts = nullptr;      // Sobol': replications x dims
  int dims = 0;
  const unsigned char* halton = nullptr;  // Halton: replications tables of halton_bytes each
  size_t halton_bytes = 0;
  // Brownian-bridge ordering (quasi-random engines): the tree of bridged_normals.hpp over bridge_steps steps,
  // order / child_left / child_right then lw / rw / sd (in the path type), bridge_steps + 1 entries each.
  const int* bridge_ints = nullptr;
  const void* bridge_weights = nullptr;
  int bridge_steps = 0, bridge_factors = 0;
};

struct PricingPlan {
  SourceKind source = SourceKind::philox;
  SourceParams params;
  uint64_t first_path = 0, paths = 0;
  bool antithetic = false;
  int replications = 1;  // 1: Monte Carlo
  int sets = 1;
  GPURNG_HD uint64_t chunks() const { return (paths + kChunkPaths - 1) / kChunkPaths; }
};

template <typename Src>
struct NormalsMaker;
template <typename State>
struct NormalsMaker<SubsequenceNormals<State>> {
  GPURNG_HD static SubsequenceNormals<State> make(const SourceParams& p, int) {
    SubsequenceNormals<State> s;
    s.seed = p.seed;
    return s;
  }
};
template <typename State>
struct NormalsMaker<StreamNormals<State>> {
  GPURNG_HD static StreamNormals<State> make(const SourceParams& p, int) {
    StreamNormals<State> s;
    s.seed = p.seed;
    s.multiplier = p.multiplier;
    s.words_per_path = p.words_per_path;
    s.pair.clear();
    return s;
  }
};
template <>
struct NormalsMaker<SobolNormals> {
  GPURNG_HD static SobolNormals make(const SourceParams& p, int replication) {
    SobolNormals s;
    s.directions = p.directions;
    s.scramble = p.scramble;
    s.shift = p.shifts + size_t(replication) * size_t(p.dims);
    s.point = 0;
    s.dim = 0;
    return s;
  }
};
template <>
struct NormalsMaker<WallaceNormals> {
  GPURNG_HD static WallaceNormals make(const SourceParams& p, int) {
    WallaceNormals s;
    s.seed = p.seed;
    s.passes = WallaceNormals::passes_for(p.dims);
    s.rows = nullptr;
    s.corrections = nullptr;
    s.block = nullptr;
    return s;
  }
};
template <>
struct NormalsMaker<HaltonNormals> {
  GPURNG_HD static HaltonNormals make(const SourceParams& p, int replication) {
    HaltonNormals s;
    s.table = reinterpret_cast<const gpurngHaltonRasrapTable_t*>(p.halton + size_t(replication) * p.halton_bytes);
    s.point = 0;
    s.dim = 0;
    return s;
  }
};

// Host memory a CPU task lends its source for each chunk it walks (Wallace's passes), in floats: none for every
// other source.
template <typename Src>
struct ChunkWorkspace {
  static size_t floats(const SourceParams&) { return 0; }
  static void lend(Src&, float*) {}
};
template <>
struct ChunkWorkspace<WallaceNormals> {
  static size_t floats(const SourceParams& p) {
    return WallaceNormals::workspace_floats(WallaceNormals::passes_for(p.dims));
  }
  static void lend(WallaceNormals& s, float* w) { s.lend(w); }
};

// The mirror path of an antithetic pair: the source's normals with their signs flipped (exactly -z).
template <typename Src>
struct Negated {
  Src* src;
  template <typename T>
  GPURNG_HD auto next(T* tag) {  // T, or the CPU's lanes of T
    return -src->next(tag);
  }
};

// run(z, out) on the path's normals; with antithetic, again on the same normals negated, and out[0 .. count-1]
// the pair's averages. Src is left where the path's draws end.
// Out: double, or (the CPU's lane loops) lanes of doubles.
template <int MaxOutputs, typename Src, typename Out, typename Run>
GPURNG_HD void antithetic_samples(Src& src, bool antithetic, int count, Out* out, Run&& run) {
  if (!antithetic) {
    run(src, out);
    return;
  }
  const Src at_start = src;
  Out mirror[MaxOutputs];
  run(src, out);
  Src again = at_start;
  Negated<Src> negated{&again};
  run(negated, mirror);
  src = again;
  for (int j = 0; j < count; ++j) out[j] = 0.5 * (out[j] + mirror[j]);
}

// One path's samples (antithetic: the pair's average; Brownian-bridge ordering where the plan has a bridge),
// written to out[0 .. outputs-1].
template <typename T, typename Model, typename Src>
GPURNG_HD void path_samples(const Model& m, const SourceParams& p, int set, Src& src, uint64_t path, bool antithetic,
                            double* out) {
  src.start_path(path);
  if constexpr (Src::kRandomAccess) {
    if (p.bridge_ints) {
      const int n = p.bridge_steps + 1;
      const T* w = static_cast<const T*>(p.bridge_weights);
      const BridgeTree<T> tree{p.bridge_steps, p.bridge_ints, p.bridge_ints + n, p.bridge_ints + 2 * n, w,
                               w + n,          w + 2 * n};
      BridgedNormals<T, Src> bridged;
      bridged.src = &src;
      bridged.tree = &tree;
      bridged.factors = p.bridge_factors;
      bridged.start();
      m.path(set, bridged, out);
      return;
    }
  }
  antithetic_samples<Model::kMaxOutputs>(src, antithetic, m.outputs(), out,
                                         [&](auto& z, double* o) { m.path(set, z, o); });
}

// path_samples for K sets on one path's normals (models with kSetsPerThread > 1, no bridge): out[k] is what
// path_samples gives set set[k], the antithetic mirror averaged the same way.
template <typename T, int K, typename Model, typename Src>
GPURNG_HD void path_samples_sets(const Model& m, const int (&set)[K], Src& src, uint64_t path, bool antithetic,
                                 double* out) {
  static_assert(Model::kMaxOutputs == 1, "set blocks are for one-output models");
  src.start_path(path);
  antithetic_samples<K>(src, antithetic, K, out, [&](auto& z, double* o) { m.template path_sets<K>(set, z, o); });
}

// The chunk of `count` paths from `first` in one thread: acc[j] gets output j's samples in path order.
template <typename T, typename Model, typename Src>
GPURNG_HD void run_chunk(const Model& m, const SourceParams& p, int set, Src& src, uint64_t first, int count,
                         bool antithetic, PairwiseMoments* acc) {
  double out[Model::kMaxOutputs];
  src.start_chunk(first);
  for (int i = 0; i < count; ++i) {
    path_samples<T>(m, p, set, src, first + uint64_t(i), antithetic, out);
    for (int j = 0; j < m.outputs(); ++j) acc[j].push(out[j]);
  }
}

}  // namespace pricing
}  // namespace gpurng
