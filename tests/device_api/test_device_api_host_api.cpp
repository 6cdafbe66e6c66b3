// SPDX-License-Identifier: BSD-3-Clause
// The device API compiled for the host against the host API's fills (host generators of the library): every
// output of gpurngGenerate / Uniform / UniformDouble / Normal / NormalDouble / LogNormal / LogNormalDouble equals
// the device-API draw at the position cuRAND's layout maps it to (include/gpurng.h; docs/DEVICE_API.md, The host
// API's positions), bit for bit, in the default (portable) normal mode.
//
// The map. A host call runs T logical threads; unit u (one output, one Box-Muller pair, or for Philox a group of
// four outputs) belongs to thread t = u mod T, which walks the device-API stream gpurng_init(seed, t, 0). A call
// made right after gpurngSetGeneratorOffset(o) (o in units; Philox: in outputs, its units are o/4 on) finds
// thread t already past one word (Philox: counter) for each of its units below o, and then spends W words per
// unit. So unit u is the device-API draw at word position p = b + W (u div T - b) of subsequence t, with
// b = o div T + [t < o mod T]: gpurng_init(seed, t, p) and one call of the unit's kind. This exercises
// gpurng_init at many offsets and subsequences too.
#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "device_api_test_util.hpp"
#include "gpurng.h"
#include "gpurng_kernel.h"

namespace {

using namespace device_api_test;
using gpurng::curand_out::scale;

// Word position of unit u in its thread's stream, for a call at unit offset o (module comment).
uint64_t unit_position(uint64_t u, uint64_t o, uint64_t T, uint64_t W) {
  const uint64_t t = u % T;
  const uint64_t before = o / T + (t < o % T ? 1 : 0);
  return before + W * (u / T - before);
}

class HostGenerator {
 public:
  HostGenerator(gpurngRngType_t type, gpurngOrdering_t ordering, uint64_t seed) {
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngCreateGeneratorHost(&g_, type));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOrdering(g_, ordering));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetPseudoRandomGeneratorSeed(g_, seed));
  }
  ~HostGenerator() { gpurngDestroyGenerator(g_); }
  HostGenerator(const HostGenerator&) = delete;
  HostGenerator& operator=(const HostGenerator&) = delete;

  // One call right after gpurngSetGeneratorOffset(offset).
  template <typename T, typename Call>
  std::vector<T> call(uint64_t offset, size_t n, Call&& c) {
    std::vector<T> out(n);
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, gpurngSetGeneratorOffset(g_, offset));
    EXPECT_EQ(GPURNG_STATUS_SUCCESS, c(g_, out.data(), n));
    return out;
  }

 private:
  gpurngGenerator_t g_ = nullptr;
};

constexpr float kMeanF = 0.5f, kStdF = 2.0f;
constexpr double kMeanD = -0.25, kStdD = 1.5;

// ---- XORWOW and MRG32k3a: one output or one Box-Muller pair per unit ----

template <class State>
struct UnitWords {  // words per unit: u32/f32, f64, normal f32, normal f64
  uint64_t f64, normal, normal_double;
};

template <class State>
void check_one_per_unit(gpurngRngType_t type, gpurngOrdering_t ordering, uint64_t T, UnitWords<State> w, uint64_t seed,
                        uint64_t o) {
  HostGenerator gen(type, ordering, seed);
  const size_t n = 2 * T + 6;  // every thread twice, some three times; even (normals)
  SCOPED_TRACE(where(seed, 0, o) + " threads " + std::to_string(T));
  // the device-API state of unit u for a unit of W words
  auto state_at = [&](uint64_t u, uint64_t W) {
    State st;
    gpurng_init(seed, u % T, unit_position(u, o, T, W), &st);
    return st;
  };

  const auto bits = gen.call<unsigned>(o, n, gpurngGenerate);
  for (size_t i = 0; i < n; ++i) {
    State st = state_at(o + i, 1);
    ASSERT_EQ(bits[i], gpurng(&st)) << "gpurngGenerate element " << i;
  }
  const auto uni = gen.call<float>(o, n, gpurngGenerateUniform);
  for (size_t i = 0; i < n; ++i) {
    State st = state_at(o + i, 1);
    ASSERT_SAME_BITS(uni[i], gpurng_uniform(&st)) << "gpurngGenerateUniform element " << i;
  }
  const auto unid = gen.call<double>(o, n, gpurngGenerateUniformDouble);
  for (size_t i = 0; i < n; ++i) {
    State st = state_at(o + i, w.f64);
    ASSERT_SAME_BITS(unid[i], gpurng_uniform_double(&st)) << "gpurngGenerateUniformDouble element " << i;
  }
  auto normal = [](float mean, float sd) {
    return [=](gpurngGenerator_t g, float* out, size_t k) { return gpurngGenerateNormal(g, out, k, mean, sd); };
  };
  const auto nf = gen.call<float>(o, n, normal(kMeanF, kStdF));
  const auto lf = gen.call<float>(o, n, [](gpurngGenerator_t g, float* out, size_t k) {
    return gpurngGenerateLogNormal(g, out, k, kMeanF, kStdF);
  });
  const auto nd = gen.call<double>(o, n, [](gpurngGenerator_t g, double* out, size_t k) {
    return gpurngGenerateNormalDouble(g, out, k, kMeanD, kStdD);
  });
  const auto ld = gen.call<double>(o, n, [](gpurngGenerator_t g, double* out, size_t k) {
    return gpurngGenerateLogNormalDouble(g, out, k, kMeanD, kStdD);
  });
  for (size_t j = 0; j < n / 2; ++j) {
    const uint64_t u = o + j;
    {  // the one-at-a-time call: sine now, cosine from the cache
      State st = state_at(u, w.normal);
      ASSERT_SAME_BITS(nf[2 * j], scale(gpurng_normal(&st), kMeanF, kStdF)) << "gpurngGenerateNormal pair " << j;
      ASSERT_SAME_BITS(nf[2 * j + 1], scale(gpurng_normal(&st), kMeanF, kStdF)) << "gpurngGenerateNormal pair " << j;
    }
    {
      State st = state_at(u, w.normal);
      const gpurng_float2 v = gpurng_log_normal2(&st, kMeanF, kStdF);
      ASSERT_SAME_BITS(lf[2 * j], v.x) << "gpurngGenerateLogNormal pair " << j;
      ASSERT_SAME_BITS(lf[2 * j + 1], v.y) << "gpurngGenerateLogNormal pair " << j;
    }
    {
      State st = state_at(u, w.normal_double);
      const gpurng_double2 v = gpurng_normal2_double(&st);
      ASSERT_SAME_BITS(nd[2 * j], scale(v.x, kMeanD, kStdD)) << "gpurngGenerateNormalDouble pair " << j;
      ASSERT_SAME_BITS(nd[2 * j + 1], scale(v.y, kMeanD, kStdD)) << "gpurngGenerateNormalDouble pair " << j;
    }
    {
      State st = state_at(u, w.normal_double);
      const double a = gpurng_log_normal_double(&st, kMeanD, kStdD);
      const double b = gpurng_log_normal_double(&st, kMeanD, kStdD);
      ASSERT_SAME_BITS(ld[2 * j], a) << "gpurngGenerateLogNormalDouble pair " << j;
      ASSERT_SAME_BITS(ld[2 * j + 1], b) << "gpurngGenerateLogNormalDouble pair " << j;
    }
  }
  // the remaining pair calls against the same fills
  for (size_t j = 0; j < n / 2; j += 97) {
    State a = state_at(o + j, w.normal), b = state_at(o + j, w.normal_double);
    const gpurng_float2 v = gpurng_normal2(&a);
    ASSERT_SAME_BITS(nf[2 * j], scale(v.x, kMeanF, kStdF));
    ASSERT_SAME_BITS(nf[2 * j + 1], scale(v.y, kMeanF, kStdF));
    ASSERT_SAME_BITS(ld[2 * j], gpurng_log_normal2_double(&b, kMeanD, kStdD).x);
    State c = state_at(o + j, w.normal);
    ASSERT_SAME_BITS(lf[2 * j], gpurng_log_normal(&c, kMeanF, kStdF));
    ASSERT_SAME_BITS(lf[2 * j + 1], gpurng_log_normal(&c, kMeanF, kStdF));
    State d = state_at(o + j, w.normal_double);
    ASSERT_SAME_BITS(nd[2 * j], scale(gpurng_normal_double(&d), kMeanD, kStdD));
  }
}

TEST(DeviceApiHostApi, Xorwow) {
  const UnitWords<gpurngStateXORWOW_t> w{2, 2, 4};
  for (uint64_t seed : {uint64_t{1234}, kMax})
    for (uint64_t o : {uint64_t{0}, uint64_t{5}, uint64_t{3 * 4096 + 11}})
      check_one_per_unit(GPURNG_RNG_PSEUDO_XORWOW, GPURNG_ORDERING_PSEUDO_DEFAULT, 4096, w, seed, o);
}

TEST(DeviceApiHostApi, Mrg32k3aDefault) {
  const UnitWords<gpurngStateMRG32k3a_t> w{1, 2, 2};
  check_one_per_unit(GPURNG_RNG_PSEUDO_MRG32K3A, GPURNG_ORDERING_PSEUDO_DEFAULT, 81920, w, 1234, 0);
  check_one_per_unit(GPURNG_RNG_PSEUDO_MRG32K3A, GPURNG_ORDERING_PSEUDO_DEFAULT, 81920, w, uint64_t{1} << 32,
                     81920 + 7);
}

TEST(DeviceApiHostApi, Mrg32k3aLegacy) {
  const UnitWords<gpurngStateMRG32k3a_t> w{1, 2, 2};
  for (uint64_t o : {uint64_t{0}, uint64_t{4096 + 3}})
    check_one_per_unit(GPURNG_RNG_PSEUDO_MRG32K3A, GPURNG_ORDERING_PSEUDO_LEGACY, 4096, w, 77, o);
}

// ---- Philox: a unit is a group of four outputs, from one counter (W = 1) or two (W = 2, doubles) ----

void check_philox(uint64_t seed, uint64_t o) {
  const uint64_t T = 65536;
  HostGenerator gen(GPURNG_RNG_PSEUDO_PHILOX4_32_10, GPURNG_ORDERING_PSEUDO_DEFAULT, seed);
  const size_t n = 4 * 2 * T + 14;
  SCOPED_TRACE(where(seed, 0, o));
  // the device-API state at the start of the unit of element e (W counters per unit), plus `lane` words
  auto state_at = [&](uint64_t e, uint64_t W, uint64_t lane) {
    const uint64_t U = e / 4;
    gpurngStatePhilox4_32_10_t st;
    gpurng_init(seed, U % T, 4 * unit_position(U, o / 4, T, W) + lane, &st);
    return st;
  };

  const auto bits = gen.call<unsigned>(o, n, gpurngGenerate);
  for (size_t i = 0; i < n; ++i) {
    const uint64_t e = o + i;
    gpurngStatePhilox4_32_10_t st = state_at(e, 1, e % 4);  // gpurng_init's lane offset
    ASSERT_EQ(bits[i], gpurng(&st)) << "gpurngGenerate element " << i;
  }
  // unit calls: one call per group of four, compared where the group overlaps the fill
  using S = gpurngStatePhilox4_32_10_t;
  using V = std::vector<double>;  // a unit's four values (floats widen exactly)
  auto per_unit = [&](const auto& fill, uint64_t W, const char* what, V (*unit_values)(S*)) {
    for (uint64_t U = o / 4; 4 * U < o + n; ++U) {
      S st = state_at(4 * U, W, 0);
      const V v = unit_values(&st);
      for (uint64_t lane = 0; lane < 4; ++lane) {
        const uint64_t e = 4 * U + lane;
        if (e < o || e >= o + n) continue;
        using T = typename std::decay_t<decltype(fill)>::value_type;
        ASSERT_SAME_BITS(fill[e - o], static_cast<T>(v[lane])) << what << " element " << e - o;
      }
    }
  };
  const auto uni = gen.call<float>(o, n, gpurngGenerateUniform);
  per_unit(uni, 1, "gpurngGenerateUniform", [](S* st) {
    const gpurng_float4 u = gpurng_uniform4(st);
    return V{u.x, u.y, u.z, u.w};
  });
  const auto unid = gen.call<double>(o, n, gpurngGenerateUniformDouble);
  per_unit(unid, 2, "gpurngGenerateUniformDouble", [](S* st) {
    const gpurng_double2 a = gpurng_uniform2_double(st);
    const gpurng_double2 b = gpurng_uniform2_double(st);
    return V{a.x, a.y, b.x, b.y};
  });
  const auto nf = gen.call<float>(
      o, n, [](gpurngGenerator_t g, float* out, size_t k) { return gpurngGenerateNormal(g, out, k, kMeanF, kStdF); });
  per_unit(nf, 1, "gpurngGenerateNormal (normal4)", [](S* st) {
    const gpurng_float4 z = gpurng_normal4(st);
    return V{scale(z.x, kMeanF, kStdF), scale(z.y, kMeanF, kStdF), scale(z.z, kMeanF, kStdF),
             scale(z.w, kMeanF, kStdF)};
  });
  per_unit(nf, 1, "gpurngGenerateNormal (normal2, normal)", [](S* st) {
    const gpurng_float2 a = gpurng_normal2(st);
    const float c = gpurng_normal(st), d = gpurng_normal(st);
    return V{scale(a.x, kMeanF, kStdF), scale(a.y, kMeanF, kStdF), scale(c, kMeanF, kStdF), scale(d, kMeanF, kStdF)};
  });
  const auto lf = gen.call<float>(o, n, [](gpurngGenerator_t g, float* out, size_t k) {
    return gpurngGenerateLogNormal(g, out, k, kMeanF, kStdF);
  });
  per_unit(lf, 1, "gpurngGenerateLogNormal (log_normal4)", [](S* st) {
    const gpurng_float4 z = gpurng_log_normal4(st, kMeanF, kStdF);
    return V{z.x, z.y, z.z, z.w};
  });
  per_unit(lf, 1, "gpurngGenerateLogNormal (log_normal, log_normal2)", [](S* st) {
    const float a = gpurng_log_normal(st, kMeanF, kStdF), b = gpurng_log_normal(st, kMeanF, kStdF);
    const gpurng_float2 c = gpurng_log_normal2(st, kMeanF, kStdF);
    return V{a, b, c.x, c.y};
  });
  const auto nd = gen.call<double>(o, n, [](gpurngGenerator_t g, double* out, size_t k) {
    return gpurngGenerateNormalDouble(g, out, k, kMeanD, kStdD);
  });
  per_unit(nd, 2, "gpurngGenerateNormalDouble", [](S* st) {
    const gpurng_double2 a = gpurng_normal2_double(st);
    const double c = gpurng_normal_double(st), d = gpurng_normal_double(st);
    return V{scale(a.x, kMeanD, kStdD), scale(a.y, kMeanD, kStdD), scale(c, kMeanD, kStdD), scale(d, kMeanD, kStdD)};
  });
  const auto ld = gen.call<double>(o, n, [](gpurngGenerator_t g, double* out, size_t k) {
    return gpurngGenerateLogNormalDouble(g, out, k, kMeanD, kStdD);
  });
  per_unit(ld, 2, "gpurngGenerateLogNormalDouble", [](S* st) {
    const gpurng_double2 a = gpurng_log_normal2_double(st, kMeanD, kStdD);
    const double c = gpurng_log_normal_double(st, kMeanD, kStdD), d = gpurng_log_normal_double(st, kMeanD, kStdD);
    return V{a.x, a.y, c, d};
  });
}

TEST(DeviceApiHostApi, Philox) {
  for (uint64_t seed : {uint64_t{1234}, kMax})
    for (uint64_t o : {uint64_t{0}, uint64_t{3}, uint64_t{4 * 65536 + 9}}) check_philox(seed, o);
}

}  // namespace
