// SPDX-License-Identifier: BSD-3-Clause
// Xu and Okten's random-start randomly permuted Halton sequence behind the C API
// (GPURNG_RNG_QUASI_HALTON_RASRAP; include/gpurng/engines/halton_rasrap.hpp).
#include <optional>

#include "../backends/cpu/split_range.hpp"
#include "../backends/cuda/gems_device.hpp"
#include "../core/engine_registry.hpp"
#include "../core/route.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/halton_rasrap.hpp"
#include "quasi_engine.hpp"

namespace gpurng {
namespace core {
namespace {

// ---- Halton Rasrap: quasi-random, but seeded (the seed picks the random start and the permutations) ----

class HaltonEngine final : public QuasiEngine {
 public:
  // Streams: blocks of 2^32 points, as many as the shortest cycle of any dimension holds (dimension d repeats
  // after b^K points, K the largest with b^K <= 2^64; the least of these over the 1000 bases is 7151^4 =
  // 2614972416513601 points, 608845 blocks).
  HaltonEngine() : QuasiEngine(halton_rasrap::kMaxDimensions, StreamTable{608844, uint64_t(1) << 32}) {}

  gpurngStatus_t set_seed(uint64_t seed) override {
    if (seed != seed_) {
      seed_ = seed;
      params_.reset();
    }
    return GPURNG_STATUS_SUCCESS;
  }
  gpurngStatus_t check(const Call& c) const override { return check_length_and_lambda(c); }

  gpurngStatus_t generate(const Call& c, const Where& where) override {
    const halton_rasrap::params& p = params();
    const std::shared_ptr<const PoissonTable> table = c.dist == Dist::poisson ? poisson_table_for(c.lambda) : nullptr;
    const gpurngStatus_t st = route(
        c, where, HostCalls::on_host,
        [&](size_t first, size_t count, void* out, int threads) {
          const halton_rasrap::view v = p.get();
          cpu::split_range(count, threads, [&](size_t a, size_t m) {
            void* to = static_cast<char*>(out) + a * dist_size(c.dist);
            fill_elements(v, c, first + a, m, to);
            if (table) poisson_host(*table, static_cast<uint32_t*>(to), m);
          });
        },
        [&](size_t, size_t, void*, void* stream) {
          gpurngStatus_t dst =
              cuda::halton_fill(p, dims_, point(), c.n, output_of(c.dist), c.out, c.mean, c.stddev, stream);
          if (dst == GPURNG_STATUS_SUCCESS && table)
            dst = poisson_device(*table, static_cast<uint32_t*>(c.out), c.n, stream);
          return dst;
        });
    if (st != GPURNG_STATUS_SUCCESS) return st;
    position_ += c.n / dims_;
    return GPURNG_STATUS_SUCCESS;
  }

 private:
  const halton_rasrap::params& params() {
    if (!params_ || params_->dimensions() < dims_) params_.emplace(halton_rasrap::make_params(seed_, dims_));
    return *params_;
  }
  static cuda::HaltonOutput output_of(Dist d) {
    switch (d) {
      case Dist::u64:
        return cuda::HaltonOutput::bits64;
      case Dist::uniform_f32:
        return cuda::HaltonOutput::uniform_f32;
      case Dist::uniform_f64:
        return cuda::HaltonOutput::uniform_f64;
      case Dist::normal_f32:
        return cuda::HaltonOutput::normal_f32;
      case Dist::normal_f64:
        return cuda::HaltonOutput::normal_f64;
      case Dist::lognormal_f32:
        return cuda::HaltonOutput::lognormal_f32;
      case Dist::lognormal_f64:
        return cuda::HaltonOutput::lognormal_f64;
      default:  // u32 and Poisson's words
        return cuda::HaltonOutput::bits32;
    }
  }
  void fill_elements(const halton_rasrap::view& v, const Call& c, size_t first, size_t count, void* out) const {
    namespace hr = halton_rasrap;
    const uint64_t o = point();
    const float mf = static_cast<float>(c.mean), sf = static_cast<float>(c.stddev);
    switch (c.dist) {
      case Dist::u32:
      case Dist::poisson:
        hr::fill_range(v, dims_, o, c.n, first, count, static_cast<uint32_t*>(out));
        return;
      case Dist::u64:
        hr::fill_range(v, dims_, o, c.n, first, count, static_cast<uint64_t*>(out));
        return;
      case Dist::uniform_f32:
        hr::fill_range(v, dims_, o, c.n, first, count, static_cast<float*>(out));
        return;
      case Dist::uniform_f64:
        hr::fill_range(v, dims_, o, c.n, first, count, static_cast<double*>(out));
        return;
      case Dist::normal_f32:
        hr::fill_normal_range(v, dims_, o, c.n, first, count, static_cast<float*>(out), mf, sf);
        return;
      case Dist::normal_f64:
        hr::fill_normal_range(v, dims_, o, c.n, first, count, static_cast<double*>(out), c.mean, c.stddev);
        return;
      case Dist::lognormal_f32:
        hr::fill_range_with(v, dims_, o, c.n, first, count, static_cast<float*>(out), [=](uint64_t w) {
          return curand_out::lognormal(sobol::normal_float(hr::to_u32(w)), mf, sf);
        });
        return;
      case Dist::lognormal_f64:
        hr::fill_range_with(v, dims_, o, c.n, first, count, static_cast<double*>(out), [&](uint64_t w) {
          return curand_out::lognormal(sobol::normal_double(w), c.mean, c.stddev);
        });
        return;
    }
  }

  uint64_t seed_ = 0;
  std::optional<halton_rasrap::params> params_;
};

std::unique_ptr<Engine> make_halton(gpurngRngType_t) { return std::make_unique<HaltonEngine>(); }

}  // namespace
}  // namespace core
}  // namespace gpurng

GPURNG_REGISTER_ENGINE(halton_rasrap, gpurng::core::make_halton, GPURNG_RNG_QUASI_HALTON_RASRAP)
