// SPDX-License-Identifier: BSD-3-Clause
// The classic engines through the C API (MINSTD, MINSTD48271, DRAND48, GLIBC_RANDOM_TYPE0..4) on whatever
// backend GPURNG_BACKEND picks, against the naive reference of tests/reference/legacy_c_reference.h (written
// separately from the algorithms): every output type, seeds, offsets, chunked requests, far jumps, device
// memory where a GPU is usable, and the Park-Miller entry points. Expected floats and doubles are formed
// here from the reference integers with the formulas gpurng.h documents.
#include <gpurng.h>
#include <gtest/gtest.h>
#include <math.h>
#include <stdint.h>

#include <vector>

#include "legacy_c_reference.h"
#if GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

constexpr double kM = 2147483647.0;

// A stream of the reference: raw integers as the engine defines them, plus the pieces that the float and
// double conversions need.
struct RefStream {
  gpurngRngType_t type;
  uint64_t seed;
  ref_random_state random{};
  ref_drand48_state lcg{};
  uint32_t x = 0;      // Park-Miller
  uint64_t last = 0;   // DRAND48's X
  uint32_t value = 0;  // the last integer output

  RefStream(gpurngRngType_t t, uint64_t s) : type(t), seed(s) {
    if (is_minstd()) {
      x = static_cast<uint32_t>(s % 2147483647u);
      if (x == 0) x = 1;
    } else if (type == GPURNG_RNG_PSEUDO_DRAND48) {
      ref_drand48_unseeded(&lcg);
      lcg.x = s;
    } else {
      ref_random_init(&random, static_cast<int>(type - GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0), static_cast<unsigned>(s));
    }
  }
  bool is_minstd() const { return type == GPURNG_RNG_PSEUDO_MINSTD || type == GPURNG_RNG_PSEUDO_MINSTD48271; }
  void next() {
    if (is_minstd()) {
      x = ref_park_miller_next(type == GPURNG_RNG_PSEUDO_MINSTD ? 16807u : 48271u, x);
      value = x;
    } else if (type == GPURNG_RNG_PSEUDO_DRAND48) {
      last = ref_drand48_step(&lcg);
      value = static_cast<uint32_t>(ref_drand48_lbits(last));
    } else {
      value = static_cast<uint32_t>(ref_random_next(&random));
    }
  }
  double as_double() const {
    if (is_minstd()) return value / kM;
    if (type == GPURNG_RNG_PSEUDO_DRAND48) return ref_drand48_double(last);
    return (value + 0.5) / 2147483648.0;
  }
  float as_float() const {
    if (type >= GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0) return static_cast<float>(((value >> 8) + 0.5) / 8388608.0);
    const double d = as_double();  // truncated toward zero
    float f = static_cast<float>(d);
    if (static_cast<double>(f) > d) f = nextafterf(f, 0.0f);
    return f;
  }
};

const gpurngRngType_t kTypes[] = {GPURNG_RNG_PSEUDO_MINSTD,
                                  GPURNG_RNG_PSEUDO_MINSTD48271,
                                  GPURNG_RNG_PSEUDO_DRAND48,
                                  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0,
                                  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1,
                                  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2,
                                  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3,
                                  GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4};

uint64_t seed_for(gpurngRngType_t type, int i) {
  static const uint64_t glibc[] = {1, 0, 2147483653u, 4000000000u};
  static const uint64_t minstd[] = {1, 0, 2147483647u, 123456789012345ull};
  static const uint64_t lcg[] = {0, (1ull << 16) | 0x330E, 0xFFFFFFFFFFFFull, 0x1234ABCD330Eull};
  if (type == GPURNG_RNG_PSEUDO_DRAND48) return lcg[i];
  if (type >= GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0) return glibc[i];
  return minstd[i];
}

struct Gen {
  gpurngGenerator_t g = nullptr;
  explicit Gen(gpurngRngType_t type) { EXPECT_EQ(gpurngCreateGenerator(&g, type), GPURNG_STATUS_SUCCESS); }
  ~Gen() { gpurngDestroyGenerator(g); }
};

// Reference values from `offset` on.
RefStream ref_at(gpurngRngType_t type, uint64_t seed, uint64_t offset) {
  RefStream r(type, seed);
  for (uint64_t i = 0; i < offset; ++i) r.next();
  return r;
}

TEST(ClassicEngines, EveryOutputTypeMatchesTheReference) {
  const size_t n = 50000;
  for (gpurngRngType_t type : kTypes) {
    for (int s = 0; s < 4; ++s) {
      const uint64_t seed = seed_for(type, s);
      for (uint64_t offset : {0ull, 1ull, 4097ull, 300001ull}) {
        SCOPED_TRACE(testing::Message() << "type " << type << " seed " << seed << " offset " << offset);
        std::vector<unsigned> u(n);
        std::vector<double> d(n);
        std::vector<float> f(n);
        std::vector<unsigned long long> q(n);
        for (int kind = 0; kind < 4; ++kind) {
          Gen gen(type);
          ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(gen.g, seed), GPURNG_STATUS_SUCCESS);
          ASSERT_EQ(gpurngSetGeneratorOffset(gen.g, offset), GPURNG_STATUS_SUCCESS);
          if (kind == 0) ASSERT_EQ(gpurngGenerate(gen.g, u.data(), n), GPURNG_STATUS_SUCCESS);
          if (kind == 1) ASSERT_EQ(gpurngGenerateUniformDouble(gen.g, d.data(), n), GPURNG_STATUS_SUCCESS);
          if (kind == 2) ASSERT_EQ(gpurngGenerateUniform(gen.g, f.data(), n), GPURNG_STATUS_SUCCESS);
          if (kind == 3) {
            const gpurngStatus_t st = gpurngGenerateLongLong(gen.g, q.data(), n);
            if (type != GPURNG_RNG_PSEUDO_DRAND48) {
              EXPECT_EQ(st, GPURNG_STATUS_TYPE_ERROR);
              continue;
            }
            ASSERT_EQ(st, GPURNG_STATUS_SUCCESS);
          }
          RefStream r = ref_at(type, seed, offset);
          for (size_t i = 0; i < n; ++i) {
            r.next();
            if (kind == 0) ASSERT_EQ(u[i], r.value) << i;
            if (kind == 1) ASSERT_EQ(d[i], r.as_double()) << i;
            if (kind == 2) ASSERT_EQ(f[i], r.as_float()) << i;
            if (kind == 3) ASSERT_EQ(q[i], r.last) << i;
          }
          if (kind == 1 && type != GPURNG_RNG_PSEUDO_DRAND48)
            for (double v : d) ASSERT_TRUE(v > 0.0 && v < 1.0);
        }
      }
    }
  }
}

TEST(ClassicEngines, ChunkedRequestsEqualOneRequest) {
  const size_t sizes[] = {1, 7, 1000, 131072 + 5, 3, 262144, 1 << 20, 9};
  size_t total = 0;
  for (size_t s : sizes) total += s;
  for (gpurngRngType_t type : kTypes) {
    SCOPED_TRACE(type);
    std::vector<unsigned> whole(total), parts(total);
    Gen a(type), b(type);
    ASSERT_EQ(gpurngGenerate(a.g, whole.data(), total), GPURNG_STATUS_SUCCESS);
    size_t at = 0;
    for (size_t s : sizes) {
      ASSERT_EQ(gpurngGenerate(b.g, parts.data() + at, s), GPURNG_STATUS_SUCCESS);
      at += s;
    }
    ASSERT_EQ(whole, parts);
    unsigned long long pos = 0;
    ASSERT_EQ(gpurngGetGeneratorOffset(b.g, &pos), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(pos, total);
    RefStream r(type, seed_for(type, 0));
    for (size_t i = 0; i < total; ++i) {
      r.next();
      ASSERT_EQ(whole[i], r.value) << i;
    }
  }
}

// Far offsets: Park-Miller and drand48 against closed forms computed here (modular and affine powers with
// 128-bit products); glibc random against the same numbers reached through a different split of the jump.
TEST(ClassicEngines, FarJumps) {
  const unsigned long long offsets[] = {1000000007ull, 1ull << 40, 999999999999999ull};
  for (unsigned long long off : offsets) {
    for (uint32_t a : {16807u, 48271u}) {
      unsigned __int128 p = 1, b = a;
      for (unsigned long long e = off + 1; e; e >>= 1) {
        if (e & 1) p = p * b % 2147483647u;
        b = b * b % 2147483647u;
      }
      Gen g(a == 16807u ? GPURNG_RNG_PSEUDO_MINSTD : GPURNG_RNG_PSEUDO_MINSTD48271);
      ASSERT_EQ(gpurngSetGeneratorOffset(g.g, off), GPURNG_STATUS_SUCCESS);
      unsigned v = 0;
      ASSERT_EQ(gpurngGenerate(g.g, &v, 1), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(v, static_cast<unsigned>(p));  // seed 1: x_{off+1} = a^(off+1)
    }
    {
      const uint64_t mask = (1ull << 48) - 1;
      uint64_t A = 1, C = 0, ba = 0x5DEECE66Dull, bc = 0xB;
      for (unsigned long long e = off + 1; e; e >>= 1) {
        if (e & 1) {
          C = (ba * C + bc) & mask;
          A = (ba * A) & mask;
        }
        bc = (ba * bc + bc) & mask;
        ba = (ba * ba) & mask;
      }
      const uint64_t x0 = 0x1234ABCD330Eull;
      Gen g(GPURNG_RNG_PSEUDO_DRAND48);
      ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g.g, x0), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngSetGeneratorOffset(g.g, off), GPURNG_STATUS_SUCCESS);
      unsigned long long v = 0;
      ASSERT_EQ(gpurngGenerateLongLong(g.g, &v, 1), GPURNG_STATUS_SUCCESS);
      EXPECT_EQ(v, (A * x0 + C) & mask);
    }
    for (int t = 0; t < 5; ++t) {
      const gpurngRngType_t type = static_cast<gpurngRngType_t>(GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0 + t);
      Gen direct(type), stepped(type);
      std::vector<unsigned> a(100), b(100 + 777);
      ASSERT_EQ(gpurngSetGeneratorOffset(direct.g, off), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngGenerate(direct.g, a.data(), a.size()), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngSetGeneratorOffset(stepped.g, off - 777), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngGenerate(stepped.g, b.data(), b.size()), GPURNG_STATUS_SUCCESS);
      EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin() + 777)) << "type " << t << " offset " << off;
    }
  }
}

TEST(ClassicEngines, SeedsOutOfRangeAreRefused) {
  Gen lcg(GPURNG_RNG_PSEUDO_DRAND48), glibc(GPURNG_RNG_PSEUDO_GLIBC_RANDOM), minstd(GPURNG_RNG_PSEUDO_MINSTD);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(lcg.g, 1ull << 48), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(lcg.g, (1ull << 48) - 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(glibc.g, 1ull << 32), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(glibc.g, 0xFFFFFFFFull), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(minstd.g, ~0ull), GPURNG_STATUS_SUCCESS);
  unsigned long long q;
  EXPECT_EQ(gpurngGenerateLongLong(minstd.g, &q, 1), GPURNG_STATUS_TYPE_ERROR);
  EXPECT_EQ(gpurngGenerateLongLong(glibc.g, &q, 1), GPURNG_STATUS_TYPE_ERROR);
}

TEST(ParkMiller, NextAndFillFollowTheReference) {
  for (uint32_t a : {16807u, 48271u, 69621u}) {
    unsigned seed = 1, fill_seed = 1, double_seed = 1;
    std::vector<unsigned> v(10000);
    std::vector<double> d(10000);
    ASSERT_EQ(gpurngParkMillerFill(a, &fill_seed, v.data(), v.size()), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngParkMillerFillUniformDouble(a, &double_seed, d.data(), d.size()), GPURNG_STATUS_SUCCESS);
    uint32_t x = 1;
    for (size_t i = 0; i < v.size(); ++i) {
      x = ref_park_miller_next(a, x);
      double u = -1;
      ASSERT_EQ(gpurngParkMillerNext(a, &seed, &u), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(seed, x);
      ASSERT_EQ(u, x / kM);
      ASSERT_EQ(v[i], x);
      ASSERT_EQ(d[i], x / kM);
    }
    EXPECT_EQ(fill_seed, x);
    EXPECT_EQ(double_seed, x);
    if (a == 16807u) EXPECT_EQ(x, 1043618065u);  // Park and Miller (1988)
    if (a == 48271u) EXPECT_EQ(x, 399268537u);
  }
  // Large fills use CPU threads, each starting from a modular power: the same as one sequence.
  std::vector<unsigned> big(3000000);
  unsigned s = 42;
  ASSERT_EQ(gpurngParkMillerFill(16807u, &s, big.data(), big.size()), GPURNG_STATUS_SUCCESS);
  uint32_t x = 42;
  for (size_t i = 0; i < big.size(); ++i) {
    x = ref_park_miller_next(16807u, x);
    ASSERT_EQ(big[i], x) << i;
  }
  EXPECT_EQ(s, x);
}

TEST(ParkMiller, BadInputGetsAStatus) {
  unsigned seed = 0, v = 0;
  double u = 0;
  EXPECT_EQ(gpurngParkMillerNext(16807u, nullptr, &u), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngParkMillerNext(16807u, &seed, &u), GPURNG_STATUS_OUT_OF_RANGE);
  seed = 2147483647u;
  EXPECT_EQ(gpurngParkMillerNext(16807u, &seed, &u), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(seed, 2147483647u);
  seed = 5;
  EXPECT_EQ(gpurngParkMillerNext(1u, &seed, &u), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngParkMillerNext(2147483647u, &seed, &u), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngParkMillerNext(16807u, &seed, nullptr), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(seed, 5u * 16807u);
  EXPECT_EQ(gpurngParkMillerFill(16807u, &seed, nullptr, 1), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gpurngParkMillerFill(16807u, &seed, nullptr, 0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngParkMillerFill(16807u, nullptr, &v, 1), GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(seed, 5u * 16807u);
}

#if GPURNG_TEST_HAVE_CUDA
// Device memory: the GPU kernels (leapfrog and chunked) against the reference.
TEST(ClassicEngines, DeviceMemoryMatchesTheReference) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) GTEST_SKIP() << "no GPU";
  const size_t n = (size_t(1) << 22) + 13;
  unsigned* dev = nullptr;
  ASSERT_EQ(cudaMalloc(&dev, n * sizeof(unsigned)), cudaSuccess);
  std::vector<unsigned> host(n);
  for (gpurngRngType_t type : kTypes) {
    SCOPED_TRACE(type);
    Gen g(type);
    ASSERT_EQ(gpurngSetGeneratorOffset(g.g, 12345), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(gpurngGenerate(g.g, dev, n), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(cudaMemcpy(host.data(), dev, n * sizeof(unsigned), cudaMemcpyDeviceToHost), cudaSuccess);
    RefStream r = ref_at(type, seed_for(type, 0), 12345);
    for (size_t i = 0; i < n; ++i) {
      r.next();
      ASSERT_EQ(host[i], r.value) << i;
    }
    unsigned after = 0;  // the host's copy of the state moved on with the device fill
    ASSERT_EQ(gpurngGenerate(g.g, &after, 1), GPURNG_STATUS_SUCCESS);
    r.next();
    EXPECT_EQ(after, r.value);
  }
  // Every size class of the lane kernels (one partial chunk, partial groups of 32, many chunks ending inside a
  // group), as floats and doubles too, each call continuing the last: the lagged-Fibonacci types and the rest.
  for (gpurngRngType_t type : kTypes) {
    SCOPED_TRACE(type);
    Gen g(type);
    RefStream r = ref_at(type, seed_for(type, 0), 0);
    std::vector<float> f(n);
    std::vector<double> d(n);
    for (size_t m : {size_t(1), size_t(31), size_t(1000), size_t(70001), size_t(3000017)}) {
      SCOPED_TRACE(m);
      ASSERT_EQ(gpurngGenerate(g.g, dev, m), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(cudaMemcpy(host.data(), dev, m * sizeof(unsigned), cudaMemcpyDeviceToHost), cudaSuccess);
      for (size_t i = 0; i < m; ++i) {
        r.next();
        ASSERT_EQ(host[i], r.value) << i;
      }
      float* df = reinterpret_cast<float*>(dev);
      ASSERT_EQ(gpurngGenerateUniform(g.g, df, m), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(cudaMemcpy(f.data(), df, m * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
      for (size_t i = 0; i < m; ++i) {
        r.next();
        ASSERT_EQ(f[i], r.as_float()) << i;
      }
      const size_t md = m / 2 + 1;  // doubles in the same buffer
      double* dd = reinterpret_cast<double*>(dev);
      ASSERT_EQ(gpurngGenerateUniformDouble(g.g, dd, md), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(cudaMemcpy(d.data(), dd, md * sizeof(double), cudaMemcpyDeviceToHost), cudaSuccess);
      for (size_t i = 0; i < md; ++i) {
        r.next();
        ASSERT_EQ(d[i], r.as_double()) << i;
      }
    }
  }
  unsigned seed = 1;
  ASSERT_EQ(gpurngParkMillerFill(16807u, &seed, dev, 10000), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(cudaMemcpy(host.data(), dev, 10000 * sizeof(unsigned), cudaMemcpyDeviceToHost), cudaSuccess);
  EXPECT_EQ(host[9999], 1043618065u);
  EXPECT_EQ(seed, 1043618065u);
  cudaFree(dev);
}
#endif

}  // namespace
