// SPDX-License-Identifier: BSD-3-Clause
// RANMAR behind the C API (GPURNG_RNG_PSEUDO_RANMAR, RANMAR48, RANMAR48X; include/gpurng/engines/ranmar.hpp):
// one flat stream, offset = numbers consumed. Stream k starts at position k * 2^64 of the seed's sequence (the
// device API's subsequence k), so positions are 128-bit: the window is jumped there from the seed once per seed
// and stream, and the fills, which read a position only for its carry and its place in the 97-slot table, are
// given one congruent to it modulo 97 and the carry's modulus (phase()). The engine keeps the 97-word window at one
// position on the host and, after device fills, the extended window on the device at another; a fill at either position
// continues from it, any other position is reached by jump-ahead from the seed (O(log position)). So direct
// calls, the ring's slabs and the legacy layers' restarts all cost what they must and nothing more.
#include <stdint.h>

#include <algorithm>
#include <type_traits>

#include "../backends/cpu/ranmar_cpu.hpp"
#include "../backends/cuda/cuda_backend.hpp"
#include "../core/engine_registry.hpp"
#include "../core/flat_engine.hpp"
#include "gpurng/engines/ranmar.hpp"
#include "gpurng/engines/ranmar_jump.hpp"
#include "gpurng/engines/ranmar_jump_table.hpp"

namespace gpurng {
namespace core {
namespace {

using ranmar::Kind;
using ranmar::kLag;

template <Kind K>
class RanmarEngine final : public FlatEngine {
  using word = typename ranmar::traits<K>::word;

 public:
  explicit RanmarEngine(gpurngRngType_t type)
      : FlatEngine(GPURNG_RANMAR_DEFAULT_SEED, GPURNG_RANMAR_MAX_SEED), type_(type) {}
  ~RanmarEngine() override { cuda::ranmar_destroy(dev_); }

  StreamTable stream_table() const override { return {UINT64_MAX, UINT64_MAX}; }
  std::unique_ptr<Engine> clone() const override {
    auto copy = std::make_unique<RanmarEngine>(*this);
    copy->device_lost();  // the device state stays with this engine
    return copy;
  }

  bool follow(const Engine& source) override {
    const auto* from = dynamic_cast<const RanmarEngine*>(&source);
    if (!from) return false;
    // The same seed and stream: the device window (at device_pos_) and the host window (at host_pos_) are still
    // places of the source's sequence. The host window is kept when it is further on than the source's, so the
    // next part's jump is the short one.
    const bool same = seed() == from->seed() && stream() == from->stream();
    word window[kLag];
    std::copy(window_, window_ + kLag, window);
    const bool host_valid = host_valid_, device_valid = device_valid_;
    const uint64_t host_pos = host_pos_, device_pos = device_pos_;
    cuda::RanmarDevice* const dev = dev_;
    *this = *from;  // words and flags only: nothing here throws
    dev_ = dev;     // the device state stays this copy's
    device_valid_ = same && device_valid;
    device_pos_ = device_pos;
    if (same && host_valid && (!host_valid_ || host_pos > host_pos_)) {
      std::copy(window, window + kLag, window_);
      host_pos_ = host_pos;
      host_valid_ = true;
    }
    return true;
  }

  void fill_ahead_host(Output kind, uint64_t ahead, void* out, size_t n, int threads) override {
    const uint64_t p = offset() + ahead;
    host_window_at(p);
    visit_output(kind, [&](auto t) {
      using T = decltype(t);
      constexpr bool allowed = std::is_floating_point<T>::value || (sizeof(T) == 4) == (K == Kind::r24);
      if constexpr (allowed) cpu::ranmar_fill<K, T>(window_, phase(p), static_cast<T*>(out), n, threads);
    });
    host_pos_ = p + n;
  }
  bool fills_device() const override { return true; }
  gpurngStatus_t fill_ahead_device(Output kind, uint64_t ahead, void* out, size_t n, void* stream) override {
    const uint64_t p = offset() + ahead;
    if (!dev_) {
      const gpurngStatus_t st = cuda::ranmar_create(&dev_);
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    uint64_t upload[kLag];
    const uint64_t* given = nullptr;  // NULL: the device's window is at p
    if (!device_valid_ || device_pos_ != p) {
      host_window_at(p);
      std::copy(window_, window_ + kLag, upload);
      given = upload;
    }
    const uint64_t at = phase(p);
    const gpurngStatus_t st = stream ? cuda::ranmar_fill_async(dev_, type_, kind, given, at, out, n, stream)
                                     : cuda::ranmar_fill(dev_, type_, kind, given, at, out, n);
    // A failed launch leaves the device window unknown: the next device fill uploads the host's.
    device_valid_ = st == GPURNG_STATUS_SUCCESS;
    device_pos_ = p + n;
    return st;
  }
  bool host_calls_on_device() const override { return true; }
  void device_lost() override {
    dev_ = nullptr;  // no CUDA call: the GPU failed, or this is a child after fork()
    device_valid_ = false;
  }
  void forget_state() override {
    host_valid_ = false;
    device_valid_ = false;
    stream_start_valid_ = false;
  }

 protected:
  bool has_output(Output kind) const override {
    return kind == Output::f32 || kind == Output::f64 || (kind == Output::u32) == (K == Kind::r24);
  }

 private:
  // The host window at p: kept, downloaded from the device, jumped forward from the kept one, or jumped to from the
  // seed. Jumps apply the precomputed powers z^(2^i) (one 97x97 product a set bit of the distance, no squaring): a
  // split fill's copies jump by the same round total call after call.
  void host_window_at(uint64_t p) {
    if (host_valid_ && host_pos_ == p) return;
    uint64_t w[kLag];
    if (device_valid_ && device_pos_ == p && cuda::ranmar_download_window(dev_, w) == GPURNG_STATUS_SUCCESS) {
      std::copy(w, w + kLag, window_);
    } else if (host_valid_ && host_pos_ < p) {
      ranmar::jump_window_pow2<K>(window_, p - host_pos_, 0, GPURNG_TABLE(ranmar::kRanmarJumpPow2));
    } else {
      if (!stream_start_valid_) {
        ranmar::seed_window<K>(static_cast<uint32_t>(seed()), stream_start_);
        if (stream() != 0)
          ranmar::jump_window_pow2<K>(stream_start_, 0, stream(), GPURNG_TABLE(ranmar::kRanmarJumpPow2));
        stream_start_valid_ = true;
      }
      std::copy(stream_start_, stream_start_ + kLag, window_);
      ranmar::jump_window_pow2<K>(window_, p, 0, GPURNG_TABLE(ranmar::kRanmarJumpPow2));
    }
    host_valid_ = true;
    host_pos_ = p;
  }

  // A position congruent to stream() * 2^64 + p modulo 97 (the table's slot cycle) and modulo the carry's
  // modulus CM, all a fill reads a position for; below 97 CM < 2^55, so a fill may count on from it.
  uint64_t phase(uint64_t p) const {
    if (stream() == 0) return p;
    using wide = unsigned __int128;
    constexpr wide cycle = wide(kLag) * ranmar::traits<K>::cm;
    const wide start = (wide(stream()) << 64) % cycle;
    return static_cast<uint64_t>((start + p % cycle) % cycle);
  }

  gpurngRngType_t type_;
  word window_[kLag] = {};
  word stream_start_[kLag] = {};  // the window at position stream() * 2^64 of the seed
  bool stream_start_valid_ = false;
  uint64_t host_pos_ = 0;
  bool host_valid_ = false;
  cuda::RanmarDevice* dev_ = nullptr;
  uint64_t device_pos_ = 0;
  bool device_valid_ = false;
};

std::unique_ptr<Engine> make_ranmar(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_PSEUDO_RANMAR48:
      return std::make_unique<RanmarEngine<Kind::r48>>(type);
    case GPURNG_RNG_PSEUDO_RANMAR48X:
      return std::make_unique<RanmarEngine<Kind::r48x>>(type);
    default:
      return std::make_unique<RanmarEngine<Kind::r24>>(type);
  }
}

}  // namespace
}  // namespace core
}  // namespace gpurng

GPURNG_REGISTER_ENGINE(ranmar, gpurng::core::make_ranmar, GPURNG_RNG_PSEUDO_RANMAR, GPURNG_RNG_PSEUDO_RANMAR48,
                       GPURNG_RNG_PSEUDO_RANMAR48X)
