// SPDX-License-Identifier: BSD-3-Clause
// cuRAND-style engines on the GPU against cuRAND's device generators, 1 GiB of output into device memory:
// per engine and output type, libgpurng's device fill (layout_fill / sobol_fill, called directly) and,
// where the library was built with CUDA, the public API (gpurngGenerate* on device memory, which adds the
// library's per-call work), cuRAND (curandCreateGenerator, default ordering) and a cudaMemset store floor,
// each the median of several CUDA-event-timed calls after warm-up. In the same run the whole 1 GiB of each
// of our outputs is compared with cuRAND's (integers and uniforms bit for bit; normals: count of values
// that differ, and of those beyond a few ulp). Writes JSON to the path given.
//
//   curand_api_bench OUT.json [--reps N] [--tpsm 1024,2048,...] [--only NAME]
//
// --tpsm times the direct fill at several thread counts per multiprocessor (the library's tuning knob).
#include <cuda_runtime.h>
#include <curand.h>
#include <stdint.h>

// Comparison kernels (plain functions: the host code below is hidden from nvcc's device pass, which cannot
// see the host-only parts of the engine headers).
__global__ void compare_bits32(const uint32_t* a, const uint32_t* b, size_t n, unsigned long long* diff) {
  unsigned long long d = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    d += a[i] != b[i];
  if (d) atomicAdd(diff, d);
}
__global__ void compare_bits64(const unsigned long long* a, const unsigned long long* b, size_t n,
                               unsigned long long* diff) {
  unsigned long long d = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    d += a[i] != b[i];
  if (d) atomicAdd(diff, d);
}
// Values beyond tol * max(1, |b|).
__global__ void compare_far_f32(const float* a, const float* b, size_t n, double tol, unsigned long long* far) {
  unsigned long long d = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    const double x = a[i], y = b[i];
    d += !(fabs(x - y) <= tol * fmax(1.0, fabs(y)));
  }
  if (d) atomicAdd(far, d);
}
__global__ void compare_far_f64(const double* a, const double* b, size_t n, double tol, unsigned long long* far) {
  unsigned long long d = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) {
    const double x = a[i], y = b[i];
    d += !(fabs(x - y) <= tol * fmax(1.0, fabs(y)));
  }
  if (d) atomicAdd(far, d);
}

#if !defined(__CUDA_ARCH__)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "backends/cuda/curand_layout_device.hpp"
#include "fill/curand_layout.hpp"
#include "gpurng.h"

namespace gpurng {
namespace cuda {
namespace layout_launch {
void set_threads_per_sm(unsigned threads);  // curand_layout_launch.hpp
}
}  // namespace cuda
}  // namespace gpurng

namespace {

namespace cl = gpurng::curand_layout;
namespace gc = gpurng::cuda;

#define CHECK_CUDA(x)                                                                         \
  do {                                                                                        \
    cudaError_t e_ = (x);                                                                     \
    if (e_ != cudaSuccess) {                                                                  \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                           \
    }                                                                                         \
  } while (0)
#define CHECK_CURAND(x)                                                          \
  do {                                                                           \
    curandStatus_t s_ = (x);                                                     \
    if (s_ != CURAND_STATUS_SUCCESS) {                                           \
      std::fprintf(stderr, "%s:%d %s: curand %d\n", __FILE__, __LINE__, #x, s_); \
      std::exit(1);                                                              \
    }                                                                            \
  } while (0)
#define CHECK_GPURNG(x)                                                          \
  do {                                                                           \
    gpurngStatus_t s_ = (x);                                                     \
    if (s_ != GPURNG_STATUS_SUCCESS) {                                           \
      std::fprintf(stderr, "%s:%d %s: gpurng %d\n", __FILE__, __LINE__, #x, s_); \
      std::exit(1);                                                              \
    }                                                                            \
  } while (0)

constexpr size_t kBytes = size_t{1} << 30;
constexpr size_t kSmall = size_t{1} << 20;  // outputs of the small call
constexpr size_t kSmallSizes[3] = {size_t{1} << 10, size_t{1} << 16, size_t{1} << 20};
constexpr uint64_t kSeed = 1234ull;
constexpr double kMean = 0.0, kStddev = 1.0;

int g_reps = 10;
cudaStream_t g_stream;

// Median time of one call, in ms (CUDA events around each call, after two warm-up calls).
float time_ms(const std::function<void()>& f) {
  cudaEvent_t a, b;
  CHECK_CUDA(cudaEventCreate(&a));
  CHECK_CUDA(cudaEventCreate(&b));
  for (int i = 0; i < 2; ++i) f();
  CHECK_CUDA(cudaStreamSynchronize(g_stream));
  std::vector<float> t;
  for (int i = 0; i < g_reps; ++i) {
    CHECK_CUDA(cudaEventRecord(a, g_stream));
    f();
    CHECK_CUDA(cudaEventRecord(b, g_stream));
    CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

enum class Kind { u32, u64, uf32, uf64, nf32, nf64, lnf32, lnf64 };
const char* kind_name(Kind k) {
  const char* names[] = {"u32",        "u64",        "uniform_f32",   "uniform_f64",
                         "normal_f32", "normal_f64", "lognormal_f32", "lognormal_f64"};
  return names[static_cast<int>(k)];
}
size_t kind_size(Kind k) { return (k == Kind::u32 || k == Kind::uf32 || k == Kind::nf32 || k == Kind::lnf32) ? 4 : 8; }
bool kind_normal(Kind k) { return k == Kind::nf32 || k == Kind::nf64 || k == Kind::lnf32 || k == Kind::lnf64; }

void curand_call(curandGenerator_t g, Kind k, void* out, size_t n) {
  switch (k) {
    case Kind::u32:
      CHECK_CURAND(curandGenerate(g, static_cast<unsigned*>(out), n));
      break;
    case Kind::u64:
      CHECK_CURAND(curandGenerateLongLong(g, static_cast<unsigned long long*>(out), n));
      break;
    case Kind::uf32:
      CHECK_CURAND(curandGenerateUniform(g, static_cast<float*>(out), n));
      break;
    case Kind::uf64:
      CHECK_CURAND(curandGenerateUniformDouble(g, static_cast<double*>(out), n));
      break;
    case Kind::nf32:
      CHECK_CURAND(curandGenerateNormal(g, static_cast<float*>(out), n, kMean, kStddev));
      break;
    case Kind::nf64:
      CHECK_CURAND(curandGenerateNormalDouble(g, static_cast<double*>(out), n, kMean, kStddev));
      break;
    case Kind::lnf32:
      CHECK_CURAND(curandGenerateLogNormal(g, static_cast<float*>(out), n, kMean, kStddev));
      break;
    case Kind::lnf64:
      CHECK_CURAND(curandGenerateLogNormalDouble(g, static_cast<double*>(out), n, kMean, kStddev));
      break;
  }
}

gpurngStatus_t api_call(gpurngGenerator_t g, Kind k, void* out, size_t n) {
  switch (k) {
    case Kind::u32:
      return gpurngGenerate(g, static_cast<unsigned*>(out), n);
    case Kind::u64:
      return gpurngGenerateLongLong(g, static_cast<unsigned long long*>(out), n);
    case Kind::uf32:
      return gpurngGenerateUniform(g, static_cast<float*>(out), n);
    case Kind::uf64:
      return gpurngGenerateUniformDouble(g, static_cast<double*>(out), n);
    case Kind::nf32:
      return gpurngGenerateNormal(g, static_cast<float*>(out), n, kMean, kStddev);
    case Kind::nf64:
      return gpurngGenerateNormalDouble(g, static_cast<double*>(out), n, kMean, kStddev);
    case Kind::lnf32:
      return gpurngGenerateLogNormal(g, static_cast<float*>(out), n, kMean, kStddev);
    case Kind::lnf64:
      return gpurngGenerateLogNormalDouble(g, static_cast<double*>(out), n, kMean, kStddev);
  }
  return GPURNG_STATUS_TYPE_ERROR;
}

cl::output layout_output(Kind k) {
  switch (k) {
    case Kind::u32:
      return cl::output::u32;
    case Kind::uf32:
      return cl::output::uniform_f32;
    case Kind::uf64:
      return cl::output::uniform_f64;
    case Kind::nf32:
      return cl::output::normal_f32;
    case Kind::nf64:
      return cl::output::normal_f64;
    case Kind::lnf32:
      return cl::output::lognormal_f32;
    default:
      return cl::output::lognormal_f64;
  }
}
gc::SobolOutput sobol_output(Kind k) {
  switch (k) {
    case Kind::u32:
    case Kind::u64:
      return gc::SobolOutput::bits;
    case Kind::uf32:
      return gc::SobolOutput::uniform_f32;
    case Kind::uf64:
      return gc::SobolOutput::uniform_f64;
    case Kind::nf32:
      return gc::SobolOutput::normal_f32;
    case Kind::nf64:
      return gc::SobolOutput::normal_f64;
    case Kind::lnf32:
      return gc::SobolOutput::lognormal_f32;
    default:
      return gc::SobolOutput::lognormal_f64;
  }
}

struct Case {
  const char* engine;
  curandRngType_t curand_type;
  gpurngRngType_t api_type;
  int family;  // 0 XORWOW, 1 MRG32k3a, 2 Philox, 3 Sobol'
  gpurng::sobol::Kind sobol;
  Kind kind;
  double target;               // ratio to cuRAND asked for (0: none)
  bool curand_device = false;  // normals in GPURNG_NORMAL_METHOD_CURAND_DEVICE (cuRAND's GPU bits)
};

struct Result {
  std::string engine, output;
  size_t n;
  double curand_ms, ours_ms, api_ms;
  double small_curand_us = 0, small_ours_us = 0, small_api_us = 0;  // one call of 2^20 outputs
  std::vector<std::pair<unsigned, double>> sweep;                   // threads per SM, ms
  // Calls of kSmallSizes[i] outputs, in us: [size][0 device memory, 1 host memory][0 cuRAND, 1 API]. Host memory:
  // cuRAND's generator into device memory and cudaMemcpy to the same (pageable) host buffer, against one API call.
  double small[3][2][2] = {};
  // Device memory, in us: the library's fill called directly (XORWOW, MRG32k3a: from positions kept on the device,
  // as the API's run of calls; Philox, Sobol': from offset 0), and the host time to issue one API call (no wait).
  double small_direct[3] = {}, small_submit[3] = {};
  unsigned long long differ, far;
  double target;
};

// Median wall time of one synchronous call, in us (after two warm-ups).
double host_us(const std::function<void()>& f) {
  for (int i = 0; i < 2; ++i) f();
  std::vector<double> t;
  for (int i = 0; i < 3 * g_reps; ++i) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Bits that differ, and values beyond a few ulp (normals), between a and b.
void compare(Kind k, const void* a, const void* b, size_t n, unsigned long long* dev, unsigned long long& differ,
             unsigned long long& far) {
  CHECK_CUDA(cudaMemset(dev, 0, 2 * sizeof(unsigned long long)));
  if (kind_size(k) == 4)
    compare_bits32<<<1024, 256>>>(static_cast<const uint32_t*>(a), static_cast<const uint32_t*>(b), n, dev);
  else
    compare_bits64<<<1024, 256>>>(static_cast<const unsigned long long*>(a), static_cast<const unsigned long long*>(b),
                                  n, dev);
  if (kind_normal(k)) {
    if (kind_size(k) == 4)
      compare_far_f32<<<1024, 256>>>(static_cast<const float*>(a), static_cast<const float*>(b), n, 4e-6, dev + 1);
    else
      compare_far_f64<<<1024, 256>>>(static_cast<const double*>(a), static_cast<const double*>(b), n, 1e-14, dev + 1);
  }
  CHECK_CUDA(cudaGetLastError());
  unsigned long long h[2];
  CHECK_CUDA(cudaMemcpy(h, dev, sizeof h, cudaMemcpyDeviceToHost));
  differ = h[0];
  far = kind_normal(k) ? h[1] : h[0];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT.json [--reps N] [--tpsm a,b,...] [--only NAME]\n", argv[0]);
    return 2;
  }
  const char* json_path = argv[1];
  std::vector<unsigned> tpsm;
  std::string only;
  for (int i = 2; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) {
      g_reps = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--tpsm") && i + 1 < argc) {
      for (const char* p = argv[++i]; *p;) {
        tpsm.push_back(static_cast<unsigned>(std::strtoul(p, const_cast<char**>(&p), 10)));
        if (*p == ',') ++p;
      }
    } else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
      only = argv[++i];
    }
  }
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);

  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "no GPU\n");
    return 77;
  }
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  CHECK_CUDA(cudaStreamCreateWithFlags(&g_stream, cudaStreamNonBlocking));
  void *ours, *theirs;
  unsigned long long* counts;
  CHECK_CUDA(cudaMalloc(&ours, kBytes));
  CHECK_CUDA(cudaMalloc(&theirs, kBytes));
  CHECK_CUDA(cudaMalloc(&counts, 2 * sizeof(unsigned long long)));
  std::vector<double> host_buf(kSmallSizes[2]);  // pageable, as a user's array

  // Store floor.
  const float memset_ms = time_ms([&] { CHECK_CUDA(cudaMemsetAsync(ours, 0x5A, kBytes, g_stream)); });
  const double floor_gbps = kBytes / (memset_ms * 1e-3) / 1e9;
  std::printf("device %s; memset 1 GiB %.3f ms = %.0f GB/s (%.0f GS/s f32, %.0f GS/s f64)\n", prop.name, memset_ms,
              floor_gbps, floor_gbps / 4, floor_gbps / 8);

  using K = Kind;
  using SK = gpurng::sobol::Kind;
  const Case cases[] = {
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::u32, 1.0},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::uf32, 1.0},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::nf32, 1.5},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::lnf32, 0},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::uf64, 1.8},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::nf64, 1.8},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::u32, 2.0},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::uf32, 2.0},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::nf32, 2.0},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::lnf32, 0},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::uf64, 2.0},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::nf64, 2.0},
      {"MRG32k3a", CURAND_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_MRG32K3A, 1, SK::sobol32, K::u32, 1.5},
      {"MRG32k3a", CURAND_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_MRG32K3A, 1, SK::sobol32, K::uf32, 1.5},
      {"MRG32k3a", CURAND_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_MRG32K3A, 1, SK::sobol32, K::nf32, 1.5},
      {"MRG32k3a", CURAND_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_MRG32K3A, 1, SK::sobol32, K::uf64, 1.5},
      {"MRG32k3a", CURAND_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_MRG32K3A, 1, SK::sobol32, K::nf64, 1.5},
      // GPURNG_NORMAL_METHOD_CURAND_DEVICE: cuRAND's GPU bits (values_differing_from_curand must be 0).
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::nf32, 1.5,
       true},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::nf64, 1.8,
       true},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::lnf32, 1.0,
       true},
      {"Philox4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10, GPURNG_RNG_PSEUDO_PHILOX4_32_10, 2, SK::sobol32, K::lnf64, 1.0,
       true},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::nf32, 0, true},
      {"XORWOW", CURAND_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_XORWOW, 0, SK::sobol32, K::lnf64, 0, true},
      {"MRG32k3a", CURAND_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_MRG32K3A, 1, SK::sobol32, K::nf32, 0, true},
      {"MRG32k3a", CURAND_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_MRG32K3A, 1, SK::sobol32, K::lnf64, 0, true},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::nf32, 1.0, true},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::lnf32, 1.0, true},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::nf64, 1.0, true},
      {"Sobol64", CURAND_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SOBOL64, 3, SK::sobol64, K::nf64, 1.0, true},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::u32, 1.0},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::uf32, 1.0},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::uf64, 0},
      // The portable Sobol' normals and log-normals (issue 18 part 2: >= 1.0x cuRAND), every kind and output.
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::nf32, 1.0},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::lnf32, 1.0},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::nf64, 1.0},
      {"Sobol32", CURAND_RNG_QUASI_SOBOL32, GPURNG_RNG_QUASI_SOBOL32, 3, SK::sobol32, K::lnf64, 1.0},
      {"ScrambledSobol32", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 3,
       SK::scrambled_sobol32, K::nf32, 1.0},
      {"ScrambledSobol32", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 3,
       SK::scrambled_sobol32, K::lnf32, 1.0},
      {"ScrambledSobol32", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 3,
       SK::scrambled_sobol32, K::nf64, 1.0},
      {"ScrambledSobol32", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 3,
       SK::scrambled_sobol32, K::lnf64, 1.0},
      {"Sobol64", CURAND_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SOBOL64, 3, SK::sobol64, K::nf32, 1.0},
      {"Sobol64", CURAND_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SOBOL64, 3, SK::sobol64, K::lnf32, 1.0},
      {"Sobol64", CURAND_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SOBOL64, 3, SK::sobol64, K::nf64, 1.0},
      {"Sobol64", CURAND_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SOBOL64, 3, SK::sobol64, K::lnf64, 1.0},
      {"ScrambledSobol64", CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, 3,
       SK::scrambled_sobol64, K::nf32, 1.0},
      {"ScrambledSobol64", CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, 3,
       SK::scrambled_sobol64, K::lnf32, 1.0},
      {"ScrambledSobol64", CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, 3,
       SK::scrambled_sobol64, K::nf64, 1.0},
      {"ScrambledSobol64", CURAND_RNG_QUASI_SCRAMBLED_SOBOL64, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64, 3,
       SK::scrambled_sobol64, K::lnf64, 1.0},
      {"ScrambledSobol32", CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, 3,
       SK::scrambled_sobol32, K::uf32, 0},
      {"Sobol64", CURAND_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SOBOL64, 3, SK::sobol64, K::u64, 0},
      {"Sobol64", CURAND_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SOBOL64, 3, SK::sobol64, K::uf64, 0},
  };

  // Device start states per family, uploaded once (seed kSeed, DEFAULT ordering).
  const cl::xorwow_stream xs(kSeed, cl::ordering::dflt);
  const cl::mrg32k3a_stream ms(kSeed, cl::ordering::dflt);
  const cl::philox_stream ps(kSeed, cl::ordering::dflt);
  gc::LayoutStates* states[3] = {nullptr, nullptr, nullptr};
  {
    std::vector<gpurng::xorwow::state> x(xs.threads());
    for (uint32_t t = 0; t < xs.threads(); ++t) x[t] = xs.start_state(t);
    CHECK_GPURNG(gc::layout_states_upload(cl::engine::xorwow, x.data(), xs.threads(), &states[0]));
    std::vector<gpurng::mrg32k3a::state> m(ms.threads());
    for (uint32_t t = 0; t < ms.threads(); ++t) m[t] = ms.start_state(t);
    CHECK_GPURNG(gc::layout_states_upload(cl::engine::mrg32k3a, m.data(), ms.threads(), &states[1]));
    std::vector<cl::detail::philox_thread> p(ps.threads());
    for (uint32_t t = 0; t < ps.threads(); ++t) p[t] = ps.start_state(t);
    CHECK_GPURNG(gc::layout_states_upload(cl::engine::philox, p.data(), ps.threads(), &states[2]));
  }
  const cl::detail::call_origin origins[3] = {xs.origin(0), ms.origin(0), ps.origin(0)};
  const cl::engine engines[3] = {cl::engine::xorwow, cl::engine::mrg32k3a, cl::engine::philox};

  std::vector<Result> results;
  std::printf("%-17s %-14s %10s %10s %10s %8s %7s %12s  %s\n", "engine", "output", "cuRAND", "direct", "API", "ratio",
              "target", "differ/far", "1Mi call cuRAND/direct/API");
  for (const Case& c : cases) {
    if (!only.empty() && only != c.engine) continue;
    const size_t n = kBytes / kind_size(c.kind);
    Result r{c.engine, std::string(kind_name(c.kind)) + (c.curand_device ? " curand_device" : ""),
             n,        0,
             0,        0,
             0,        0,
             0,        {},
             0,        0,
             c.target};
    // cuRAND
    curandGenerator_t g;
    CHECK_CURAND(curandCreateGenerator(&g, c.curand_type));
    CHECK_CURAND(curandSetStream(g, g_stream));
    if (c.family == 3) {
      CHECK_CURAND(curandSetQuasiRandomGeneratorDimensions(g, 1));
    } else {
      CHECK_CURAND(curandSetPseudoRandomGeneratorSeed(g, kSeed));
    }
    r.curand_ms = time_ms([&] { curand_call(g, c.kind, theirs, n); });
    r.small_curand_us = 1e3 * time_ms([&] { curand_call(g, c.kind, theirs, kSmall); });
    for (int s = 0; s < 3; ++s) {
      const size_t m = kSmallSizes[s] - kSmallSizes[s] % 4;
      r.small[s][0][0] = 1e3 * time_ms([&] { curand_call(g, c.kind, theirs, m); });
      r.small[s][1][0] = host_us([&] {
        curand_call(g, c.kind, theirs, m);
        CHECK_CUDA(cudaMemcpyAsync(host_buf.data(), theirs, m * kind_size(c.kind), cudaMemcpyDeviceToHost, g_stream));
        CHECK_CUDA(cudaStreamSynchronize(g_stream));
      });
    }
    CHECK_CURAND(curandSetGeneratorOffset(g, 0));  // rebuild at 0 for the comparison below
    curand_call(g, c.kind, theirs, n);
    CHECK_CUDA(cudaStreamSynchronize(g_stream));
    CHECK_CURAND(curandDestroyGenerator(g));
    // ours, direct
    size_t count = n;
    std::function<void()> direct;
    if (c.family == 3) {
      direct = [&] {
        CHECK_GPURNG(gc::sobol_fill(c.sobol, 1, 0, count, sobol_output(c.kind), ours, kMean, kStddev, g_stream,
                                    c.curand_device));
      };
    } else {
      const int f = c.family;
      direct = [&, f] {
        CHECK_GPURNG(gc::layout_fill(engines[f], origins[f], states[f], 0, count, layout_output(c.kind), ours, kMean,
                                     kStddev, g_stream, c.curand_device));
      };
    }
    count = kSmall;
    r.small_ours_us = 1e3 * time_ms(direct);
    {
      gc::LayoutStates* live = nullptr;
      uint32_t t_next = 0;
      const bool keeps = c.family == 0 || c.family == 1;
      if (keeps)
        CHECK_GPURNG(gc::layout_live_init(engines[c.family], origins[c.family], states[c.family], 0,
                                          layout_output(c.kind), &live, &t_next, g_stream));
      for (int s = 0; s < 3; ++s) {
        count = kSmallSizes[s] - kSmallSizes[s] % 4;
        const cl::output o = c.family == 3 ? cl::output::u32 : layout_output(c.kind);
        const uint32_t T = keeps ? origins[c.family].threads : 1;
        const uint32_t units = keeps ? static_cast<uint32_t>(count / cl::outputs_per_unit(engines[c.family], o)) : 0;
        r.small_direct[s] = 1e3 * time_ms(keeps ? std::function<void()>([&] {
                              CHECK_GPURNG(gc::layout_live_fill(engines[c.family], t_next, live, count, o, ours, kMean,
                                                                kStddev, g_stream, c.curand_device));
                              t_next = static_cast<uint32_t>((t_next + units % T) % T);
                            })
                                                : direct);
      }
      gc::layout_states_free(live);
    }
    count = n;
    for (unsigned t : tpsm) {
      gc::layout_launch::set_threads_per_sm(t);
      r.sweep.emplace_back(t, time_ms(direct));
    }
    gc::layout_launch::set_threads_per_sm(0);
    r.ours_ms = time_ms(direct);
    CHECK_CUDA(cudaStreamSynchronize(g_stream));
    compare(c.kind, ours, theirs, n, counts, r.differ, r.far);
    // ours, public API (device memory)
    gpurngGenerator_t a = nullptr;
    if (gpurngCreateGenerator(&a, c.api_type) == GPURNG_STATUS_SUCCESS &&
        gpurngSetStream(a, reinterpret_cast<gpurngCudaStream_t>(g_stream)) == GPURNG_STATUS_SUCCESS &&
        (c.family == 3 || gpurngSetPseudoRandomGeneratorSeed(a, kSeed) == GPURNG_STATUS_SUCCESS) &&
        (!c.curand_device || gpurngSetNormalMethod(a, GPURNG_NORMAL_METHOD_CURAND_DEVICE) == GPURNG_STATUS_SUCCESS) &&
        api_call(a, c.kind, ours, n) == GPURNG_STATUS_SUCCESS) {
      r.api_ms = time_ms([&] { CHECK_GPURNG(api_call(a, c.kind, ours, n)); });
      r.small_api_us = 1e3 * time_ms([&] { CHECK_GPURNG(api_call(a, c.kind, ours, kSmall)); });
      for (int s = 0; s < 3; ++s) {
        const size_t m = kSmallSizes[s] - kSmallSizes[s] % 4;
        r.small[s][0][1] = 1e3 * time_ms([&] { CHECK_GPURNG(api_call(a, c.kind, ours, m)); });
        r.small[s][1][1] = host_us([&] { CHECK_GPURNG(api_call(a, c.kind, host_buf.data(), m)); });
        CHECK_GPURNG(api_call(a, c.kind, ours, m));  // the device-memory path again (the host call moved it)
        CHECK_CUDA(cudaStreamSynchronize(g_stream));
        constexpr int kIssued = 200;
        const auto t0 = std::chrono::steady_clock::now();
        for (int k = 0; k < kIssued; ++k) CHECK_GPURNG(api_call(a, c.kind, ours, m));
        r.small_submit[s] =
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / kIssued;
        CHECK_CUDA(cudaStreamSynchronize(g_stream));
      }
      // the API's first call from offset 0 equals cuRAND's too
      CHECK_GPURNG(gpurngSetGeneratorOffset(a, 0));
      CHECK_GPURNG(api_call(a, c.kind, ours, n));
      CHECK_CUDA(cudaStreamSynchronize(g_stream));
      unsigned long long d2, f2;
      compare(c.kind, ours, theirs, n, counts, d2, f2);
      if (f2 != r.far || (c.curand_device && d2 != 0))
        std::printf("  API output: %llu values differ from cuRAND, %llu far\n", d2, f2);
    } else {
      std::printf("  (public API path unavailable for %s %s)\n", c.engine, kind_name(c.kind));
    }
    if (a) gpurngDestroyGenerator(a);
    results.push_back(r);
    std::printf("%-17s %-14s %8.3fms %8.3fms %8.3fms %7.2fx %6.1fx %6llu/%llu  1Mi: %.1f/%.1f/%.1f us\n", c.engine,
                r.output.c_str(), r.curand_ms, r.ours_ms, r.api_ms, r.curand_ms / r.ours_ms, r.target, r.differ, r.far,
                r.small_curand_us, r.small_ours_us, r.small_api_us);
    for (auto& s : r.sweep) std::printf("    tpsm %5u: %.3f ms\n", s.first, s.second);
    std::printf("    calls, us cuRAND/API: device");
    for (int s = 0; s < 3; ++s) std::printf(" %zu: %.1f/%.1f", kSmallSizes[s], r.small[s][0][0], r.small[s][0][1]);
    std::printf(" (direct");
    for (int s = 0; s < 3; ++s) std::printf(" %.1f", r.small_direct[s]);
    std::printf(", API issue");
    for (int s = 0; s < 3; ++s) std::printf(" %.1f", r.small_submit[s]);
    std::printf(")");
    std::printf("; host");
    for (int s = 0; s < 3; ++s) std::printf(" %zu: %.1f/%.1f", kSmallSizes[s], r.small[s][1][0], r.small[s][1][1]);
    std::printf("\n");
  }

  FILE* f = std::fopen(json_path, "w");
  if (!f) {
    std::perror(json_path);
    return 1;
  }
  int drv = 0, rt = 0, cr = 0;
  cudaDriverGetVersion(&drv);
  cudaRuntimeGetVersion(&rt);
  curandGetVersion(&cr);
  std::fprintf(f, "{\n  \"benchmark\": \"curand_api_bench\",\n  \"device\": \"%s\",\n  \"command\": \"%s\",\n",
               prop.name, command.c_str());
  std::fprintf(f, "  \"cuda_driver\": %d,\n  \"cuda_runtime\": %d,\n  \"curand\": %d,\n", drv, rt, cr);
  std::fprintf(f,
               "  \"bytes\": %zu,\n  \"repetitions\": %d,\n  \"timing\": \"median of CUDA-event-timed calls after 2 "
               "warm-ups\",\n",
               kBytes, g_reps);
  std::fprintf(f, "  \"memset_ms\": %.4f,\n  \"store_floor_GBps\": %.1f,\n  \"results\": [\n", memset_ms, floor_gbps);
  for (size_t i = 0; i < results.size(); ++i) {
    const Result& r = results[i];
    const double gs = r.n / 1e9;
    std::fprintf(f,
                 "    {\"engine\": \"%s\", \"output\": \"%s\", \"n\": %zu, \"curand_ms\": %.4f, \"direct_ms\": %.4f, "
                 "\"api_ms\": %.4f, \"curand_GSps\": %.1f, \"direct_GSps\": %.1f, \"api_GSps\": %.1f, "
                 "\"ratio_direct\": %.3f, \"ratio_api\": %.3f, \"target_ratio\": %.2f, \"meets_target\": %s, "
                 "\"values_differing_from_curand\": %llu, \"values_beyond_tolerance\": %llu, "
                 "\"call_1Mi_us\": {\"curand\": %.2f, \"direct\": %.2f, \"api\": %.2f}",
                 r.engine.c_str(), r.output.c_str(), r.n, r.curand_ms, r.ours_ms, r.api_ms, gs / (r.curand_ms * 1e-3),
                 gs / (r.ours_ms * 1e-3), r.api_ms > 0 ? gs / (r.api_ms * 1e-3) : 0.0, r.curand_ms / r.ours_ms,
                 r.api_ms > 0 ? r.curand_ms / r.api_ms : 0.0, r.target,
                 r.target == 0 ? "null" : (r.curand_ms / r.ours_ms >= r.target ? "true" : "false"), r.differ, r.far,
                 r.small_curand_us, r.small_ours_us, r.small_api_us);
    std::fprintf(f, ", \"calls_us\": {");
    for (int s = 0; s < 3; ++s)
      std::fprintf(f,
                   "%s\"%zu\": {\"device\": {\"curand\": %.2f, \"api\": %.2f, \"direct\": %.2f, "
                   "\"api_issue_host_us\": %.2f}, \"host\": {\"curand_and_copy\": %.2f, \"api\": %.2f}}",
                   s ? ", " : "", kSmallSizes[s], r.small[s][0][0], r.small[s][0][1], r.small_direct[s],
                   r.small_submit[s], r.small[s][1][0], r.small[s][1][1]);
    std::fprintf(f, "}");
    if (!r.sweep.empty()) {
      std::fprintf(f, ", \"threads_per_sm_ms\": {");
      for (size_t k = 0; k < r.sweep.size(); ++k)
        std::fprintf(f, "%s\"%u\": %.4f", k ? ", " : "", r.sweep[k].first, r.sweep[k].second);
      std::fprintf(f, "}");
    }
    std::fprintf(f, "}%s\n", i + 1 < results.size() ? "," : "");
  }
  std::fprintf(f, "  ]\n}\n");
  std::fclose(f);
  for (auto* s : states) gc::layout_states_free(s);
  cudaFree(ours);
  cudaFree(theirs);
  cudaFree(counts);
  return 0;
}
#endif  // !__CUDA_ARCH__
