// SPDX-License-Identifier: BSD-3-Clause
// What one small device call of the library costs, piece by piece: the host time of each CUDA runtime call a
// call makes (pointer attributes, the ordering event's wait and record, the launch), and the CUDA-event time of a
// tiny fill kernel with and without them and with 22 KB of static shared memory (XORWOW's staged jump matrices).
// Evidence for the small-call design (src/backends/cuda/curand_layout_host.cpp); not part of the build.
// Build and run on the GPU machine: nvcc -O2 -arch=sm_90 bench/probes/cuda_call_costs.cu -o /tmp/p && /tmp/p
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

struct Params {  // about the size of the fill kernels' Plan
  unsigned long long a[6];
  unsigned b[28];
};

__global__ void tiny(Params p, unsigned* out, unsigned* state) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.b[0]) return;
  unsigned s = state[i];
  s ^= s << 13;
  out[i] = s;
  state[i] = s;
}

__global__ void tiny_small_params(unsigned n, unsigned* out, unsigned* state) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned s = state[i];
  s ^= s << 13;
  out[i] = s;
  state[i] = s;
}

__global__ void tiny_smem(Params p, unsigned* out, unsigned* state) {
  __shared__ uint4 staged[7][160];
  __shared__ unsigned hi[7][160];
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (p.b[1] != 0) {  // never: the matrices are only staged for chunks past the first
    staged[threadIdx.x % 7][threadIdx.x % 160] = make_uint4(i, i, i, i);
    hi[threadIdx.x % 7][threadIdx.x % 160] = i;
  }
  __syncthreads();
  if (i >= p.b[0]) return;
  unsigned s = state[i] ^ (p.b[1] ? staged[i % 7][i % 160].x ^ hi[i % 7][i % 160] : 0u);
  s ^= s << 13;
  out[i] = s;
  state[i] = s;
}

double host_us(int reps, const std::function<void()>& f) {
  for (int i = 0; i < 10; ++i) f();
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) f();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps;
}

double event_us(cudaStream_t s, const std::function<void()>& f) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 3; ++i) f();
  cudaStreamSynchronize(s);
  std::vector<float> t;
  for (int i = 0; i < 51; ++i) {
    cudaEventRecord(a, s);
    f();
    cudaEventRecord(b, s);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return 1e3 * t[t.size() / 2];
}

}  // namespace

int main() {
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  unsigned *out, *state;
  cudaMalloc(&out, 1 << 22);
  cudaMalloc(&state, 1 << 22);
  cudaMemset(state, 1, 1 << 22);
  cudaEvent_t ev;
  cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  Params p{};
  p.b[0] = 1024;
  const auto launch = [&] { tiny<<<4, 256, 0, s>>>(p, out, state); };
  const auto launch_smem = [&] { tiny_smem<<<4, 256, 0, s>>>(p, out, state); };
  const auto ordered = [&] {
    cudaStreamWaitEvent(s, ev, 0);
    launch();
    cudaEventRecord(ev, s);
  };
  cudaPointerAttributes attr;
  int dev = 0;
  const int reps = 2000;
  std::printf("host us per call:\n");
  std::printf("  cudaPointerGetAttributes   %.2f\n", host_us(reps, [&] { cudaPointerGetAttributes(&attr, out); }));
  std::printf("  cudaGetDevice              %.2f\n", host_us(reps, [&] { cudaGetDevice(&dev); }));
  std::printf("  cudaGetLastError           %.2f\n", host_us(reps, [&] { cudaGetLastError(); }));
  std::printf("  cudaEventRecord            %.2f\n", host_us(reps, [&] { cudaEventRecord(ev, s); }));
  cudaStreamSynchronize(s);
  std::printf("  cudaStreamWaitEvent        %.2f\n", host_us(reps, [&] { cudaStreamWaitEvent(s, ev, 0); }));
  cudaStreamSynchronize(s);
  std::printf("  launch (4 x 256)           %.2f\n", host_us(500, launch));
  cudaStreamSynchronize(s);
  std::printf("  wait + launch + record     %.2f\n", host_us(500, ordered));
  cudaStreamSynchronize(s);
  std::printf("  launch, 20-byte params     %.2f\n",
              host_us(500, [&] { tiny_small_params<<<4, 256, 0, s>>>(1024, out, state); }));
  cudaStreamSynchronize(s);
  std::printf("  launch (1 x 1024)          %.2f\n", host_us(500, [&] { tiny<<<1, 1024, 0, s>>>(p, out, state); }));
  cudaStreamSynchronize(s);
  std::printf("  launch (64 x 256)          %.2f\n", host_us(500, [&] { tiny<<<64, 256, 0, s>>>(p, out, state); }));
  cudaStreamSynchronize(s);
  std::printf("event-timed us per call:\n");
  std::printf("  launch                     %.2f\n", event_us(s, launch));
  std::printf("  launch, 22 KB static smem  %.2f\n", event_us(s, launch_smem));
  std::printf("  launch, 20-byte params     %.2f\n",
              event_us(s, [&] { tiny_small_params<<<4, 256, 0, s>>>(1024, out, state); }));
  std::printf("  wait + launch + record     %.2f\n", event_us(s, ordered));
  std::printf("  pointer attrs + ordered    %.2f\n", event_us(s, [&] {
                cudaPointerGetAttributes(&attr, out);
                ordered();
              }));
  return 0;
}
