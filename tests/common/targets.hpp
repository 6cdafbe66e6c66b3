// SPDX-License-Identifier: BSD-3-Clause
// Where a test runs a generator: backend x memory kind. Every stream test loops over all_targets(), so
// each check runs on the CPU backend everywhere and, where a GPU is usable, also on CUDA with device and
// host output and on the CPU backend writing into device memory.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gpurng.h"

#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace gpurng_test {

struct Target {
  std::string name;
  bool cuda_backend;    // the generator runs on CUDA
  bool device_memory;   // output goes to cudaMalloc'ed memory
  bool host_generator;  // made by gpurngCreateGeneratorHost
};

inline bool gpu_usable() {
#if GPURNG_TEST_HAVE_CUDA
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
#else
  return false;
#endif
}

inline std::vector<Target> all_targets() {
  std::vector<Target> t = {{"cpu-host-generator", false, false, true}};
  if (gpu_usable()) {
    t.push_back({"cuda-device-memory", true, true, false});
    t.push_back({"cuda-host-memory", true, false, false});
    t.push_back({"cpu-backend-device-memory", false, true, false});
  } else {
    t.push_back({"auto-backend-no-gpu", false, false, false});
  }
  return t;
}

inline gpurngGenerator_t make_generator(const Target& t, gpurngRngType_t type) {
  gpurngGenerator_t g = nullptr;
  gpurngStatus_t st;
  if (t.host_generator) {
    st = gpurngCreateGeneratorHost(&g, type);
  } else {
    const char* prev = std::getenv("GPURNG_BACKEND");
    std::string saved = prev ? prev : "";
    setenv("GPURNG_BACKEND", t.cuda_backend ? "cuda" : (gpu_usable() ? "cpu" : "auto"), 1);
    st = gpurngCreateGenerator(&g, type);
    if (prev)
      setenv("GPURNG_BACKEND", saved.c_str(), 1);
    else
      unsetenv("GPURNG_BACKEND");
  }
  EXPECT_EQ(st, GPURNG_STATUS_SUCCESS) << t.name;
  gpurngBackend_t b;
  EXPECT_EQ(gpurngGetBackend(g, &b), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(b, t.cuda_backend ? GPURNG_BACKEND_CUDA : GPURNG_BACKEND_CPU) << t.name;
  return g;
}

inline gpurngStatus_t call_generate(gpurngGenerator_t g, unsigned* p, size_t n) { return gpurngGenerate(g, p, n); }
inline gpurngStatus_t call_generate(gpurngGenerator_t g, unsigned long long* p, size_t n) {
  return gpurngGenerateLongLong(g, p, n);
}
inline gpurngStatus_t call_generate(gpurngGenerator_t g, float* p, size_t n) { return gpurngGenerateUniform(g, p, n); }
inline gpurngStatus_t call_generate(gpurngGenerator_t g, double* p, size_t n) {
  return gpurngGenerateUniformDouble(g, p, n);
}

// Generate n values into out[offset .. offset+n) of a buffer of the target's memory kind, where the
// buffer holds `out` on entry (so untouched elements can be checked) and the result on return.
template <typename T>
gpurngStatus_t generate_into(const Target& t, gpurngGenerator_t g, std::vector<T>& out, size_t offset, size_t n) {
#if GPURNG_TEST_HAVE_CUDA
  if (t.device_memory) {
    T* d = nullptr;
    EXPECT_EQ(cudaMalloc(&d, out.size() * sizeof(T)), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(d, out.data(), out.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
    const gpurngStatus_t st = call_generate(g, d + offset, n);
    EXPECT_EQ(cudaMemcpy(out.data(), d, out.size() * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    cudaFree(d);
    return st;
  }
#endif
  (void)t;
  return call_generate(g, out.data() + offset, n);
}

// n values from the generator's current position.
template <typename T>
std::vector<T> draw(const Target& t, gpurngGenerator_t g, size_t n) {
  std::vector<T> out(n);
  EXPECT_EQ(generate_into(t, g, out, 0, n), GPURNG_STATUS_SUCCESS) << t.name;
  return out;
}

inline const char* type_name(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_PSEUDO_RANMAR:
      return "RANMAR";
    case GPURNG_RNG_PSEUDO_RANMAR48:
      return "RANMAR48";
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      return "RANMAR48X";
  }
  return "?";
}

constexpr gpurngRngType_t kRanmarTypes[] = {GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RNG_PSEUDO_RANMAR48,
                                            GPURNG_RNG_PSEUDO_RANMAR48X};

// Bitwise equality, so float results are compared exactly (and -0/NaN cannot hide).
template <typename T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <typename T>
::testing::AssertionResult same_stream(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << "size " << got.size() << " != " << want.size();
  for (size_t i = 0; i < got.size(); ++i)
    if (!same_bits(got[i], want[i]))
      return ::testing::AssertionFailure()
             << "first difference at index " << i << ": got " << got[i] << ", want " << want[i];
  return ::testing::AssertionSuccess();
}

}  // namespace gpurng_test
