// SPDX-License-Identifier: BSD-3-Clause
// The CPU backend of the tridiagonal solvers: tridiag_cpu_kernels.inc compiled for the x86-64 baseline, AVX2
// with FMA and AVX-512, chosen at run time as the RANMAR loops are (cpu_isa.hpp). The solvers' fused
// multiply-adds are explicit, so every copy gives the same bits; the baseline copy only runs them in software.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>  // the FMA intrinsics of the lane vectors' AVX2 and AVX-512 copies
#endif

#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "hybrid_system.hpp"
#include "thomas.hpp"
#include "tridiag_call.hpp"

namespace gpurng {
namespace solvers {
namespace cpu {

using gpurng::cpu::configured_threads;
using gpurng::cpu::parallel_for;

// Lane vectors are passed by value between inline functions only; the note about their ABI is moot.
#pragma GCC diagnostic ignored "-Wpsabi"

#define GPURNG_SOLVER_GROUP_BYTES 64
#define GPURNG_CPU_NATIVE_BYTES 16
namespace baseline {
#include "tridiag_cpu_kernels.inc"
}  // namespace baseline
#undef GPURNG_CPU_NATIVE_BYTES

#if GPURNG_HAVE_ISA_COPIES
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define GPURNG_CPU_NATIVE_BYTES 32
namespace avx2 {
#include "tridiag_cpu_kernels.inc"
}  // namespace avx2
#undef GPURNG_CPU_NATIVE_BYTES
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw,fma,prefer-vector-width=512")
#undef GPURNG_SOLVER_GROUP_BYTES
#define GPURNG_SOLVER_GROUP_BYTES 128
#define GPURNG_CPU_NATIVE_BYTES 64
namespace avx512 {
#include "tridiag_cpu_kernels.inc"
}  // namespace avx512
#undef GPURNG_CPU_NATIVE_BYTES
#pragma GCC pop_options
#endif

template <typename T>
bool run_tridiag(const TridiagCall<T>& call) {
  GPURNG_ISA_DISPATCH(run, call);
}

template bool run_tridiag<float>(const TridiagCall<float>&);
template bool run_tridiag<double>(const TridiagCall<double>&);

}  // namespace cpu
}  // namespace solvers
}  // namespace gpurng
