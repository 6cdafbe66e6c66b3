// SPDX-License-Identifier: BSD-3-Clause
// The engines of the project's papers behind the C API: Xu and Okten's random-start randomly permuted
// Halton sequence (src/engines/halton_rasrap.hpp) and GPU Gems 3's hybrid Taus (src/engines/hybrid_taus.hpp).
#include <string.h>

#include <optional>
#include <vector>

#include "../backends/cuda/box_muller_device.hpp"
#include "../backends/cuda/gems_device.hpp"
#include "../engines/curand_outputs.hpp"
#include "../engines/halton_rasrap.hpp"
#include "../engines/hybrid_taus.hpp"
#include "style_poisson.hpp"
#include "style_routing.hpp"

namespace gpurng {
namespace core {
namespace {

// ---- Halton Rasrap: quasi-random, but seeded (the seed picks the random start and the permutations) ----

class HaltonEngine final : public StyleEngine {
 public:
  gpurngStatus_t set_seed(uint64_t seed) override {
    if (seed != seed_) {
      seed_ = seed;
      params_.reset();
    }
    return GPURNG_STATUS_SUCCESS;
  }
  void set_offset(uint64_t offset) override { position_ = offset; }
  uint64_t offset() const override { return position_; }
  gpurngStatus_t set_ordering(gpurngOrdering_t ordering, bool) override {
    return ordering == GPURNG_ORDERING_QUASI_DEFAULT ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_OUT_OF_RANGE;
  }
  gpurngStatus_t set_dimensions(unsigned dimensions) override {
    if (dimensions < 1 || dimensions > halton_rasrap::kMaxDimensions) return GPURNG_STATUS_OUT_OF_RANGE;
    dims_ = dimensions;
    return GPURNG_STATUS_SUCCESS;
  }
  gpurngStatus_t set_normal_method(gpurngNormalMethod_t m) override {
    return m == GPURNG_NORMAL_METHOD_DEFAULT || m == GPURNG_NORMAL_METHOD_INVERSE_CDF ? GPURNG_STATUS_SUCCESS
                                                                                      : GPURNG_STATUS_OUT_OF_RANGE;
  }
  gpurngStatus_t check(const Call& c) const override {
    if (c.n % dims_ != 0) return GPURNG_STATUS_LENGTH_NOT_MULTIPLE;
    if (c.dist == Dist::poisson) return check_poisson_lambda(c.lambda);
    return GPURNG_STATUS_SUCCESS;
  }

  gpurngStatus_t generate(const Call& c, const Where& where) override {
    const halton_rasrap::params& p = params();
    const std::shared_ptr<const PoissonTable> table = c.dist == Dist::poisson ? poisson_table_for(c.lambda) : nullptr;
    gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
    if (where.device_out && where.cuda_backend) {
      st = cuda::halton_fill(p, dims_, position_, c.n, output_of(c.dist), c.out, c.mean, c.stddev, where.stream);
      if (st == GPURNG_STATUS_SUCCESS && table)
        st = poisson_device(*table, static_cast<uint32_t*>(c.out), c.n, where.stream);
    } else {
      const halton_rasrap::view v = p.get();
      st = host_route(c, where, [&](size_t first, size_t count, void* out) {
        fill_elements(v, c, first, count, out);
        if (table) poisson_host(*table, static_cast<uint32_t*>(out), count);
      });
    }
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
    const uint64_t o = position_;
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
  unsigned dims_ = 1;
  uint64_t position_ = 0;
  std::optional<halton_rasrap::params> params_;
};

// ---- hybrid Taus: one flat stream of 32-bit words (65536 interleaved streams) ----
// Offsets count words: a u32 or uniform output takes one, a float normal one (pairs (x, y) of consecutive
// words give (sine, cosine) values, cuRAND's float Box-Muller), a double normal two (four words per pair,
// cuRAND's double Box-Muller); normals need even lengths, as XORWOW's.

class HybridTausEngine final : public StyleEngine {
 public:
  gpurngStatus_t set_seed(uint64_t seed) override {
    if (seed != seed_) {
      seed_ = seed;
      starts_.clear();
    }
    return GPURNG_STATUS_SUCCESS;
  }
  void set_offset(uint64_t offset) override { position_ = offset; }
  uint64_t offset() const override { return position_; }
  gpurngStatus_t set_ordering(gpurngOrdering_t ordering, bool host_only) override {
    if (ordering == GPURNG_ORDERING_PSEUDO_DYNAMIC && host_only) return GPURNG_STATUS_OUT_OF_RANGE;
    return ordering == GPURNG_ORDERING_PSEUDO_BEST || ordering == GPURNG_ORDERING_PSEUDO_DEFAULT ||
                   ordering == GPURNG_ORDERING_PSEUDO_LEGACY || ordering == GPURNG_ORDERING_PSEUDO_DYNAMIC
               ? GPURNG_STATUS_SUCCESS
               : GPURNG_STATUS_OUT_OF_RANGE;
  }
  gpurngStatus_t set_dimensions(unsigned) override { return GPURNG_STATUS_TYPE_ERROR; }
  gpurngStatus_t set_normal_method(gpurngNormalMethod_t m) override {
    return m == GPURNG_NORMAL_METHOD_DEFAULT || m == GPURNG_NORMAL_METHOD_BOX_MULLER ? GPURNG_STATUS_SUCCESS
                                                                                     : GPURNG_STATUS_OUT_OF_RANGE;
  }
  gpurngStatus_t check(const Call& c) const override {
    if (c.dist == Dist::u64) return GPURNG_STATUS_TYPE_ERROR;
    if (is_normal(c.dist) && c.n % 2 != 0) return GPURNG_STATUS_LENGTH_NOT_MULTIPLE;
    if (c.dist == Dist::poisson) return check_poisson_lambda(c.lambda);
    return GPURNG_STATUS_SUCCESS;
  }

  gpurngStatus_t generate(const Call& c, const Where& where) override {
    const std::shared_ptr<const PoissonTable> table = c.dist == Dist::poisson ? poisson_table_for(c.lambda) : nullptr;
    const uint64_t words = is_double_normal(c.dist) ? 2 * uint64_t(c.n) : c.n;
    gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
    if (where.device_out && where.cuda_backend) {
      if (is_normal(c.dist)) {
        st = cuda::hybrid_taus_fill(seed_, position_, words, cuda::TausOutput::bits32, c.out, where.stream);
        if (st == GPURNG_STATUS_SUCCESS)
          st = cuda::box_muller_in_place(c.out, c.n, is_double_normal(c.dist),
                                         c.dist == Dist::lognormal_f32 || c.dist == Dist::lognormal_f64, c.mean,
                                         c.stddev, where.stream);
      } else {
        st = cuda::hybrid_taus_fill(seed_, position_, c.n, taus_output(c.dist), c.out, where.stream);
        if (st == GPURNG_STATUS_SUCCESS && table)
          st = poisson_device(*table, static_cast<uint32_t*>(c.out), c.n, where.stream);
      }
    } else {
      const std::vector<hybrid_taus::state>& base = starts();
      st = host_route(c, where, [&](size_t first, size_t count, void* out) {
        fill_host(base, c, first, count, out);
        if (table) poisson_host(*table, static_cast<uint32_t*>(out), count);
      });
    }
    if (st != GPURNG_STATUS_SUCCESS) return st;
    position_ += words;
    return GPURNG_STATUS_SUCCESS;
  }

 private:
  static bool is_normal(Dist d) {
    return d == Dist::normal_f32 || d == Dist::normal_f64 || d == Dist::lognormal_f32 || d == Dist::lognormal_f64;
  }
  static bool is_double_normal(Dist d) { return d == Dist::normal_f64 || d == Dist::lognormal_f64; }
  static cuda::TausOutput taus_output(Dist d) {
    return d == Dist::uniform_f32   ? cuda::TausOutput::uniform_f32
           : d == Dist::uniform_f64 ? cuda::TausOutput::uniform_f64
                                    : cuda::TausOutput::bits32;
  }
  const std::vector<hybrid_taus::state>& starts() {
    if (starts_.empty()) starts_ = hybrid_taus::seed_states(seed_);
    return starts_;
  }

  // Outputs [first, first + count) of the call.
  void fill_host(const std::vector<hybrid_taus::state>& base, const Call& c, size_t first, size_t count,
                 void* out) const {
    namespace ht = hybrid_taus;
    switch (c.dist) {
      case Dist::u32:
      case Dist::poisson:
        return ht::fill_range(base.data(), 0, position_ + first, count, static_cast<uint32_t*>(out));
      case Dist::uniform_f32:
        return ht::fill_range(base.data(), 0, position_ + first, count, static_cast<float*>(out));
      case Dist::uniform_f64:
        return ht::fill_range(base.data(), 0, position_ + first, count, static_cast<double*>(out));
      default:
        break;
    }
    // Normals: whole pairs around [first, first + count), then the part asked for.
    const bool dbl = is_double_normal(c.dist);
    const bool log = c.dist == Dist::lognormal_f32 || c.dist == Dist::lognormal_f64;
    const size_t a = first & ~size_t(1), b = (first + count + 1) & ~size_t(1);
    const int per = dbl ? 2 : 1;  // words per output
    std::vector<uint32_t> w((b - a) * per);
    ht::fill_range(base.data(), 0, position_ + a * per, w.size(), w.data());
    for (size_t k = a; k < b; k += 2) {
      const uint32_t* x = w.data() + (k - a) * per;
      double s, co;
      if (dbl) {
        const curand_out::f64x2 z = curand_out::box_muller_f64(x[0], x[1], x[2], x[3]);
        s = log ? curand_out::lognormal(z.s, c.mean, c.stddev) : curand_out::scale(z.s, c.mean, c.stddev);
        co = log ? curand_out::lognormal(z.c, c.mean, c.stddev) : curand_out::scale(z.c, c.mean, c.stddev);
        if (k >= first && k < first + count) static_cast<double*>(out)[k - first] = s;
        if (k + 1 >= first && k + 1 < first + count) static_cast<double*>(out)[k + 1 - first] = co;
      } else {
        const float mf = static_cast<float>(c.mean), sf = static_cast<float>(c.stddev);
        const curand_out::f32x2 z = curand_out::box_muller_f32(x[0], x[1]);
        const float fs = log ? curand_out::lognormal(z.s, mf, sf) : curand_out::scale(z.s, mf, sf);
        const float fc = log ? curand_out::lognormal(z.c, mf, sf) : curand_out::scale(z.c, mf, sf);
        if (k >= first && k < first + count) static_cast<float*>(out)[k - first] = fs;
        if (k + 1 >= first && k + 1 < first + count) static_cast<float*>(out)[k + 1 - first] = fc;
      }
    }
  }

  uint64_t seed_ = 0;
  uint64_t position_ = 0;
  std::vector<hybrid_taus::state> starts_;
};

}  // namespace

std::unique_ptr<StyleEngine> make_gems_engine(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_QUASI_HALTON_RASRAP:
      return std::make_unique<HaltonEngine>();
    case GPURNG_RNG_PSEUDO_HYBRID_TAUS:
      return std::make_unique<HybridTausEngine>();
    default:
      return nullptr;
  }
}

}  // namespace core
}  // namespace gpurng
