// SPDX-License-Identifier: BSD-3-Clause
// GPURNG_RNG_QUASI_HALTON_RASRAP and GPURNG_RNG_PSEUDO_HYBRID_TAUS through the public API, against the naive
// oracles of tests/reference/gems_reference.h: seeds, offsets, dimension-major calls, chunking, positions,
// the output conversions as gpurng.h documents them, and every target (CPU backend; on a GPU machine also
// CUDA into device and host memory).
#include <gtest/gtest.h>
#include <math.h>

#include <cstring>
#include <string>
#include <vector>

#include "gems_reference.h"
#include "gpurng.h"
#include "targets.hpp"

namespace {

using gpurng_test::Target;

// The documented conversions, written out here.
double halton_double(uint64_t w) { return ldexp(static_cast<double>(w >> 12), -52) + ldexp(1.0, -53); }
float halton_float(uint64_t w) {
  return static_cast<float>(ldexp(static_cast<double>(w >> 41), -23) + ldexp(1.0, -24));
}
float taus_float(uint32_t x) { return static_cast<float>(ldexp(static_cast<double>(x >> 9), -23) + ldexp(1.0, -24)); }
double taus_double(uint32_t x) { return ldexp(static_cast<double>(x), -32) + ldexp(1.0, -33); }

// Run gen(out) on a target: fill host or device memory and return the host copy.
template <typename T, class Gen>
std::vector<T> on_target(const Target& t, size_t n, Gen&& gen) {
  std::vector<T> host(n);
#if GPURNG_TEST_HAVE_CUDA
  if (t.device_memory) {
    T* d = nullptr;
    EXPECT_EQ(cudaMalloc(&d, n * sizeof(T)), cudaSuccess);
    EXPECT_EQ(gen(d), GPURNG_STATUS_SUCCESS) << t.name;
    EXPECT_EQ(cudaMemcpy(host.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    cudaFree(d);
    return host;
  }
#endif
  EXPECT_EQ(gen(host.data()), GPURNG_STATUS_SUCCESS) << t.name;
  return host;
}

class GemsApi : public ::testing::TestWithParam<Target> {};

TEST_P(GemsApi, HaltonPointsDimensionMajorAndChunked) {
  const Target& t = GetParam();
  for (uint64_t seed : {0ull, 7ull, 0x123456789abcdefull}) {
    gpurngGenerator_t g = gpurng_test::make_generator(t, GPURNG_RNG_QUASI_HALTON_RASRAP);
    ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, seed), GPURNG_STATUS_SUCCESS);
    const unsigned dims = 37;
    ASSERT_EQ(gpurngSetQuasiRandomGeneratorDimensions(g, dims), GPURNG_STATUS_SUCCESS);
    const uint64_t offset = 1000000000000ull + 3;
    ASSERT_EQ(gpurngSetGeneratorOffset(g, offset), GPURNG_STATUS_SUCCESS);
    std::vector<gems_ref::halton_dim> ref(dims);
    for (unsigned d = 0; d < dims; ++d) ref[d] = gems_ref::halton_dimension(seed, d);
    uint64_t point = offset;
    for (size_t points : {size_t(1), size_t(500), size_t(77)}) {  // three calls: the points continue
      const size_t n = points * dims;
      const std::vector<double> u =
          on_target<double>(t, n, [&](double* p) { return gpurngGenerateUniformDouble(g, p, n); });
      for (unsigned d = 0; d < dims; ++d)
        for (size_t j = 0; j < points; ++j)
          ASSERT_EQ(u[d * points + j], halton_double(gems_ref::halton_word(ref[d], point + j)))
              << t.name << " seed " << seed << " dim " << d << " point " << point + j;
      point += points;
    }
    unsigned long long pos = 0;
    ASSERT_EQ(gpurngGetGeneratorOffset(g, &pos), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(pos, point);
    // floats, integers and 64-bit words of the next points
    const size_t n = 64 * dims;
    const std::vector<float> f = on_target<float>(t, n, [&](float* p) { return gpurngGenerateUniform(g, p, n); });
    const std::vector<unsigned> b = on_target<unsigned>(t, n, [&](unsigned* p) { return gpurngGenerate(g, p, n); });
    const std::vector<unsigned long long> w =
        on_target<unsigned long long>(t, n, [&](unsigned long long* p) { return gpurngGenerateLongLong(g, p, n); });
    for (unsigned d = 0; d < dims; ++d)
      for (size_t j = 0; j < 64; ++j) {
        ASSERT_EQ(f[d * 64 + j], halton_float(gems_ref::halton_word(ref[d], point + j))) << t.name;
        ASSERT_EQ(b[d * 64 + j], static_cast<unsigned>(gems_ref::halton_word(ref[d], point + 64 + j) >> 32)) << t.name;
        ASSERT_EQ(w[d * 64 + j], gems_ref::halton_word(ref[d], point + 128 + j)) << t.name;
      }
    gpurngDestroyGenerator(g);
  }
}

TEST_P(GemsApi, HaltonStatuses) {
  gpurngGenerator_t g = gpurng_test::make_generator(GetParam(), GPURNG_RNG_QUASI_HALTON_RASRAP);
  EXPECT_EQ(gpurngSetQuasiRandomGeneratorDimensions(g, 0), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetQuasiRandomGeneratorDimensions(g, 1001), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetQuasiRandomGeneratorDimensions(g, 1000), GPURNG_STATUS_SUCCESS);
  double d[3];
  EXPECT_EQ(gpurngGenerateUniformDouble(g, d, 3), GPURNG_STATUS_LENGTH_NOT_MULTIPLE);
  EXPECT_EQ(gpurngSetGeneratorOrdering(g, GPURNG_ORDERING_PSEUDO_DEFAULT), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetGeneratorOrdering(g, GPURNG_ORDERING_QUASI_DEFAULT), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_BOX_MULLER), GPURNG_STATUS_OUT_OF_RANGE);
  gpurngDestroyGenerator(g);
}

TEST_P(GemsApi, HybridTausStreamConversionsAndPositions) {
  const Target& t = GetParam();
  for (uint64_t seed : {0ull, 99ull, ~0ull}) {
    gpurngGenerator_t g = gpurng_test::make_generator(t, GPURNG_RNG_PSEUDO_HYBRID_TAUS);
    ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, seed), GPURNG_STATUS_SUCCESS);
    const uint64_t offset = 65536ull * 3 - 5;  // straddles a round of the 65536 streams
    ASSERT_EQ(gpurngSetGeneratorOffset(g, offset), GPURNG_STATUS_SUCCESS);
    const size_t n1 = 70001, n2 = 4096, n3 = 10000, n4 = 300;
    const std::vector<uint32_t> ref = gems_ref::taus_outputs(seed, offset, n1 + n2 + n3 + 2 * n4);
    const std::vector<unsigned> a = on_target<unsigned>(t, n1, [&](unsigned* p) { return gpurngGenerate(g, p, n1); });
    for (size_t i = 0; i < n1; ++i) ASSERT_EQ(a[i], ref[i]) << t.name << " seed " << seed << " i " << i;
    const std::vector<float> f = on_target<float>(t, n2, [&](float* p) { return gpurngGenerateUniform(g, p, n2); });
    for (size_t i = 0; i < n2; ++i) ASSERT_EQ(f[i], taus_float(ref[n1 + i])) << t.name;
    const std::vector<double> d =
        on_target<double>(t, n3, [&](double* p) { return gpurngGenerateUniformDouble(g, p, n3); });
    for (size_t i = 0; i < n3; ++i) ASSERT_EQ(d[i], taus_double(ref[n1 + n2 + i])) << t.name;
    // double normals: four words per pair, (r sin, r cos) with u from the first two, the angle from the last two
    const std::vector<double> z =
        on_target<double>(t, n4, [&](double* p) { return gpurngGenerateNormalDouble(g, p, n4, 0.0, 1.0); });
    const uint32_t* w = ref.data() + n1 + n2 + n3;
    for (size_t k = 0; k < n4; k += 2) {
      const uint64_t hx = static_cast<uint64_t>(w[2 * k]) ^ (static_cast<uint64_t>(w[2 * k + 1]) << 21);
      const uint64_t hy = static_cast<uint64_t>(w[2 * k + 2]) ^ (static_cast<uint64_t>(w[2 * k + 3]) << 21);
      const double u = ldexp(static_cast<double>(hx), -53) + ldexp(1.0, -54);
      const double v = ldexp(static_cast<double>(hy), -52) + ldexp(1.0, -53);
      const double r = sqrt(-2.0 * log(u));
      EXPECT_NEAR(z[k], r * sin(M_PI * v), 1e-13 * (1 + r)) << t.name << " pair " << k;
      EXPECT_NEAR(z[k + 1], r * cos(M_PI * v), 1e-13 * (1 + r)) << t.name << " pair " << k;
    }
    unsigned long long pos = 0;
    ASSERT_EQ(gpurngGetGeneratorOffset(g, &pos), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(pos, offset + n1 + n2 + n3 + 2 * n4);  // a double normal takes two words
    float odd[3];
    EXPECT_EQ(gpurngGenerateNormal(g, odd, 3, 0, 1), GPURNG_STATUS_LENGTH_NOT_MULTIPLE);
    unsigned long long ll[2];
    EXPECT_EQ(gpurngGenerateLongLong(g, ll, 2), GPURNG_STATUS_TYPE_ERROR);
    gpurngDestroyGenerator(g);
  }
}

TEST_P(GemsApi, WallaceMethodChunksOffsetsAndStreams) {
  const Target& t = GetParam();
  gpurngGenerator_t g = gpurng_test::make_generator(t, GPURNG_RNG_PSEUDO_HYBRID_TAUS);
  ASSERT_EQ(gpurngSetPseudoRandomGeneratorSeed(g, 42), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurngSetNormalMethod(g, GPURNG_NORMAL_METHOD_WALLACE), GPURNG_STATUS_SUCCESS);
  const size_t pass = size_t(512) * 1024;
  const size_t n = pass + 12345;  // more than one pass of the 512 pools
  const std::vector<float> whole =
      on_target<float>(t, n, [&](float* p) { return gpurngGenerateNormal(g, p, n, 0, 1); });
  unsigned long long pos = 1;
  ASSERT_EQ(gpurngGetGeneratorOffset(g, &pos), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(pos, 0u);  // Wallace normals do not use the Taus words
  // chunks of odd sizes (Wallace has no pairs), after a rewind by offset
  ASSERT_EQ(gpurngSetGeneratorOffset(g, 0), GPURNG_STATUS_SUCCESS);
  std::vector<float> chunks;
  for (size_t c : {size_t(1), size_t(1023), size_t(300001), n - 301025}) {
    const std::vector<float> part =
        on_target<float>(t, c, [&](float* p) { return gpurngGenerateNormal(g, p, c, 0, 1); });
    chunks.insert(chunks.end(), part.begin(), part.end());
  }
  EXPECT_TRUE(gpurng_test::same_stream(chunks, whole)) << t.name;
  // an offset lands in the middle of the stream; scaled and double outputs are the same normals
  ASSERT_EQ(gpurngSetGeneratorOffset(g, pass - 7), GPURNG_STATUS_SUCCESS);
  const std::vector<double> d =
      on_target<double>(t, 100, [&](double* p) { return gpurngGenerateNormalDouble(g, p, 100, 2.0, 3.0); });
  for (size_t i = 0; i < 100; ++i) ASSERT_EQ(d[i], static_cast<double>(whole[pass - 7 + i]) * 3.0 + 2.0) << t.name << i;
  // the Taus stream itself is untouched by the method
  ASSERT_EQ(gpurngSetGeneratorOffset(g, 5), GPURNG_STATUS_SUCCESS);
  const std::vector<unsigned> u = on_target<unsigned>(t, 10, [&](unsigned* p) { return gpurngGenerate(g, p, 10); });
  const std::vector<uint32_t> ref = gems_ref::taus_outputs(42, 5, 10);
  for (size_t i = 0; i < 10; ++i) ASSERT_EQ(u[i], ref[i]);
  gpurngDestroyGenerator(g);
  // other engines do not offer it
  gpurngGenerator_t x = gpurng_test::make_generator(t, GPURNG_RNG_PSEUDO_XORWOW);
  EXPECT_EQ(gpurngSetNormalMethod(x, GPURNG_NORMAL_METHOD_WALLACE), GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gpurngSetNormalMethod(x, GPURNG_NORMAL_METHOD_BOX_MULLER), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurngSetNormalMethod(x, static_cast<gpurngNormalMethod_t>(9)), GPURNG_STATUS_OUT_OF_RANGE);
  gpurngDestroyGenerator(x);
}

INSTANTIATE_TEST_SUITE_P(Targets, GemsApi, ::testing::ValuesIn(gpurng_test::all_targets()),
                         [](const ::testing::TestParamInfo<Target>& i) {
                           std::string n = i.param.name;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

}  // namespace
