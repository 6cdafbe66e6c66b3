# SPDX-License-Identifier: BSD-3-Clause
"""GPU timing for the Python benchmarks (CuPy only, no libgpurng): CUDA-event times and the store floor of a fill."""
import numpy as np


def cuda_best_of(cp, fn, repeats):
    """Best of ``repeats`` runs of fn, each timed by CUDA events around it on the current stream (seconds)."""
    fn()
    cp.cuda.get_current_stream().synchronize()
    best = float("inf")
    for _ in range(repeats):
        start, end = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        fn()
        end.record()
        end.synchronize()
        best = min(best, cp.cuda.get_elapsed_time(start, end) / 1e3)
    return best


_STORE = r"""
extern "C" __global__ void store16(uint4* out, unsigned long long n16) {
  // The bytes a fill must write and nothing else: one 16-byte store per element group, grid-stride.
  const uint4 v = make_uint4(0x3f000000u, 0x3f000000u, 0x3f000000u, 0x3f000000u);
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n16;
       i += (unsigned long long)gridDim.x * blockDim.x)
    out[i] = v;
}
"""
_store_kernel = None


def store_floor(cp, buf):
    """The store floor of a fill of ``buf``: a kernel writing its bytes with 16-byte stores (CuPy's own fill writes
    4-byte floats one a thread and reached half the bandwidth on an H100)."""
    global _store_kernel
    if _store_kernel is None:
        _store_kernel = cp.RawKernel(_STORE, "store16")
    n16 = buf.nbytes // 16
    sms = cp.cuda.Device().attributes["MultiProcessorCount"]
    _store_kernel((sms * 8,), (256,), (buf, np.uint64(n16)))
