// SPDX-License-Identifier: BSD-3-Clause
// The CPU backend of the Black-Scholes PDE: bs1d_cpu_kernels.inc compiled for the x86-64 baseline, AVX2 with
// FMA and AVX-512, chosen at run time as the tridiagonal solvers are (cpu_isa.hpp). The fused multiply-adds
// are explicit, so every copy gives the same bits (the baseline copy only runs them in software), and the
// same bits as the GPU kernels (bs1d_cuda.cu): both run the templates of bs1d_scheme.hpp and the solvers'.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>  // the FMA intrinsics of the AVX2 and AVX-512 copies (used only inside their target regions)
#endif

#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/thread_pool.hpp"
#include "../solvers/hybrid_system.hpp"
#include "bs1d_call.hpp"
#include "bs1d_scheme.hpp"

// Lane vectors are passed by value between inline functions only; the note about their ABI is moot.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace gpurng {
namespace pde {
namespace cpu {

using gpurng::cpu::configured_threads;
using gpurng::cpu::parallel_for;
using namespace gpurng::solvers;

#define GPURNG_ISA_KERNELS "../../pde/bs1d_cpu_kernels.inc"
#include "../backends/cpu/isa_copies.inc"
#undef GPURNG_ISA_KERNELS

template <typename T>
int64_t run_bs1d(const Bs1dCall<T>& call) {
  GPURNG_ISA_DISPATCH(run, call);
}

template int64_t run_bs1d<float>(const Bs1dCall<float>&);
template int64_t run_bs1d<double>(const Bs1dCall<double>&);

}  // namespace cpu
}  // namespace pde
}  // namespace gpurng
