// SPDX-License-Identifier: BSD-3-Clause
// The generic engine tests: every engine with a flat stream, through the C API, must give one stream whatever
// the path: one call on the CPU (the reference here), chunked calls, the prefetch ring (10-number calls, its
// zero-copy form, a large call draining it), jump-ahead by gpurngSetGeneratorOffset, and device memory on the
// CUDA backend (with the GPU ring producer for host calls). The engines' own known answers live in their own
// tests; the SplitMix64 counter defined in this folder also meets its published vector here. It is registered
// by splitmix_counter_engine.cpp alone, the way the library's engines register: the test shows that adding an
// engine needs its header, its registration, its tests and its docs, and no other file.
#include <gtest/gtest.h>
#include <stdint.h>
#include <string.h>

#include <functional>
#include <string>
#include <vector>

#include "gpurng.h"
#include "splitmix_counter.hpp"
#ifdef GPURNG_TEST_HAVE_CUDA
#include <cuda_runtime.h>
#endif

namespace {

struct EngineCase {
  const char* name;
  gpurngRngType_t type;
  unsigned long long seed;
  // gpurngSetGeneratorOffset(o) starts the doubles at double o. Not so for XORWOW and Philox, where cuRAND
  // rebuilds the threads' positions at o 32-bit words and a double takes two (tests/curand_parity holds them
  // to libcurand's own numbers); their doubles' jump-ahead is the offset after a call, tested there.
  bool offset_counts_doubles = true;
};

const EngineCase kEngines[] = {
    {"ranmar", GPURNG_RNG_PSEUDO_RANMAR, 54217137},
    {"ranmar48", GPURNG_RNG_PSEUDO_RANMAR48, 1802},
    {"minstd", GPURNG_RNG_PSEUDO_MINSTD, 12345},
    {"drand48", GPURNG_RNG_PSEUDO_DRAND48, 0x1234ABCDull},
    {"glibc_random3", GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3, 7},
    {"xorwow", GPURNG_RNG_PSEUDO_XORWOW, 1234, false},
    {"mrg32k3a", GPURNG_RNG_PSEUDO_MRG32K3A, 1234},
    {"philox", GPURNG_RNG_PSEUDO_PHILOX4_32_10, 1234, false},
    {"hybrid_taus", GPURNG_RNG_PSEUDO_HYBRID_TAUS, 99},
    {"splitmix_counter", static_cast<gpurngRngType_t>(splitmix_counter::kType), 1234567},
};

// One flat output type, type-erased: bytes per number and the generate/acquire calls.
struct Kind {
  const char* name;
  size_t elem;
  std::function<gpurngStatus_t(gpurngGenerator_t, void*, size_t)> generate;
  std::function<gpurngStatus_t(gpurngGenerator_t, size_t, const void**)> acquire;
};

const Kind kKinds[] = {
    {"u32", 4, [](gpurngGenerator_t g, void* o, size_t n) { return gpurngGenerate(g, static_cast<unsigned*>(o), n); },
     [](gpurngGenerator_t g, size_t n, const void** p) {
       return gpurngAcquire(g, n, reinterpret_cast<const unsigned**>(p));
     }},
    {"u64", 8,
     [](gpurngGenerator_t g, void* o, size_t n) {
       return gpurngGenerateLongLong(g, static_cast<unsigned long long*>(o), n);
     },
     [](gpurngGenerator_t g, size_t n, const void** p) {
       return gpurngAcquireLongLong(g, n, reinterpret_cast<const unsigned long long**>(p));
     }},
    {"f32", 4,
     [](gpurngGenerator_t g, void* o, size_t n) { return gpurngGenerateUniform(g, static_cast<float*>(o), n); },
     [](gpurngGenerator_t g, size_t n, const void** p) {
       return gpurngAcquireUniform(g, n, reinterpret_cast<const float**>(p));
     }},
    {"f64", 8,
     [](gpurngGenerator_t g, void* o, size_t n) { return gpurngGenerateUniformDouble(g, static_cast<double*>(o), n); },
     [](gpurngGenerator_t g, size_t n, const void** p) {
       return gpurngAcquireUniformDouble(g, n, reinterpret_cast<const double**>(p));
     }},
};

constexpr size_t kN = 300000;  // more than two 2^17 slabs and two CPU threads' pieces

using Bytes = std::vector<unsigned char>;

struct Generator {
  gpurngGenerator_t g = nullptr;
  Generator(const EngineCase& e, bool host_only) {
    const gpurngStatus_t st = host_only ? gpurngCreateGeneratorHost(&g, e.type) : gpurngCreateGenerator(&g, e.type);
    EXPECT_EQ(st, GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, e.seed), GPURNG_STATUS_SUCCESS);
  }
  ~Generator() { gpurngDestroyGenerator(g); }
};

class EngineModel : public ::testing::TestWithParam<EngineCase> {
 protected:
  // The kinds the engine offers (a zero-length call is refused with TYPE_ERROR otherwise).
  std::vector<const Kind*> offered() {
    std::vector<const Kind*> out;
    Generator gen(GetParam(), true);
    for (const Kind& k : kKinds) {
      const gpurngStatus_t st = k.generate(gen.g, nullptr, 0);
      EXPECT_TRUE(st == GPURNG_STATUS_SUCCESS || st == GPURNG_STATUS_TYPE_ERROR) << k.name << " " << st;
      if (st == GPURNG_STATUS_SUCCESS) out.push_back(&k);
    }
    EXPECT_FALSE(out.empty());
    return out;
  }
  // kN numbers from offset 0 in one CPU call without the ring.
  Bytes reference(const Kind& k) {
    Generator gen(GetParam(), true);
    EXPECT_EQ(gpurngSetPrefetch(gen.g, 0, 0), GPURNG_STATUS_SUCCESS);
    Bytes out(kN * k.elem);
    EXPECT_EQ(k.generate(gen.g, out.data(), kN), GPURNG_STATUS_SUCCESS);
    return out;
  }
  static void expect_same(const Bytes& got, const Bytes& want, size_t elem, const std::string& what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (size_t i = 0; i < got.size(); i += elem)
      if (memcmp(got.data() + i, want.data() + i, elem) != 0) {
        ADD_FAILURE() << what << ": first difference at number " << i / elem;
        return;
      }
  }
  // kN numbers by calls of the given sizes (cycled), each checked and the offset followed.
  static Bytes in_calls(gpurngGenerator_t g, const Kind& k, const std::vector<size_t>& sizes) {
    Bytes out(kN * k.elem);
    size_t done = 0;
    for (size_t i = 0; done < kN; ++i) {
      const size_t n = std::min(sizes[i % sizes.size()], kN - done);
      EXPECT_EQ(k.generate(g, out.data() + done * k.elem, n), GPURNG_STATUS_SUCCESS);
      done += n;
    }
    return out;
  }
};

TEST_P(EngineModel, ChunkedCallsWithoutRing) {
  for (const Kind* k : offered()) {
    Generator gen(GetParam(), true);
    ASSERT_EQ(gpurngSetPrefetch(gen.g, 0, 0), GPURNG_STATUS_SUCCESS);
    expect_same(in_calls(gen.g, *k, {1, 7, 1000, 4095, 65539}), reference(*k), k->elem, k->name);
    unsigned long long offset = 0;
    ASSERT_EQ(gpurngGetGeneratorOffset(gen.g, &offset), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(offset, kN) << k->name;
  }
}

TEST_P(EngineModel, RingSmallCallsAcquireAndDrain) {
  for (const Kind* k : offered()) {
    Generator gen(GetParam(), true);
    ASSERT_EQ(gpurngSetPrefetch(gen.g, 4096, 4), GPURNG_STATUS_SUCCESS);
    Bytes got(kN * k->elem);
    size_t done = 0;
    // 10-number calls through the ring, the offset read on the way (it must count the caller's numbers only).
    for (; done < 50000; done += 10)
      ASSERT_EQ(k->generate(gen.g, got.data() + done * k->elem, 10), GPURNG_STATUS_SUCCESS);
    unsigned long long offset = 0;
    ASSERT_EQ(gpurngGetGeneratorOffset(gen.g, &offset), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(offset, done) << k->name;
    // Zero-copy calls, some crossing slab boundaries.
    for (size_t n : {10, 3000, 10, 4096, 7}) {
      const void* p = nullptr;
      ASSERT_EQ(k->acquire(gen.g, n, &p), GPURNG_STATUS_SUCCESS);
      memcpy(got.data() + done * k->elem, p, n * k->elem);
      done += n;
    }
    // A large call takes what the ring made and goes on directly; then small calls again.
    ASSERT_EQ(k->generate(gen.g, got.data() + done * k->elem, 100000), GPURNG_STATUS_SUCCESS);
    done += 100000;
    for (; done + 10 <= kN; done += 10)
      ASSERT_EQ(k->generate(gen.g, got.data() + done * k->elem, 10), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(k->generate(gen.g, got.data() + done * k->elem, kN - done), GPURNG_STATUS_SUCCESS);
    expect_same(got, reference(*k), k->elem, k->name);
  }
}

TEST_P(EngineModel, JumpAheadBySetOffset) {
  for (const Kind* k : offered()) {
    if (k->elem == 8 && strcmp(k->name, "f64") == 0 && !GetParam().offset_counts_doubles) continue;
    const Bytes ref = reference(*k);
    for (size_t at : {size_t(1), size_t(12345), size_t(250000)}) {
      Generator gen(GetParam(), true);
      Bytes first(10 * k->elem);  // the ring opened before the jump must not leak into what follows it
      ASSERT_EQ(k->generate(gen.g, first.data(), 10), GPURNG_STATUS_SUCCESS);
      ASSERT_EQ(gpurngSetGeneratorOffset(gen.g, at), GPURNG_STATUS_SUCCESS);
      Bytes got((kN - at) * k->elem);
      ASSERT_EQ(k->generate(gen.g, got.data(), kN - at), GPURNG_STATUS_SUCCESS);
      expect_same(got, Bytes(ref.begin() + at * k->elem, ref.end()), k->elem,
                  std::string(k->name) + " from " + std::to_string(at));
    }
  }
}

#ifdef GPURNG_TEST_HAVE_CUDA
bool have_gpu() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

TEST_P(EngineModel, DeviceMemoryAndGpuRing) {
  if (!have_gpu()) GTEST_SKIP() << "no GPU";
  for (const Kind* k : offered()) {
    const Bytes ref = reference(*k);
    Generator gen(GetParam(), false);
    gpurngBackend_t backend;
    ASSERT_EQ(gpurngGetBackend(gen.g, &backend), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(backend, GPURNG_BACKEND_CUDA);
    void* d = nullptr;
    ASSERT_EQ(cudaMalloc(&d, kN * k->elem), cudaSuccess);
    // Device memory in chunks of several sizes.
    size_t done = 0;
    const size_t sizes[] = {1000, 77777, 4096, 200000};
    for (size_t i = 0; done < kN; ++i) {
      const size_t n = std::min(sizes[i % 4], kN - done);
      ASSERT_EQ(k->generate(gen.g, static_cast<char*>(d) + done * k->elem, n), GPURNG_STATUS_SUCCESS);
      done += n;
    }
    Bytes got(kN * k->elem);
    ASSERT_EQ(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost), cudaSuccess);
    cudaFree(d);
    expect_same(got, ref, k->elem, std::string(k->name) + " device memory");
    // Host calls on the CUDA backend: the ring's slabs come from the GPU.
    Generator ringed(GetParam(), false);
    ASSERT_EQ(gpurngSetPrefetch(ringed.g, 4096, 4), GPURNG_STATUS_SUCCESS);
    Bytes host(kN * k->elem);
    for (done = 0; done + 10 <= kN; done += 10)
      ASSERT_EQ(k->generate(ringed.g, host.data() + done * k->elem, 10), GPURNG_STATUS_SUCCESS);
    ASSERT_EQ(k->generate(ringed.g, host.data() + done * k->elem, kN - done), GPURNG_STATUS_SUCCESS);
    expect_same(host, ref, k->elem, std::string(k->name) + " GPU ring");
  }
}
#endif

INSTANTIATE_TEST_SUITE_P(Engines, EngineModel, ::testing::ValuesIn(kEngines),
                         [](const ::testing::TestParamInfo<EngineCase>& i) { return std::string(i.param.name); });

// The counter's own known answer: Vigna's splitmix64.c from seed 1234567 (the vector quoted with it).
TEST(SplitmixCounter, PublishedVector) {
  gpurngGenerator_t g = nullptr;
  ASSERT_EQ(gpurngCreateGeneratorHost(&g, static_cast<gpurngRngType_t>(splitmix_counter::kType)),
            GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, 1234567), GPURNG_STATUS_SUCCESS);
  unsigned long long got[5];
  ASSERT_EQ(gpurngGenerateLongLong(g, got, 5), GPURNG_STATUS_SUCCESS);
  const unsigned long long want[5] = {6457827717110365317ull, 3203168211198807973ull, 9817491932198370423ull,
                                      4593380528125082431ull, 16408922859458223821ull};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(got[i], want[i]) << i;
  gpurngDestroyGenerator(g);
}

}  // namespace
