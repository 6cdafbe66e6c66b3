// SPDX-License-Identifier: BSD-3-Clause
// cuRAND's four Sobol' generators behind the C API (include/gpurng/engines/sobol.hpp): dimension-major calls of
// n = points x dimensions values, positions counted in points, normals by the inverse CDF.
#include "../backends/cpu/split_range.hpp"
#include "../backends/cuda/curand_layout_device.hpp"
#include "../core/engine_registry.hpp"
#include "../core/route.hpp"
#include "gpurng/engines/sobol.hpp"
#include "quasi_engine.hpp"

namespace gpurng {
namespace core {
namespace {

// Host-memory calls on the CUDA backend go to the GPU from this many outputs on (and for normals always).
constexpr size_t kDeviceForHostSobol = size_t(1) << 14;

template <typename W>
class SobolEngine final : public QuasiEngine {
 public:
  // Streams: the 32-bit sets' 2^32 points (and scrambled SOBOL64's, whose calls start at point mod 2^32) in 256
  // blocks of 2^24; SOBOL64 in 2^24 blocks of 2^40 (positions stay 64-bit).
  explicit SobolEngine(sobol::Kind kind)
      : QuasiEngine(sobol::kMaxDimensions, kind == sobol::Kind::sobol64
                                               ? StreamTable{(uint64_t(1) << 24) - 1, uint64_t(1) << 40}
                                               : StreamTable{255, uint64_t(1) << 24}),
        kind_(kind) {}

  gpurngStatus_t set_seed(uint64_t) override { return GPURNG_STATUS_TYPE_ERROR; }
  gpurngStatus_t set_normal_method(gpurngNormalMethod_t m) override {
    if (m != GPURNG_NORMAL_METHOD_CURAND_DEVICE) {
      const gpurngStatus_t st = QuasiEngine::set_normal_method(m);
      if (st == GPURNG_STATUS_SUCCESS) curand_device_normals_ = false;
      return st;
    }
    curand_device_normals_ = true;
    return GPURNG_STATUS_SUCCESS;
  }

  gpurngStatus_t check(const Call& c) const override {
    constexpr bool wide = sizeof(W) == 8;
    if ((c.dist == Dist::u32 && wide) || (c.dist == Dist::u64 && !wide)) return GPURNG_STATUS_TYPE_ERROR;
    return check_length_and_lambda(c);
  }

  gpurngStatus_t generate(const Call& c, const Where& where) override {
    const size_t per = c.n / dims_;
    const std::shared_ptr<const PoissonTable> table = c.dist == Dist::poisson ? poisson_table_for(c.lambda) : nullptr;
    // The device fill writes whole 64-bit words, where Poisson wants their top halves: 64-bit Poisson calls
    // are filled on the host (and copied).
    Where w = where;
    if (table && sizeof(W) == 8) w.cuda_backend = false;
    // cuRAND's GPU formulas exist on the GPU only: no CPU backend; host outputs are made there and copied.
    const bool gpu_normals = curand_device_normals_ && is_normal(c.dist);
    if (gpu_normals && !where.cuda_backend) return GPURNG_STATUS_ARCH_MISMATCH;
    const uint64_t start = sobol::call_start(kind_, point());
    // Host memory on the CUDA backend: the GPU for normals and from 16 Ki outputs on (64 Ki normals took 19.5
    // ms on the H100 machine's host CPU, 64 Ki words 105-143 us, against 54-91 us for cuRAND and its copy),
    // as one staging buffer: the device fill makes whole calls only.
    const bool gpu =
        gpu_normals || ((is_normal(c.dist) || c.n >= kDeviceForHostSobol) && c.n * dist_size(c.dist) <= kStagingBytes);
    const gpurngStatus_t st = route(
        c, w, gpu ? HostCalls::on_device_whole : HostCalls::on_host,
        [&](size_t first, size_t count, void* out, int threads) {
          const auto& t = table_();
          cpu::split_range(count, threads, [&](size_t a, size_t m) {
            void* to = static_cast<char*>(out) + a * dist_size(c.dist);
            fill_elements(t, c, per, start, first + a, m, to);
            if (table) poisson_host(*table, static_cast<uint32_t*>(to), m);
          });
        },
        [&](size_t first, size_t count, void* out, void* stream) {
          if (first != 0 || count != c.n) return GPURNG_STATUS_INTERNAL_ERROR;  // whole calls only (above)
          gpurngStatus_t dst = cuda::sobol_fill(kind_, dims_, point(), c.n, output_of(c.dist), out, c.mean, c.stddev,
                                                stream, curand_device_normals_);
          if (dst == GPURNG_STATUS_SUCCESS && table)
            dst = poisson_device(*table, static_cast<uint32_t*>(out), c.n, stream);
          return dst;
        });
    if (st != GPURNG_STATUS_SUCCESS) return st;
    position_ += per;
    return GPURNG_STATUS_SUCCESS;
  }

 private:
  static cuda::SobolOutput output_of(Dist d) {
    switch (d) {
      case Dist::uniform_f32:
        return cuda::SobolOutput::uniform_f32;
      case Dist::uniform_f64:
        return cuda::SobolOutput::uniform_f64;
      case Dist::normal_f32:
        return cuda::SobolOutput::normal_f32;
      case Dist::normal_f64:
        return cuda::SobolOutput::normal_f64;
      case Dist::lognormal_f32:
        return cuda::SobolOutput::lognormal_f32;
      case Dist::lognormal_f64:
        return cuda::SobolOutput::lognormal_f64;
      default:  // u32/u64, and Poisson's 32-bit words (its transform follows)
        return cuda::SobolOutput::bits;
    }
  }

  const sobol::direction_table<W>& table_() const {
    if constexpr (sizeof(W) == 8)
      return sobol::shared_table64(sobol::is_scrambled(kind_));
    else
      return sobol::shared_table32(sobol::is_scrambled(kind_));
  }

  // Elements [first, first + count) of a call: element e is point start + e % per of dimension e / per.
  void fill_elements(const sobol::direction_table<W>& t, const Call& c, size_t per, uint64_t start, size_t first,
                     size_t count, void* out) const {
    size_t e = first;
    const size_t end = first + count;
    while (e < end) {
      const unsigned d = static_cast<unsigned>(e / per);
      const size_t j0 = e % per;
      const size_t len = std::min(per - j0, end - e);
      run_dimension(t, c, d, start + j0, len, static_cast<char*>(out) + (e - first) * dist_size(c.dist));
      e += len;
    }
  }

  void run_dimension(const sobol::direction_table<W>& t, const Call& c, unsigned d, uint64_t i0, size_t len,
                     void* out) const {
    const W* v = t.vectors_of(d);
    W x = sobol::point(v, t.constants[d], i0);
    uint64_t i = i0;
    auto each = [&](auto* o, auto convert) {
      for (size_t j = 0; j < len; ++j) {
        o[j] = convert(x);
        x = sobol::next_point(v, x, i++);
      }
    };
    const float mf = static_cast<float>(c.mean), sf = static_cast<float>(c.stddev);
    const double md = c.mean, sd = c.stddev;
    switch (c.dist) {
      case Dist::u32:
      case Dist::poisson:
        return each(static_cast<uint32_t*>(out),
                    [](W w) { return static_cast<uint32_t>(sizeof(W) == 8 ? w >> 32 : w); });
      case Dist::u64:
        return each(static_cast<unsigned long long*>(out), [](W w) { return static_cast<unsigned long long>(w); });
      case Dist::uniform_f32:
        return each(static_cast<float*>(out), [](W w) { return sobol::uniform_float(w); });
      case Dist::uniform_f64:
        return each(static_cast<double*>(out), [](W w) { return sobol::uniform_double(w); });
      case Dist::normal_f32:
        return each(static_cast<float*>(out), [=](W w) { return curand_out::scale(sobol::normal_float(w), mf, sf); });
      case Dist::normal_f64:
        return each(static_cast<double*>(out), [=](W w) { return curand_out::scale(sobol::normal_double(w), md, sd); });
      case Dist::lognormal_f32:
        return each(static_cast<float*>(out),
                    [=](W w) { return curand_out::lognormal(sobol::normal_float(w), mf, sf); });
      case Dist::lognormal_f64:
        return each(static_cast<double*>(out),
                    [=](W w) { return curand_out::lognormal(sobol::normal_double(w), md, sd); });
    }
  }

  sobol::Kind kind_;
  bool curand_device_normals_ = false;  // GPURNG_NORMAL_METHOD_CURAND_DEVICE
};

std::unique_ptr<Engine> make_sobol_engine(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_QUASI_DEFAULT:
    case GPURNG_RNG_QUASI_SOBOL32:
      return std::make_unique<SobolEngine<uint32_t>>(sobol::Kind::sobol32);
    case GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32:
      return std::make_unique<SobolEngine<uint32_t>>(sobol::Kind::scrambled_sobol32);
    case GPURNG_RNG_QUASI_SOBOL64:
      return std::make_unique<SobolEngine<uint64_t>>(sobol::Kind::sobol64);
    case GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64:
      return std::make_unique<SobolEngine<uint64_t>>(sobol::Kind::scrambled_sobol64);
    default:
      return nullptr;
  }
}

}  // namespace
}  // namespace core
}  // namespace gpurng

GPURNG_REGISTER_ENGINE(sobol, gpurng::core::make_sobol_engine, GPURNG_RNG_QUASI_DEFAULT, GPURNG_RNG_QUASI_SOBOL32,
                       GPURNG_RNG_QUASI_SCRAMBLED_SOBOL32, GPURNG_RNG_QUASI_SOBOL64, GPURNG_RNG_QUASI_SCRAMBLED_SOBOL64)
