// SPDX-License-Identifier: BSD-3-Clause
// Split fills (gpurngGenerate*Parts) over worker lists: the parts, read in order, are what one call of the total
// writes from the same generator state, whatever the worker count (CPU lists of 1, 2, 3 and 7; on a GPU machine
// device 0 named 1, 2 and 3 times), and the generator continues where that one call leaves it. The reference is a
// second generator given the same settings and calls, one call for the whole fill.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "gpurng.h"
#include "handles.hpp"
#include "targets.hpp"

#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

using Gen = test_handles::Generator;
using Workers = test_handles::Workers;

struct Case {
  gpurngRngType_t type;
  const char* name;
  gpurngOrdering_t ordering;
  bool wide;  // 64-bit words (gpurngGenerateLongLong) instead of gpurngGenerate
};

const Case kCases[] = {
    {GPURNG_RNG_PSEUDO_RANMAR, "RANMAR", GPURNG_ORDERING_PSEUDO_DEFAULT, false},
    {GPURNG_RNG_PSEUDO_RANMAR48, "RANMAR48", GPURNG_ORDERING_PSEUDO_DEFAULT, true},
    {GPURNG_RNG_PSEUDO_RANMAR48X, "RANMAR48X", GPURNG_ORDERING_PSEUDO_DEFAULT, true},
    {GPURNG_RNG_PSEUDO_MINSTD, "MINSTD", GPURNG_ORDERING_PSEUDO_DEFAULT, false},
    {GPURNG_RNG_PSEUDO_DRAND48, "DRAND48", GPURNG_ORDERING_PSEUDO_DEFAULT, true},
    {GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3, "TYPE3", GPURNG_ORDERING_PSEUDO_DEFAULT, false},
    {GPURNG_RNG_PSEUDO_XORWOW, "XORWOW", GPURNG_ORDERING_PSEUDO_DEFAULT, false},
    {GPURNG_RNG_PSEUDO_MRG32K3A, "MRG32K3A", GPURNG_ORDERING_PSEUDO_DEFAULT, false},
    {GPURNG_RNG_PSEUDO_MRG32K3A, "MRG32K3A LEGACY", GPURNG_ORDERING_PSEUDO_LEGACY, false},
    {GPURNG_RNG_PSEUDO_PHILOX4_32_10, "PHILOX4_32_10", GPURNG_ORDERING_PSEUDO_DEFAULT, false},
    {GPURNG_RNG_PSEUDO_HYBRID_TAUS, "HYBRID_TAUS", GPURNG_ORDERING_PSEUDO_DEFAULT, false},
};

bool has_ordering(gpurngRngType_t t) {
  return t == GPURNG_RNG_PSEUDO_XORWOW || t == GPURNG_RNG_PSEUDO_MRG32K3A || t == GPURNG_RNG_PSEUDO_PHILOX4_32_10;
}

// The same settings and history on both generators: seed, stream, offset, then (g_history) for the layouts a normal
// call (another unit width: the thread positions are a cursor's, not a rebuild's) and 3 words, or a normal call and a
// rebuild (the engine's bookkeeping of its last width must follow the split's advance).
int g_history = 1;  // 0: none; 1: a normal call and 3 words; 2: a normal call, then the offset set again
void prepare(gpurngGenerator_t g, const Case& c) {
  if (has_ordering(c.type)) ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOrdering(g, c.ordering));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(g, 1802));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(g, 5));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, 1234567));
  if (g_history == 0) return;
  if (has_ordering(c.type)) {
    std::vector<float> z(1000);
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateNormal(g, z.data(), z.size(), 0.0f, 1.0f));
  }
  if (g_history == 2) {
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, 7654321));  // a rebuild after a call of width 2
    return;
  }
  unsigned w[3];
  if (!c.wide) ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerate(g, w, 3));
}

// Between the two rounds of a fill (the split's copies then follow the generator, Engine::follow): 0 nothing; 1 an
// ordinary call of 1001 words (501 64-bit words); 2 a new seed and offset; 3 the offset set 100000 further on (the
// copies' host states are then further on than the generator's, as after its own device fills).
int g_between = 0;
void between_rounds(gpurngGenerator_t g, const Case& c) {
  if (g_between == 1) {
    if (c.wide) {
      std::vector<unsigned long long> w(501);
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateLongLong(g, w.data(), w.size()));
    } else {
      std::vector<unsigned> w(1001);
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerate(g, w.data(), w.size()));
    }
  } else if (g_between == 2) {
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(g, 99));
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, 4321));
  } else if (g_between == 3) {
    unsigned long long at = 0;
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(g, &at));
    ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, at + 100000));
  }
}

// One call of the whole fill, `rounds` times (its words as 64-bit values), then the next 5 uniform doubles.
std::vector<uint64_t> one_call(const Case& c, size_t total, int rounds = 2) {
  Gen g(c.type);
  prepare(g, c);
  std::vector<uint64_t> out(size_t(rounds) * total + 5);
  for (int round = 0; round < rounds; ++round) {
    if (round == 1) between_rounds(g, c);
    uint64_t* to = out.data() + size_t(round) * total;
    if (c.wide) {
      EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateLongLong(g, reinterpret_cast<unsigned long long*>(to), total));
    } else {
      std::vector<unsigned> w(total);
      EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerate(g, w.data(), total));
      std::copy(w.begin(), w.end(), to);
    }
  }
  double after[5];
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDouble(g, after, 5));
  for (int i = 0; i < 5; ++i) std::memcpy(&out[size_t(rounds) * total + size_t(i)], &after[i], 8);
  return out;
}

// The same through gpurngGenerate(LongLong)Parts with `counts`, twice (the second call on the copies the first one
// kept, after between_rounds); `alloc` / `read` give each part's buffer.
using Alloc = std::function<void*(int worker, size_t bytes)>;
using Read = std::function<void(const void* buf, void* host, size_t bytes)>;
std::vector<uint64_t> split_call(const Case& c, gpurngWorkers_t w, const std::vector<size_t>& counts,
                                 const Alloc& alloc, const Read& read) {
  Gen g(c.type);
  prepare(g, c);
  size_t total = 0;
  for (size_t n : counts) total += n;
  const size_t word = c.wide ? 8 : 4;
  std::vector<void*> bufs(counts.size());
  for (size_t i = 0; i < counts.size(); ++i) bufs[i] = counts[i] ? alloc(int(i), counts[i] * word) : nullptr;
  std::vector<uint64_t> out(2 * total + 5);
  size_t at = 0;
  for (int round = 0; round < 2; ++round) {
    if (round == 1) between_rounds(g, c);
    const gpurngStatus_t st =
        c.wide ? gpurngGenerateLongLongParts(g, w, reinterpret_cast<unsigned long long* const*>(bufs.data()),
                                             counts.data())
               : gpurngGenerateParts(g, w, reinterpret_cast<unsigned* const*>(bufs.data()), counts.data());
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, st) << c.name;
    for (size_t i = 0; i < counts.size(); ++i) {
      if (!counts[i]) continue;
      if (c.wide) {
        read(bufs[i], &out[at], counts[i] * 8);
      } else {
        std::vector<unsigned> h(counts[i]);
        read(bufs[i], h.data(), counts[i] * 4);
        std::copy(h.begin(), h.end(), out.begin() + long(at));
      }
      at += counts[i];
    }
  }
  double after[5];
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDouble(g, after, 5));
  for (int i = 0; i < 5; ++i) std::memcpy(&out[2 * total + size_t(i)], &after[i], 8);
  return out;
}

std::vector<std::vector<char>> g_host;  // host buffers of the current split
void* host_alloc(int, size_t bytes) {
  g_host.emplace_back(bytes);
  return g_host.back().data();
}
void host_read(const void* buf, void* host, size_t bytes) { std::memcpy(host, buf, bytes); }

TEST(SplitFills, CpuWorkerListsGiveOneCallsNumbers) {
  const size_t total = 1000003;
  for (int history : {1, 0, 2})
    for (int between : {0, 1, 2, 3})
      for (const Case& c : kCases) {
        if (history != 1 && between != history) continue;  // every change between the rounds after history 1
        g_history = history;
        g_between = between;
        const std::vector<uint64_t> want = one_call(c, total);
        for (int workers : {1, 2, 3, 7}) {
          Workers w(GPURNG_BACKEND_CPU, {}, workers);
          std::vector<size_t> counts(static_cast<size_t>(workers));
          ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSplitCount(w, total, counts.data()));
          g_host.clear();
          EXPECT_TRUE(split_call(c, w, counts, host_alloc, host_read) == want)
              << c.name << ", " << workers << " workers";
          if (workers == 3) {  // uneven parts, one empty (its pointer is not read)
            const std::vector<size_t> uneven = {17, 0, total - 17};
            g_host.clear();
            EXPECT_TRUE(split_call(c, w, uneven, host_alloc, host_read) == want) << c.name << ", uneven";
          }
        }
      }
}

// Parts of one call on copies of a generator (gpurngGenerate*Part: what each MPI rank does under the block policy):
// the copies' parts, in order, are the one call, and every copy then continues where the call leaves the generator.
TEST(SplitFills, PartsOnCopiesGiveOneCallsNumbers) {
  const size_t total = 1000003;
  for (int history : {1, 0, 2})
    for (const Case& c : kCases) {
      g_history = history;
      const std::vector<uint64_t> want = one_call(c, total, 1);
      for (int copies : {1, 3, 8}) {
        std::vector<uint64_t> joined;
        for (int r = 0; r < copies; ++r) {  // copy r: its part [a, b), then the next 5 doubles
          Gen g(c.type);
          prepare(g, c);
          const size_t a = total * size_t(r) / size_t(copies), b = total * size_t(r + 1) / size_t(copies);
          std::vector<uint64_t> part(b - a);
          if (c.wide) {
            ASSERT_EQ(
                GPURNG_STATUS_SUCCESS,
                gpurngGenerateLongLongPart(g, total, a, b - a, reinterpret_cast<unsigned long long*>(part.data())));
          } else {
            std::vector<unsigned> w(b - a);
            ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGeneratePart(g, total, a, b - a, w.data()));
            std::copy(w.begin(), w.end(), part.begin());
          }
          joined.insert(joined.end(), part.begin(), part.end());
          double after[5];
          ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDouble(g, after, 5));
          for (int i = 0; i < 5; ++i) {
            uint64_t u;
            std::memcpy(&u, &after[i], 8);
            EXPECT_EQ(u, want[total + size_t(i)]) << c.name << ": copy " << r << " continues elsewhere";
          }
        }
        EXPECT_TRUE(std::equal(joined.begin(), joined.end(), want.begin())) << c.name << ", " << copies << " copies";
      }
    }
  Gen g(GPURNG_RNG_PSEUDO_MINSTD);
  unsigned w[4];
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngGeneratePart(g, 10, 8, 4, w));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngGeneratePart(g, 10, 0, 4, nullptr));
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngGeneratePart(nullptr, 10, 0, 4, w));
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGeneratePart(g, 10, 0, 0, nullptr));  // an empty part still moves
  unsigned long long at = 0;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(g, &at));
  EXPECT_EQ(at, 10u);
  Gen q(GPURNG_RNG_QUASI_SOBOL32);
  EXPECT_EQ(GPURNG_STATUS_TYPE_ERROR, gpurngGeneratePart(q, 10, 0, 4, w));
}

TEST(SplitFills, SplitCountIsByPosition) {
  Workers w(GPURNG_BACKEND_CPU, {}, 7);
  std::vector<size_t> counts(7);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSplitCount(w, 100, counts.data()));
  const std::vector<size_t> want = {14, 14, 14, 15, 14, 14, 15};  // floor(100 i / 7) boundaries
  EXPECT_EQ(counts, want);
  int n = 0;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetWorkerCount(w, &n));
  EXPECT_EQ(n, 7);
}

// Floats and doubles too (the same positions as the integers, another conversion).
TEST(SplitFills, UniformOutputs) {
  Workers w(GPURNG_BACKEND_CPU, {}, 3);
  const size_t counts[3] = {1000, 2001, 3};
  Gen a(GPURNG_RNG_PSEUDO_PHILOX4_32_10), b(GPURNG_RNG_PSEUDO_PHILOX4_32_10);
  std::vector<float> one(3004), p0(1000), p1(2001), p2(3);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniform(a, one.data(), one.size()));
  float* const fparts[3] = {p0.data(), p1.data(), p2.data()};
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformParts(b, w, fparts, counts));
  std::vector<float> joined(p0);
  joined.insert(joined.end(), p1.begin(), p1.end());
  joined.insert(joined.end(), p2.begin(), p2.end());
  EXPECT_EQ(0, std::memcmp(one.data(), joined.data(), one.size() * 4));
  std::vector<double> d1(3004), q0(1000), q1(2001), q2(3);
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDouble(a, d1.data(), d1.size()));
  double* const dparts[3] = {q0.data(), q1.data(), q2.data()};
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateUniformDoubleParts(b, w, dparts, counts));
  std::vector<double> dj(q0);
  dj.insert(dj.end(), q1.begin(), q1.end());
  dj.insert(dj.end(), q2.begin(), q2.end());
  EXPECT_EQ(0, std::memcmp(d1.data(), dj.data(), d1.size() * 8));
}

TEST(SplitFills, BadInput) {
  gpurngWorkers_t w = nullptr;
  const int devices[2] = {0, 0};
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngCreateWorkers(nullptr, GPURNG_BACKEND_CPU, nullptr, 1));
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngCreateWorkers(&w, GPURNG_BACKEND_CPU, nullptr, 0));  // empty list
  EXPECT_EQ(w, nullptr);
  EXPECT_EQ(GPURNG_STATUS_OUT_OF_RANGE, gpurngCreateWorkers(&w, GPURNG_BACKEND_CPU, nullptr, 1025));
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngCreateWorkers(&w, static_cast<gpurngBackend_t>(7), devices, 1));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngCreateWorkers(&w, GPURNG_BACKEND_CUDA, nullptr, 1));
  const int far[1] = {1 << 20}, negative[1] = {-1};
  const gpurngStatus_t want_far = gpurngCreateWorkers(&w, GPURNG_BACKEND_CUDA, devices, 1) == GPURNG_STATUS_SUCCESS
                                      ? GPURNG_STATUS_OUT_OF_RANGE
                                      : GPURNG_STATUS_INITIALIZATION_FAILED;
  if (w) gpurngDestroyWorkers(w);
  w = nullptr;
  EXPECT_EQ(want_far, gpurngCreateWorkers(&w, GPURNG_BACKEND_CUDA, far, 1));
  EXPECT_EQ(want_far, gpurngCreateWorkers(&w, GPURNG_BACKEND_CUDA, negative, 1));
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngDestroyWorkers(nullptr));

  Workers cpu(GPURNG_BACKEND_CPU, {}, 2);
  Gen g(GPURNG_RNG_PSEUDO_MINSTD);
  unsigned a[4], b[4];
  unsigned* const outs[2] = {a, b};
  const size_t counts[2] = {4, 4};
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngGenerateParts(nullptr, cpu, outs, counts));
  EXPECT_EQ(GPURNG_STATUS_NOT_INITIALIZED, gpurngGenerateParts(g, nullptr, outs, counts));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngGenerateParts(g, cpu, nullptr, counts));
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngGenerateParts(g, cpu, outs, nullptr));
  unsigned* const holes[2] = {a, nullptr};
  EXPECT_EQ(GPURNG_STATUS_NULL_POINTER, gpurngGenerateParts(g, cpu, holes, counts));
  unsigned long long* const wide[2] = {nullptr, nullptr};
  EXPECT_EQ(GPURNG_STATUS_TYPE_ERROR, gpurngGenerateLongLongParts(g, cpu, wide, counts));  // MINSTD has no u64
  Gen q(GPURNG_RNG_QUASI_SOBOL32);
  EXPECT_EQ(GPURNG_STATUS_TYPE_ERROR, gpurngGenerateParts(q, cpu, outs, counts));  // not one flat stream
  // The stream's end: STREAM_END for the total, the position kept.
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorStream(g, 3));
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g, (uint64_t{1} << 24) - 7));
  EXPECT_EQ(GPURNG_STATUS_STREAM_END, gpurngGenerateParts(g, cpu, outs, counts));
  unsigned long long at = 0;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(g, &at));
  EXPECT_EQ(at, (uint64_t{1} << 24) - 7);
  const size_t fits[2] = {4, 3};
  EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngGenerateParts(g, cpu, outs, fits));
}

#if GPURNG_TEST_HAVE_CUDA
bool have_gpu() { return gpurng_test::gpu_usable(); }

std::vector<void*> g_device;
void* device_alloc(int, size_t bytes) {
  void* p = nullptr;
  EXPECT_EQ(cudaSuccess, cudaMalloc(&p, bytes));
  g_device.push_back(p);
  return p;
}
void device_read(const void* buf, void* host, size_t bytes) {
  EXPECT_EQ(cudaSuccess, cudaMemcpy(host, buf, bytes, cudaMemcpyDeviceToHost));
}
void free_device() {
  for (void* p : g_device) cudaFree(p);
  g_device.clear();
}

// One GPU named 1, 2 and 3 times: the same numbers as one call (the reference runs on whatever the default backend
// is; the split on the named device's workers).
TEST(SplitFillsGpu, OneDeviceNamedSeveralTimes) {
  if (!have_gpu()) GTEST_SKIP() << "no GPU";
  const size_t total = (size_t{1} << 22) + 5;
  for (int between : {0, 1, 2})
    for (const Case& c : kCases) {
      g_between = between;
      const std::vector<uint64_t> want = one_call(c, total);
      for (int times : {1, 2, 3}) {
        Workers w(GPURNG_BACKEND_CUDA, std::vector<int>(size_t(times), 0), times);
        std::vector<size_t> counts(static_cast<size_t>(times));
        ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSplitCount(w, total, counts.data()));
        EXPECT_TRUE(split_call(c, w, counts, device_alloc, device_read) == want) << c.name << ", named " << times;
        free_device();
      }
    }
}

// Every visible GPU (the multigpu label's machines): the same numbers on 1, 2 and all devices.
TEST(SplitFillsGpu, EveryDevice) {
  g_between = 0;
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess || n < 2) GTEST_SKIP() << "fewer than two GPUs";
  const size_t total = (size_t{1} << 22) + 7;  // twice, from offset 1234567: inside MINSTD's 2^24-number streams
  for (const Case& c : kCases) {
    const std::vector<uint64_t> want = one_call(c, total);
    for (int devices : {1, 2, n}) {
      std::vector<int> list(static_cast<size_t>(devices));
      for (int i = 0; i < devices; ++i) list[size_t(i)] = i;
      Workers w(GPURNG_BACKEND_CUDA, list, devices);
      std::vector<size_t> counts(static_cast<size_t>(devices));
      ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngSplitCount(w, total, counts.data()));
      Alloc on_device = [](int worker, size_t bytes) {
        cudaSetDevice(worker);
        void* p = device_alloc(worker, bytes);
        cudaSetDevice(0);
        return p;
      };
      EXPECT_TRUE(split_call(c, w, counts, on_device, device_read) == want) << c.name << ", " << devices << " GPUs";
      free_device();
    }
  }
}

// An output on the wrong memory: INVALID_VALUE, nothing moved.
TEST(SplitFillsGpu, WrongMemory) {
  if (!have_gpu()) GTEST_SKIP() << "no GPU";
  Workers gpu(GPURNG_BACKEND_CUDA, {0}, 1);
  Workers cpu(GPURNG_BACKEND_CPU, {}, 1);
  Gen g(GPURNG_RNG_PSEUDO_PHILOX4_32_10);
  std::vector<unsigned> host(16);
  unsigned* dev = nullptr;
  ASSERT_EQ(cudaSuccess, cudaMalloc(&dev, 64));
  const size_t count[1] = {16};
  unsigned* const h[1] = {host.data()};
  unsigned* const d[1] = {dev};
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngGenerateParts(g, gpu, h, count));
  EXPECT_EQ(GPURNG_STATUS_INVALID_VALUE, gpurngGenerateParts(g, cpu, d, count));
  unsigned long long at = 1;
  ASSERT_EQ(GPURNG_STATUS_SUCCESS, gpurngGetGeneratorOffset(g, &at));
  EXPECT_EQ(at, 0u);
  cudaFree(dev);
}
#endif

}  // namespace
