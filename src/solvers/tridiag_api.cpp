// SPDX-License-Identifier: BSD-3-Clause
// The C boundary of gpurng_tridiag.h: argument checks, the choice of AUTO's algorithm, and the hand-over to
// the CPU loops (host memory) or the GPU launchers (device memory). Nothing throws across it.
#include <memory>
#include <new>
#include <vector>

#include "../backends/cpu/thread_pool.hpp"
#include "../core/abi_guard.hpp"
#include "../scale/split.hpp"
#include "../scale/split_batch.hpp"
#include "call_checks.hpp"
#include "gpurng_tridiag.h"
#include "solver_handle.hpp"
#include "thomas_pcr.hpp"
#include "tridiag_call.hpp"
#if GPURNG_WITH_CUDA
#include "tridiag_cuda.hpp"
#endif

using gpurng::core::guarded;
using namespace gpurng::solvers;

namespace {

bool algorithm_valid(int a) { return a >= GPURNG_TRIDIAG_AUTO && a <= GPURNG_TRIDIAG_THOMAS_PCR; }

// AUTO: on the CPU THOMAS always (SIMD lanes across systems, the fewest flops). On the GPU the hybrid for every
// m (5 words per unknown moved up to m = 1024, coalesced for every layout; beyond, 9 words, but the work stays
// parallel inside a system where THOMAS has one thread per system). A constant matrix up to m = 1024 runs THOMAS
// with adjacent systems (one thread per right-hand side reads whole sectors; the hybrid's apply kernel is a warp per
// system); past m = 1024 it runs the long hybrid, every system reading the one matrix from the L2 cache (THOMAS's
// one thread per system ran 30 ms for 256 systems of 65536 rows, 60x the general solve of the same sizes).
gpurngTridiagAlgorithm_t resolve(gpurngTridiagAlgorithm_t wanted, bool device, const Layout& L, TridiagOp op) {
  if (wanted != GPURNG_TRIDIAG_AUTO) return wanted;
  if (!device) return GPURNG_TRIDIAG_THOMAS;
  if (op == TridiagOp::constant && L.systems_adjacent() && L.m <= kHybridMaxRows) return GPURNG_TRIDIAG_THOMAS;
  return GPURNG_TRIDIAG_THOMAS_PCR;
}

template <typename T>
gpurngStatus_t run(gpurngSolver_t solver, TridiagOp op, int ndim, int solvedim, const int* dims, const int* pads,
                   const T* dl, const T* d, const T* du, T* x, int* info);

// A strided batch (host memory) split by systems over the solver's workers (split_batch.hpp); each slice is the same
// call on its systems, so AUTO picks on each worker what one call on that backend picks.
template <typename T>
gpurngStatus_t split_strided(gpurngSolver_t solver, int m, int batch, int stride, const T* dl, const T* d, const T* du,
                             T* x, int* info) {
  gpurng::scale::SplitSolver& s = *solver->split;
  const size_t W = s.workers.devices.size();
  std::vector<std::vector<int>> own(W);  // info of the slices whose caller passed none
  const bool cuda = s.workers.backend == GPURNG_BACKEND_CUDA;
  auto slice = [&](int w, size_t a, size_t b) {
    const size_t at = a * size_t(stride), elems = (b - a - 1) * size_t(stride) + size_t(m);
    int* part_info = info ? info + a : nullptr;
    if (!part_info && cuda) {
      own[size_t(w)].assign(b - a, 0);
      part_info = own[size_t(w)].data();
    }
    return std::vector<gpurng::scale::SliceArray>{{dl + at, nullptr, elems * sizeof(T)},
                                                  {d + at, nullptr, elems * sizeof(T)},
                                                  {du + at, nullptr, elems * sizeof(T)},
                                                  {x + at, x + at, elems * sizeof(T)},
                                                  {nullptr, part_info, (b - a) * sizeof(int)}};
  };
  auto call = [&](gpurngSolver_st& h, size_t a, size_t b, const std::vector<void*>& p) {
    h.algorithm = solver->algorithm;
    const int dims[2] = {m, int(b - a)}, pads[2] = {stride, int(b - a)};
    return run<T>(&h, TridiagOp::solve, 2, 0, dims, pads, static_cast<const T*>(p[0]), static_cast<const T*>(p[1]),
                  static_cast<const T*>(p[2]), static_cast<T*>(p[3]), static_cast<int*>(p[4]));
  };
  std::vector<gpurngStatus_t> st = gpurng::scale::run_slices(s, size_t(batch), slice, call);
  // Device launchers leave a pivot to info alone: the host call's status, from the slices' info.
  for (size_t w = 0; w < W && cuda; ++w) {
    const size_t a = gpurng::scale::part_begin(size_t(batch), int(W), int(w));
    const size_t b = gpurng::scale::part_begin(size_t(batch), int(W), int(w) + 1);
    const int* got = info ? info + a : own[w].data();
    if (st[w] == GPURNG_STATUS_SUCCESS)
      for (size_t k = 0; k < b - a; ++k)
        if (got[k] != 0) st[w] = GPURNG_STATUS_ZERO_PIVOT;
  }
  solver->last_algorithm = s.parts[0]->last_algorithm;
  return gpurng::scale::batch_status(st);
}

template <typename T>
gpurngStatus_t run(gpurngSolver_t solver, TridiagOp op, int ndim, int solvedim, const int* dims, const int* pads,
                   const T* dl, const T* d, const T* du, T* x, int* info) {
  if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
  TridiagCall<T> call;
  call.op = op;
  gpurngStatus_t st = make_layout(ndim, solvedim, dims, pads, &call.layout);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  if (!dl || !d || !du || (op != TridiagOp::factor && !x)) return GPURNG_STATUS_NULL_POINTER;
  bool device = false;
  st = memory_kind({dl, d, du, x, info}, &device);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  const Layout& L = call.layout;
  const size_t coeff_bytes = sizeof(T) * size_t(op == TridiagOp::constant ? L.m : L.footprint);
  const size_t x_bytes = sizeof(T) * size_t(L.footprint);
  if (op != TridiagOp::factor)
    for (const T* p : {dl, d, du})
      if (overlaps(x, x_bytes, p, coeff_bytes)) return GPURNG_STATUS_OVERLAPPING_ARRAYS;
  call.algorithm = op == TridiagOp::factor || op == TridiagOp::factored_solve
                       ? GPURNG_TRIDIAG_THOMAS
                       : resolve(solver->algorithm, device, L, op);
  // A constant matrix's PCR would keep m log m factors: it runs as the hybrid (documented).
  if (op == TridiagOp::constant && call.algorithm == GPURNG_TRIDIAG_PCR) call.algorithm = GPURNG_TRIDIAG_THOMAS_PCR;
  // PCR (m log m work) stops at m = 1024; the hybrid (solves and constant matrices) has no limit.
  const bool long_ok =
      call.algorithm == GPURNG_TRIDIAG_THOMAS ||
      (call.algorithm == GPURNG_TRIDIAG_THOMAS_PCR && (op == TridiagOp::solve || op == TridiagOp::constant));
  if (!long_ok && L.m > kHybridMaxRows) return GPURNG_STATUS_OUT_OF_RANGE;
  call.a = const_cast<T*>(dl);
  call.b = const_cast<T*>(d);
  call.c = const_cast<T*>(du);
  call.x = x;
  call.info = info;
  if (solver->split) {
    // Strided solves of host arrays only: a slice of systems is then a pointer offset of each array.
    if (device || op != TridiagOp::solve || ndim != 2 || solvedim != 0) return GPURNG_STATUS_INVALID_VALUE;
    return split_strided<T>(solver, dims[0], dims[1], pads ? pads[0] : dims[0], dl, d, du, x, info);
  }
  if (device) {
#if GPURNG_WITH_CUDA
    st = cuda::run_tridiag(call, solver->scratch, solver->stream);
    if (st == GPURNG_STATUS_SUCCESS) solver->last_algorithm = call.algorithm;
    return st;
#else
    return GPURNG_STATUS_INTERNAL_ERROR;  // no device memory exists without the CUDA backend
#endif
  }
  if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
  const bool solved = cpu::run_tridiag(call);
  solver->last_algorithm = call.algorithm;
  return solved ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_ZERO_PIVOT;
}

// The strided and interleaved shorthands as layouts of the general call.
template <typename T>
gpurngStatus_t strided(gpurngSolver_t solver, int m, const T* dl, const T* d, const T* du, T* x, int batch, int stride,
                       int* info) {
  if (stride < m) return solver ? GPURNG_STATUS_OUT_OF_RANGE : GPURNG_STATUS_NOT_INITIALIZED;
  const int dims[2] = {m, batch}, pads[2] = {stride, batch};
  return run<T>(solver, TridiagOp::solve, 2, 0, dims, pads, dl, d, du, x, info);
}

template <typename T>
gpurngStatus_t interleaved(gpurngSolver_t solver, int m, const T* dl, const T* d, const T* du, T* x, int batch,
                           int* info) {
  const int dims[2] = {batch, m};
  return run<T>(solver, TridiagOp::solve, 2, 1, dims, nullptr, dl, d, du, x, info);
}

}  // namespace

extern "C" {

gpurngStatus_t gpurngCreateSolver(gpurngSolver_t* solver) {
  return guarded([&] {
    if (!solver) return GPURNG_STATUS_NULL_POINTER;
    if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
    *solver = new gpurngSolver_st();
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngCreateSolverOnWorkers(gpurngSolver_t* solver, gpurngWorkers_t workers) {
  return guarded([&] {
    if (!solver) return GPURNG_STATUS_NULL_POINTER;
    *solver = nullptr;
    if (!workers) return GPURNG_STATUS_NOT_INITIALIZED;
    if (gpurng::cpu::configured_threads() == 0) return GPURNG_STATUS_INVALID_VALUE;
    std::unique_ptr<gpurngSolver_st> h(new gpurngSolver_st());
    std::unique_ptr<gpurng::scale::SplitSolver> s(new gpurng::scale::SplitSolver{*workers, {}, {}, {}});
    for (size_t i = 0; i < workers->devices.size(); ++i) s->parts.emplace_back(new gpurngSolver_st());
    s->staging.resize(workers->devices.size());
    s->pinned.resize(workers->devices.size());
    h->split = s.release();
    *solver = h.release();
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngDestroySolver(gpurngSolver_t solver) {
  return guarded([&] {
    if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
    delete solver->split;
#if GPURNG_WITH_CUDA
    cuda::release(solver->scratch, solver->stream);
#endif
    delete solver;
    return GPURNG_STATUS_SUCCESS;
  });
}

gpurngStatus_t gpurngSolverSetStream(gpurngSolver_t solver, gpurngCudaStream_t stream) {
  if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
  solver->stream = stream;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngSolverSetAlgorithm(gpurngSolver_t solver, gpurngTridiagAlgorithm_t algorithm) {
  if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!algorithm_valid(algorithm)) return GPURNG_STATUS_INVALID_VALUE;
  solver->algorithm = algorithm;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t gpurngSolverGetLastAlgorithm(gpurngSolver_t solver, gpurngTridiagAlgorithm_t* algorithm) {
  if (!solver) return GPURNG_STATUS_NOT_INITIALIZED;
  if (!algorithm) return GPURNG_STATUS_NULL_POINTER;
  *algorithm = solver->last_algorithm;
  return GPURNG_STATUS_SUCCESS;
}

#define GPURNG_TRIDIAG_ENTRY_POINTS(P, T)                                                                             \
  gpurngStatus_t gpurng##P##gtsvBatch(gpurngSolver_t s, int ndim, int solvedim, const int* dims, const int* pads,     \
                                      const T* dl, const T* d, const T* du, T* x, int* info) {                        \
    return guarded([&] { return run<T>(s, TridiagOp::solve, ndim, solvedim, dims, pads, dl, d, du, x, info); });      \
  }                                                                                                                   \
  gpurngStatus_t gpurng##P##gtsvStridedBatch(gpurngSolver_t s, int m, const T* dl, const T* d, const T* du, T* x,     \
                                             int batch, int stride, int* info) {                                      \
    return guarded([&] { return strided<T>(s, m, dl, d, du, x, batch, stride, info); });                              \
  }                                                                                                                   \
  gpurngStatus_t gpurng##P##gtsvInterleavedBatch(gpurngSolver_t s, int m, const T* dl, const T* d, const T* du, T* x, \
                                                 int batch, int* info) {                                              \
    return guarded([&] { return interleaved<T>(s, m, dl, d, du, x, batch, info); });                                  \
  }                                                                                                                   \
  gpurngStatus_t gpurng##P##gtsvConstantBatch(gpurngSolver_t s, int ndim, int solvedim, const int* dims,              \
                                              const int* pads, const T* dl, const T* d, const T* du, T* x,            \
                                              int* info) {                                                            \
    return guarded([&] { return run<T>(s, TridiagOp::constant, ndim, solvedim, dims, pads, dl, d, du, x, info); });   \
  }                                                                                                                   \
  gpurngStatus_t gpurng##P##gtsvFactorBatch(gpurngSolver_t s, int ndim, int solvedim, const int* dims,                \
                                            const int* pads, T* dl, T* d, T* du, int* info) {                         \
    return guarded(                                                                                                   \
        [&] { return run<T>(s, TridiagOp::factor, ndim, solvedim, dims, pads, dl, d, du, nullptr, info); });          \
  }                                                                                                                   \
  gpurngStatus_t gpurng##P##gtsvFactoredSolveBatch(gpurngSolver_t s, int ndim, int solvedim, const int* dims,         \
                                                   const int* pads, const T* dl, const T* d, const T* du, T* x) {     \
    return guarded(                                                                                                   \
        [&] { return run<T>(s, TridiagOp::factored_solve, ndim, solvedim, dims, pads, dl, d, du, x, nullptr); });     \
  }

GPURNG_TRIDIAG_ENTRY_POINTS(S, float)
GPURNG_TRIDIAG_ENTRY_POINTS(D, double)

}  // extern "C"
