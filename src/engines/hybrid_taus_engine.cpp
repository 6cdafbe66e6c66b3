// SPDX-License-Identifier: BSD-3-Clause
// GPU Gems 3's hybrid Taus behind the C API (GPURNG_RNG_PSEUDO_HYBRID_TAUS;
// include/gpurng/engines/hybrid_taus.hpp), with Box-Muller or Wallace normals.
#include <string.h>

#include <optional>
#include <vector>

#include "../backends/cpu/split_range.hpp"
#include "../backends/cuda/box_muller_device.hpp"
#include "../backends/cuda/gems_device.hpp"
#include "../backends/cuda/wallace_device.hpp"
#include "../core/engine_registry.hpp"
#include "../core/route.hpp"
#include "../distributions/poisson_table.hpp"
#include "../distributions/wallace_cpu.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/hybrid_taus.hpp"

namespace gpurng {
namespace core {
namespace {

// ---- hybrid Taus: one flat stream of 32-bit words (65536 interleaved streams) ----
// Offsets count words: a u32 or uniform output takes one, a float normal one (pairs (x, y) of consecutive
// words give (sine, cosine) values, cuRAND's float Box-Muller), a double normal two (four words per pair,
// cuRAND's double Box-Muller); normals need even lengths, as XORWOW's.

//
// Normal method WALLACE (GPU Gems 3's pairing): normals come from the Wallace generator of
// include/gpurng/distributions/wallace.hpp seeded with the generator's seed, a stream of its own with its own position
// (outputs consumed); the Taus words are not used and the offset does not move. SetGeneratorOffset(o) puts
// both streams at o; a Wallace position costs O(o / 2^19) pool passes to reach. Reseeding keeps it.
class HybridTausEngine final : public Engine {
 public:
  ~HybridTausEngine() override { cuda::wallace_destroy(wallace_device_); }

  gpurngStatus_t set_seed(uint64_t seed) override {
    if (seed != seed_) {
      seed_ = seed;
      starts_.clear();
      wallace_host_.reset();
      wallace_device_current_ = false;
    }
    return GPURNG_STATUS_SUCCESS;
  }
  void set_offset(uint64_t offset) override {
    position_ = offset;
    wallace_position_ = offset;
  }
  uint64_t offset() const override { return position_; }

  // Stream k: the 65536 interleaved streams on subsequences k T .. k T + T - 1 (the device API's), each seeded
  // from the seed and its number; stream 0 is the layout above. Wallace's pool has no such streams.
  StreamTable stream_table() const override { return {(uint64_t(1) << 48) - 1, UINT64_MAX}; }
  void set_stream(uint64_t k) override {
    if (k != stream_) {
      stream_ = k;
      starts_.clear();
    }
    position_ = 0;
    wallace_position_ = 0;
  }
  uint64_t stream() const override { return stream_; }
  std::unique_ptr<Engine> clone() const override {
    auto copy = std::make_unique<HybridTausEngine>(*this);
    copy->device_lost();  // the device state stays with this engine
    return copy;
  }
  uint64_t offset_step(const Call& c) const override {
    if (wallace_ && is_normal(c.dist)) return 0;
    return is_double_normal(c.dist) ? 2 * uint64_t(c.n) : c.n;
  }
  gpurngStatus_t set_ordering(gpurngOrdering_t ordering, bool host_only) override {
    if (ordering == GPURNG_ORDERING_PSEUDO_DYNAMIC && host_only) return GPURNG_STATUS_OUT_OF_RANGE;
    return ordering == GPURNG_ORDERING_PSEUDO_BEST || ordering == GPURNG_ORDERING_PSEUDO_DEFAULT ||
                   ordering == GPURNG_ORDERING_PSEUDO_LEGACY || ordering == GPURNG_ORDERING_PSEUDO_DYNAMIC
               ? GPURNG_STATUS_SUCCESS
               : GPURNG_STATUS_OUT_OF_RANGE;
  }
  gpurngStatus_t set_normal_method(gpurngNormalMethod_t m) override {
    if (m != GPURNG_NORMAL_METHOD_DEFAULT && m != GPURNG_NORMAL_METHOD_BOX_MULLER && m != GPURNG_NORMAL_METHOD_WALLACE)
      return GPURNG_STATUS_OUT_OF_RANGE;
    wallace_ = m == GPURNG_NORMAL_METHOD_WALLACE;
    return GPURNG_STATUS_SUCCESS;
  }
  gpurngStatus_t check(const Call& c) const override {
    if (c.dist == Dist::u64) return GPURNG_STATUS_TYPE_ERROR;
    if (is_normal(c.dist) && c.n % 2 != 0 && !wallace_) return GPURNG_STATUS_LENGTH_NOT_MULTIPLE;
    if (is_normal(c.dist) && wallace_ && stream_ != 0) return GPURNG_STATUS_TYPE_ERROR;
    if (c.dist == Dist::poisson) return check_poisson_lambda(c.lambda);
    return GPURNG_STATUS_SUCCESS;
  }

  gpurngStatus_t generate(const Call& c, const Where& where) override {
    if (wallace_ && is_normal(c.dist)) return wallace_generate(c, where);
    const std::shared_ptr<const PoissonTable> table = c.dist == Dist::poisson ? poisson_table_for(c.lambda) : nullptr;
    const uint64_t words = is_double_normal(c.dist) ? 2 * uint64_t(c.n) : c.n;
    const gpurngStatus_t st = route(
        c, where, HostCalls::on_host,
        [&](size_t first, size_t count, void* out, int threads) {
          const std::vector<hybrid_taus::state>& base = starts();
          cpu::split_range(count, threads, [&](size_t a, size_t m) {
            void* to = static_cast<char*>(out) + a * dist_size(c.dist);
            fill_host(base, c, first + a, m, to);
            if (table) poisson_host(*table, static_cast<uint32_t*>(to), m);
          });
        },
        [&](size_t, size_t, void*, void* stream) {
          if (is_normal(c.dist)) {
            gpurngStatus_t dst = cuda::hybrid_taus_fill(seed_, first_subsequence(), position_, words,
                                                        cuda::TausOutput::bits32, c.out, stream);
            if (dst == GPURNG_STATUS_SUCCESS)
              dst = cuda::box_muller_in_place(c.out, c.n, is_double_normal(c.dist),
                                              c.dist == Dist::lognormal_f32 || c.dist == Dist::lognormal_f64, c.mean,
                                              c.stddev, stream);
            return dst;
          }
          gpurngStatus_t dst =
              cuda::hybrid_taus_fill(seed_, first_subsequence(), position_, c.n, taus_output(c.dist), c.out, stream);
          if (dst == GPURNG_STATUS_SUCCESS && table)
            dst = poisson_device(*table, static_cast<uint32_t*>(c.out), c.n, stream);
          return dst;
        });
    if (st != GPURNG_STATUS_SUCCESS) return st;
    position_ += words;
    return GPURNG_STATUS_SUCCESS;
  }

  // The uniform outputs take one word each: one flat stream of words, whatever the output type.
  bool is_flat(Output kind) const override { return kind != Output::u64; }
  void fill_ahead_host(Output kind, uint64_t ahead, void* out, size_t n, int threads) override {
    const std::vector<hybrid_taus::state>& base = starts();
    const Call c{dist_of(kind), out, n, 0, 1, 0};
    cpu::split_range(n, threads, [&](size_t a, size_t m) {
      fill_host(base, c, ahead + a, m, static_cast<char*>(out) + a * dist_size(c.dist));
    });
  }
  bool fills_device() const override { return true; }
  gpurngStatus_t fill_ahead_device(Output kind, uint64_t ahead, void* out, size_t n, void* stream) override {
    return cuda::hybrid_taus_fill(seed_, first_subsequence(), position_ + ahead, n, taus_output(dist_of(kind)), out,
                                  stream);
  }
  void advance(Output, uint64_t n) override { position_ += n; }
  void device_lost() override {
    wallace_device_ = nullptr;  // no CUDA call: the GPU failed, or this is a child after fork()
    wallace_device_current_ = false;
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
    if (starts_.empty()) starts_ = hybrid_taus::seed_states(seed_, first_subsequence());
    return starts_;
  }
  uint64_t first_subsequence() const { return stream_ * hybrid_taus::kStreams; }

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

  // ---- Wallace ----
  gpurngStatus_t wallace_generate(const Call& c, const Where& where) {
    const bool dbl = is_double_normal(c.dist);
    const bool log = c.dist == Dist::lognormal_f32 || c.dist == Dist::lognormal_f64;
    if (where.device_out && where.cuda_backend) {
      gpurngStatus_t st = wallace_device_at_position(where.stream);
      if (st != GPURNG_STATUS_SUCCESS) return st;
      float* z = static_cast<float*>(c.out);
      void* temp = nullptr;
      if (dbl) {  // floats first, widened into the doubles after
        st = cuda::device_alloc(&temp, c.n * sizeof(float));
        if (st != GPURNG_STATUS_SUCCESS) return st;
        z = static_cast<float*>(temp);
      }
      st = cuda::wallace_fill(wallace_device_, z, c.n, where.stream);
      if (st == GPURNG_STATUS_SUCCESS)
        st = cuda::scale_normals(z, c.out, c.n, dbl, log, c.mean, c.stddev, where.stream);
      if (temp) {  // the widening must be done before the floats are freed
        if (where.stream) cuda::stream_sync_quietly(where.stream);
        cuda::device_free(temp);
      }
      if (st != GPURNG_STATUS_SUCCESS) return st;
      wallace_position_ += c.n;
      wallace_host_current_ = false;
      return GPURNG_STATUS_SUCCESS;
    }
    const gpurngStatus_t st = wallace_host_at_position();
    if (st != GPURNG_STATUS_SUCCESS) return st;
    // The stream is drawn pass by pass on the pools' threads, then converted on the requested ranges.
    std::vector<float> z(c.n);
    wallace_host_->fill(c.n, z.data());
    wallace_position_ += c.n;
    wallace_device_current_ = false;
    return route(
        c, Where{false, where.device_out, where.threads, where.stream}, HostCalls::on_host,
        [&](size_t first, size_t count, void* out, int threads) {
          cpu::split_range(count, threads, [&](size_t a, size_t m) {
            convert_normals(z.data() + first + a, m, static_cast<char*>(out) + a * dist_size(c.dist), dbl, log, c);
          });
        },
        [](size_t, size_t, void*, void*) { return GPURNG_STATUS_INTERNAL_ERROR; });
  }
  // Scale (or exponentiate) count Wallace normals into the call's output type.
  static void convert_normals(const float* z, size_t count, void* out, bool dbl, bool log, const Call& c) {
    const float mf = static_cast<float>(c.mean), sf = static_cast<float>(c.stddev);
    for (size_t i = 0; i < count; ++i) {
      const float v = z[i];
      if (dbl)
        static_cast<double*>(out)[i] = log ? curand_out::lognormal(static_cast<double>(v), c.mean, c.stddev)
                                           : curand_out::scale(static_cast<double>(v), c.mean, c.stddev);
      else
        static_cast<float*>(out)[i] = log ? curand_out::lognormal(v, mf, sf) : curand_out::scale(v, mf, sf);
    }
  }
  // The host generator at wallace_position_ (taken over from the device copy if that one ran on).
  gpurngStatus_t wallace_host_at_position() {
    if (!wallace_host_current_ && wallace_device_current_) {
      wallace::wallace_state s;
      const gpurngStatus_t st = cuda::wallace_download(wallace_device_, &s);
      if (st != GPURNG_STATUS_SUCCESS) return st;
      if (!wallace_host_) wallace_host_.emplace(seed_);
      wallace_host_->set_state(s);
    }
    if (!wallace_host_ || wallace_host_->position() > wallace_position_) wallace_host_.emplace(seed_);
    wallace_host_->skip(wallace_position_ - wallace_host_->position());
    wallace_host_current_ = true;
    return GPURNG_STATUS_SUCCESS;
  }
  // The device copy at wallace_position_: kept, uploaded from the host, or seeded afresh; then moved on.
  gpurngStatus_t wallace_device_at_position(void* stream) {
    gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
    if (!wallace_device_) {
      st = cuda::wallace_create(&wallace_device_);
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    const bool keep = wallace_device_current_ && cuda::wallace_seed_of(wallace_device_) == seed_ &&
                      cuda::wallace_position(wallace_device_) <= wallace_position_;
    if (!keep) {
      if (wallace_host_current_ && wallace_host_ && wallace_host_->position() <= wallace_position_)
        st = cuda::wallace_upload(wallace_device_, wallace_host_->state());
      else
        st = cuda::wallace_seed(wallace_device_, seed_, stream);
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    const uint64_t behind = wallace_position_ - cuda::wallace_position(wallace_device_);
    if (behind) st = cuda::wallace_fill(wallace_device_, nullptr, behind, stream);
    wallace_device_current_ = st == GPURNG_STATUS_SUCCESS;
    return st;
  }

  uint64_t seed_ = 0;
  uint64_t position_ = 0;
  uint64_t stream_ = 0;  // gpurngSetGeneratorStream
  std::vector<hybrid_taus::state> starts_;
  bool wallace_ = false;
  uint64_t wallace_position_ = 0;
  std::optional<wallace::wallace_generator> wallace_host_;
  bool wallace_host_current_ = false;
  cuda::WallaceDevice* wallace_device_ = nullptr;
  bool wallace_device_current_ = false;
};

std::unique_ptr<Engine> make_hybrid_taus(gpurngRngType_t) { return std::make_unique<HybridTausEngine>(); }

}  // namespace
}  // namespace core
}  // namespace gpurng

GPURNG_REGISTER_ENGINE(hybrid_taus, gpurng::core::make_hybrid_taus, GPURNG_RNG_PSEUDO_HYBRID_TAUS)
