// SPDX-License-Identifier: BSD-3-Clause
// The prefetch ring never loses, repeats or reorders a number: long runs of legacy-sized host requests
// mixed with large requests, device-memory requests, offset queries, save/restore, reseeding, output-kind
// changes, ring resizing and the zero-copy call, each compared with the reference stream.
#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "ring_checker.hpp"
#include "targets.hpp"

namespace {

using namespace gpurng_test;

// Host-memory targets (the ring serves host memory); device requests are mixed in where a GPU exists.
std::vector<Target> host_targets() {
  std::vector<Target> out;
  for (const Target& t : all_targets())
    if (!t.device_memory) out.push_back(t);
  return out;
}

struct DeviceBuffer {
  void* p = nullptr;
  explicit DeviceBuffer(size_t bytes) {
#if GPURNG_TEST_HAVE_CUDA
    if (bytes && gpu_usable()) cudaMalloc(&p, bytes);
#else
    (void)bytes;
#endif
  }
  ~DeviceBuffer() {
#if GPURNG_TEST_HAVE_CUDA
    if (p) cudaFree(p);
#endif
  }
};

template <typename T>
void copy_back(T* host, const void* device, size_t n) {
#if GPURNG_TEST_HAVE_CUDA
  ASSERT_EQ(cudaMemcpy(host, device, n * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
#else
  (void)host, (void)device, (void)n;
  FAIL() << "no CUDA";
#endif
}

// The long mixed run. Returns the numbers checked.
template <typename T>
unsigned long long mixed_run(const Target& t, gpurngRngType_t type, unsigned long long seed, unsigned long long numbers,
                             unsigned rng_seed) {
  gpurngGenerator_t g = make_generator(t, type);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, seed), GPURNG_STATUS_SUCCESS);
  StreamChecker<T> check(type, seed);
  std::mt19937_64 rng(rng_seed);
  const size_t kMaxDevice = 300000;
  // Host generators take host memory only (their contract), so device requests go to the others.
  DeviceBuffer dev(t.host_generator ? 0 : kMaxDevice * sizeof(T));
  std::vector<T> buf(200000), again(200000);
  unsigned long long calls = 0;
  bool ok = true;
  while (ok && check.checked() < numbers) {
    ++calls;
    const unsigned what = rng() % 10000;
    if (what < 3 && dev.p) {  // a device-memory request
      const size_t n = 1 + rng() % kMaxDevice;
      EXPECT_EQ(call_generate(g, static_cast<T*>(dev.p), n), GPURNG_STATUS_SUCCESS);
      std::vector<T> host(n);
      copy_back(host.data(), dev.p, n);
      ok = check.check(host.data(), n);
    } else if (what < 6) {  // a large host request: drains the ring, then a direct fill
      const size_t n = 150000 + rng() % 50000;
      EXPECT_EQ(call_generate(g, buf.data(), n), GPURNG_STATUS_SUCCESS);
      ok = check.check(buf.data(), n);
    } else if (what < 10) {  // save, draw, restore, draw the same again
      unsigned long long saved = 0;
      EXPECT_EQ(gpurngGetGeneratorOffset(g, &saved), GPURNG_STATUS_SUCCESS);
      const size_t n = 1 + rng() % 5000;
      EXPECT_EQ(call_generate(g, buf.data(), n), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(gpurngSetGeneratorOffset(g, saved), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(call_generate(g, again.data(), n), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(std::memcmp(buf.data(), again.data(), n * sizeof(T)), 0) << "restore at " << saved;
      ok = check.check(buf.data(), n);
    } else if (what < 60) {  // the position is the caller's
      unsigned long long pos = 0;
      EXPECT_EQ(gpurngGetGeneratorOffset(g, &pos), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(pos, check.checked());
      ok = pos == check.checked();
    } else {
      const size_t n = legacy_request_size(rng);
      EXPECT_EQ(call_generate(g, buf.data(), n), GPURNG_STATUS_SUCCESS);
      ok = check.check(buf.data(), n);
    }
  }
  gpurngDestroyGenerator(g);
  return check.checked();
}

TEST(RingStream, Ranmar48DoublesMixedRequests) {
  const unsigned long long numbers = ring_test_numbers(100000000);
  for (const Target& t : host_targets()) {
    SCOPED_TRACE(t.name);
    EXPECT_GE(mixed_run<double>(t, GPURNG_RNG_PSEUDO_RANMAR48, 54217137, numbers, 1), numbers);
  }
}

TEST(RingStream, RanmarFloatsAndRanmar48XMixedRequests) {
  const unsigned long long numbers = ring_test_numbers(20000000) / 10;
  for (const Target& t : host_targets()) {
    SCOPED_TRACE(t.name);
    EXPECT_GE(mixed_run<float>(t, GPURNG_RNG_PSEUDO_RANMAR, 1, numbers, 2), numbers);
    EXPECT_GE(mixed_run<unsigned long long>(t, GPURNG_RNG_PSEUDO_RANMAR48X, 777, numbers, 3), numbers);
    EXPECT_GE(mixed_run<unsigned>(t, GPURNG_RNG_PSEUDO_RANMAR, 900000000, numbers, 4), numbers);
  }
}

// Changing the output kind mid-stream restarts the ring at the caller's position.
TEST(RingStream, OutputKindChanges) {
  for (const Target& t : host_targets()) {
    SCOPED_TRACE(t.name);
    gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR);
    StreamChecker<float> f(GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RANMAR_DEFAULT_SEED);
    StreamChecker<double> d(GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RANMAR_DEFAULT_SEED);
    StreamChecker<unsigned> u(GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RANMAR_DEFAULT_SEED);
    std::mt19937 rng(5);
    std::vector<float> fb(100);
    std::vector<double> db(100);
    std::vector<unsigned> ub(100);
    const int calls = static_cast<int>(ring_test_numbers(20000000) / 7000);  // each change restarts the ring
    for (int call = 0; call < calls; ++call) {
      const size_t n = 1 + rng() % 100;
      // Every checker follows the whole stream: skip the others over this call's numbers.
      switch (rng() % 3) {
        case 0:
          ASSERT_EQ(gpurngGenerateUniform(g, fb.data(), n), GPURNG_STATUS_SUCCESS);
          ASSERT_TRUE(f.check(fb.data(), n));
          d.check(d.peek(n).data(), n);
          u.check(u.peek(n).data(), n);
          break;
        case 1:
          ASSERT_EQ(gpurngGenerateUniformDouble(g, db.data(), n), GPURNG_STATUS_SUCCESS);
          ASSERT_TRUE(d.check(db.data(), n));
          f.check(f.peek(n).data(), n);
          u.check(u.peek(n).data(), n);
          break;
        default:
          ASSERT_EQ(gpurngGenerate(g, ub.data(), n), GPURNG_STATUS_SUCCESS);
          ASSERT_TRUE(u.check(ub.data(), n));
          f.check(f.peek(n).data(), n);
          d.check(d.peek(n).data(), n);
      }
    }
    gpurngDestroyGenerator(g);
  }
}

// Reseeding keeps the caller's position (cuRAND's rule), whatever the ring had made.
TEST(RingStream, ReseedActsAtTheCallersPosition) {
  for (const Target& t : host_targets()) {
    SCOPED_TRACE(t.name);
    gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR48);
    std::vector<double> x(1000);
    ASSERT_EQ(gpurngGenerateUniformDouble(g, x.data(), 10), GPURNG_STATUS_SUCCESS);  // the ring runs ahead
    ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, 12345), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngGenerateUniformDouble(g, x.data(), 1000), GPURNG_STATUS_SUCCESS);
    StreamChecker<double> ref(GPURNG_RNG_PSEUDO_RANMAR48, 12345);
    std::vector<double> skip = ref.peek(10);  // the 10 numbers drawn under the old seed
    ref.check(skip.data(), 10);
    EXPECT_TRUE(ref.check(x.data(), 1000));
    gpurngDestroyGenerator(g);
  }
}

// Moving the offset back or forward while the ring holds numbers: the next request, even into the same
// buffer (the inline fast path), starts at the new offset.
TEST(RingStream, OffsetChangesActAtOnce) {
  for (const Target& t : host_targets()) {
    SCOPED_TRACE(t.name);
    gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR48);
    StreamChecker<unsigned long long> ref(GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RANMAR_DEFAULT_SEED);
    const std::vector<unsigned long long> first = ref.peek(1010);
    unsigned long long a[3], b[3];
    ASSERT_EQ(gpurngGenerateLongLong(g, a, 3), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetGeneratorOffset(g, 0), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngGenerateLongLong(g, a, 3), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(std::equal(a, a + 3, first.begin())) << "back to offset 0";
    ASSERT_EQ(gpurngSetGeneratorOffset(g, 1000), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngGenerateLongLong(g, a, 3), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(std::equal(a, a + 3, first.begin() + 1000)) << "forward to offset 1000";
    ASSERT_EQ(gpurngSetGeneratorOffset(g, 1), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngGenerateLongLong(g, b, 3), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(std::equal(b, b + 3, first.begin() + 1)) << "back to offset 1";
    gpurngDestroyGenerator(g);
  }
}

// Ring sizes, including none, give the same stream; absurd sizes are refused.
TEST(RingStream, PrefetchSizes) {
  const struct {
    size_t slab;
    unsigned slabs;
  } sizes[] = {{1024, 2}, {4096, 3}, {1 << 20, 2}, {0, 0}, {65536, 16}};
  for (const auto& s : sizes) {
    SCOPED_TRACE(s.slab);
    gpurngGenerator_t g = nullptr;
    ASSERT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_RANMAR48), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngSetPrefetch(g, s.slab, s.slabs), GPURNG_STATUS_SUCCESS);
    StreamChecker<double> ref(GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RANMAR_DEFAULT_SEED);
    std::mt19937 rng(9);
    std::vector<double> x(5000);
    for (int call = 0; call < 2000; ++call) {
      const size_t n = 1 + rng() % 5000;
      ASSERT_EQ(gpurngGenerateUniformDouble(g, x.data(), n), GPURNG_STATUS_SUCCESS);
      ASSERT_TRUE(ref.check(x.data(), n));
      if (call == 1000) ASSERT_EQ(gpurngSetPrefetch(g, 2048, 5), GPURNG_STATUS_SUCCESS);  // resize mid-stream
    }
    gpurngDestroyGenerator(g);
  }
  gpurngGenerator_t g = nullptr;
  ASSERT_EQ(gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetPrefetch(g, 1023, 4), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPrefetch(g, size_t(1) << 27, 4), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPrefetch(g, 4096, 1), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPrefetch(g, 4096, 65), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPrefetch(g, size_t(1) << 26, 64), GPURNG_STATUS_OUT_OF_RANGE);  // 32 GiB
  EXPECT_EQ(gpurngSetPrefetch(g, static_cast<size_t>(-1), 2), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPrefetch(nullptr, 4096, 4), GPURNG_STATUS_NOT_INITIALIZED);
  gpurngDestroyGenerator(g);
  for (const char* bad : {"12", "x4", "4096x", "4096x4y", "-4096x4", "abc"}) {
    setenv("GPURNG_PREFETCH", bad, 1);
    gpurngGenerator_t h = nullptr;
    EXPECT_EQ(gpurngCreateGeneratorHost(&h, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_INVALID_VALUE) << bad;
    EXPECT_EQ(h, nullptr);
  }
  for (const char* big : {"100x4", "4096x0", "4096x99"}) {
    setenv("GPURNG_PREFETCH", big, 1);
    gpurngGenerator_t h = nullptr;
    EXPECT_EQ(gpurngCreateGeneratorHost(&h, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_OUT_OF_RANGE) << big;
  }
  setenv("GPURNG_PREFETCH", "off", 1);
  gpurngGenerator_t h = nullptr;
  EXPECT_EQ(gpurngCreateGeneratorHost(&h, GPURNG_RNG_PSEUDO_RANMAR), GPURNG_STATUS_SUCCESS);
  gpurngDestroyGenerator(h);
  unsetenv("GPURNG_PREFETCH");
}

// The zero-copy call hands out the stream in order, across slab boundaries, and refuses misuse.
TEST(RingStream, ZeroCopy) {
  for (const Target& t : host_targets()) {
    SCOPED_TRACE(t.name);
    gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR48);
    ASSERT_EQ(gpurngSetPrefetch(g, 4096, 3), GPURNG_STATUS_SUCCESS);
    StreamChecker<double> ref(GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RANMAR_DEFAULT_SEED);
    std::mt19937 rng(11);
    std::vector<double> x(4096);
    for (int call = 0; call < 5000; ++call) {
      const size_t n = 1 + rng() % (call % 7 == 0 ? 4096 : 20);
      if (call % 3 == 0) {  // mixed with ordinary calls
        ASSERT_EQ(gpurngGenerateUniformDouble(g, x.data(), n), GPURNG_STATUS_SUCCESS);
        ASSERT_TRUE(ref.check(x.data(), n));
      } else {
        const double* p = nullptr;
        ASSERT_EQ(gpurngAcquireUniformDouble(g, n, &p), GPURNG_STATUS_SUCCESS);
        ASSERT_NE(p, nullptr);
        ASSERT_TRUE(ref.check(p, n));
      }
    }
    const double* p = reinterpret_cast<const double*>(&x);
    EXPECT_EQ(gpurngAcquireUniformDouble(g, 0, &p), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(p, nullptr);
    EXPECT_EQ(gpurngAcquireUniformDouble(g, 4097, &p), GPURNG_STATUS_OUT_OF_RANGE);
    EXPECT_EQ(gpurngAcquireUniformDouble(g, 10, nullptr), GPURNG_STATUS_NULL_POINTER);
    EXPECT_EQ(gpurngAcquireUniformDouble(nullptr, 10, &p), GPURNG_STATUS_NOT_INITIALIZED);
    const unsigned* u = nullptr;
    EXPECT_EQ(gpurngAcquire(g, 10, &u), GPURNG_STATUS_TYPE_ERROR);  // 48-bit engine: no 32-bit integers
    // Nothing above moved the stream.
    ASSERT_EQ(gpurngGenerateUniformDouble(g, x.data(), 100), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(ref.check(x.data(), 100));
    // Without a ring the call still works, up to the default slab size.
    ASSERT_EQ(gpurngSetPrefetch(g, 0, 0), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngAcquireUniformDouble(g, 1000, &p), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(ref.check(p, 1000));
    gpurngDestroyGenerator(g);
  }
}

// Two threads, each with its own generators, at once: neither blocks nor disturbs the other.
TEST(RingStream, ThreadsWithTheirOwnGenerators) {
  const int calls = static_cast<int>(ring_test_numbers(20000000) / 100);
  auto worker = [calls](unsigned long long seed, bool* ok) {
    gpurngGenerator_t a = nullptr, b = nullptr;
    *ok = gpurngCreateGeneratorHost(&a, GPURNG_RNG_PSEUDO_RANMAR48) == GPURNG_STATUS_SUCCESS &&
          gpurngCreateGeneratorHost(&b, GPURNG_RNG_PSEUDO_RANMAR) == GPURNG_STATUS_SUCCESS &&
          gpurngSetPseudoRandomGeneratorSeed(a, seed) == GPURNG_STATUS_SUCCESS &&
          gpurngSetPseudoRandomGeneratorSeed(b, seed) == GPURNG_STATUS_SUCCESS;
    StreamChecker<double> ra(GPURNG_RNG_PSEUDO_RANMAR48, seed);
    StreamChecker<float> rb(GPURNG_RNG_PSEUDO_RANMAR, seed);
    std::mt19937 rng(static_cast<unsigned>(seed));
    double x[16];
    float y[16];
    for (int call = 0; call < calls && *ok; ++call) {
      const size_t n = 1 + rng() % 16;
      *ok = gpurngGenerateUniformDouble(a, x, n) == GPURNG_STATUS_SUCCESS && ra.check(x, n) &&
            gpurngGenerateUniform(b, y, n) == GPURNG_STATUS_SUCCESS && rb.check(y, n);
    }
    gpurngDestroyGenerator(a);
    gpurngDestroyGenerator(b);
  };
  bool ok1 = false, ok2 = false;
  std::thread t1(worker, 1111, &ok1), t2(worker, 2222, &ok2);
  t1.join();
  t2.join();
  EXPECT_TRUE(ok1);
  EXPECT_TRUE(ok2);
}

}  // namespace
