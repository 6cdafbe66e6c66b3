// SPDX-License-Identifier: BSD-3-Clause
// The classic engines behind the C API: Park-Miller minimal standard (MINSTD, MINSTD48271), drand48 and
// glibc random() TYPE_0..TYPE_4 (include/gpurng/distributions/classic_outputs.hpp). One flat stream each,
// offset = numbers consumed. Their state is a few words: the host keeps it at one position and moves it by
// jump-ahead (O(log n)); a device fill is handed that state and the host jumps its own copy past the fill.
// Streams are disjoint blocks of the one sequence (stream k starts at number k * length), as many whole blocks as
// the period holds (docs/SCALING.md derives each engine's row).
#include <stdint.h>

#include <algorithm>

#include "../backends/cpu/classic_cpu.hpp"
#include "../backends/cuda/cuda_backend.hpp"
#include "../core/engine_registry.hpp"
#include "../core/flat_engine.hpp"
#include "gpurng/distributions/classic_outputs.hpp"

namespace gpurng {
namespace core {
namespace {

struct ClassicTraits {
  uint64_t default_seed;
  uint64_t max_seed;
  bool has_u32, has_u64;
  Engine::StreamTable streams;  // blocks of `length` numbers, as many whole ones as the period holds
};

// The stream blocks: period P, block 2^b, streams 0 .. floor(P / 2^b) - 1.
//   MINSTD, MINSTD48271: P = 2^31 - 2, blocks of 2^24: 127 streams (0..126).
//   DRAND48: P = 2^48 (full-period LCG mod 2^48), 2^32: 65536 streams.
//   glibc TYPE_0: P = 2^31 (full-period LCG mod 2^31), 2^24: 128 streams.
//   glibc TYPE_1..4: additive lagged Fibonacci mod 2^32 on a primitive trinomial of degree r = 7, 15, 31, 63:
//   P = 2^31 (2^r - 1) (Brent, "On the periods of generalized Fibonacci recurrences", Math. Comp. 63, 1994;
//   glibc's seeding leaves odd words in the table): blocks 2^28, 2^32, 2^40, 2^40, giving 1016, 16383,
//   2^22 - 1 and 2^24 streams (TYPE_4's 2^94 period holds more; 2^24 blocks of 2^40 keep positions in 64 bits).
Engine::StreamTable stream_blocks(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_PSEUDO_MINSTD:
    case GPURNG_RNG_PSEUDO_MINSTD48271:
      return {126, uint64_t(1) << 24};
    case GPURNG_RNG_PSEUDO_DRAND48:
      return {65535, uint64_t(1) << 32};
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0:
      return {127, uint64_t(1) << 24};
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1:
      return {1015, uint64_t(1) << 28};
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2:
      return {16382, uint64_t(1) << 32};
    case GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3:
      return {(uint64_t(1) << 22) - 2, uint64_t(1) << 40};
    default:  // TYPE_4
      return {(uint64_t(1) << 24) - 1, uint64_t(1) << 40};
  }
}

class ClassicEngine final : public FlatEngine {
 public:
  ClassicEngine(gpurngRngType_t type, const ClassicTraits& t)
      : FlatEngine(t.default_seed, t.max_seed), params_(classic::params_of(type)), traits_(t) {}

  StreamTable stream_table() const override { return traits_.streams; }
  std::unique_ptr<Engine> clone() const override { return std::make_unique<ClassicEngine>(*this); }  // no device state

  void fill_ahead_host(Output kind, uint64_t ahead, void* out, size_t n, int threads) override {
    state_at(stream_start() + offset() + ahead);
    cpu::classic_fill(params_, kind, window_, out, n, threads);
    pos_ += n;
  }
  bool fills_device() const override { return true; }
  gpurngStatus_t fill_ahead_device(Output kind, uint64_t ahead, void* out, size_t n, void* stream) override {
    state_at(stream_start() + offset() + ahead);
    const gpurngStatus_t st = cuda::classic_fill(params_, kind, window_, out, n, stream);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    cpu::classic_jump(params_, window_, n);
    pos_ += n;
    return GPURNG_STATUS_SUCCESS;
  }
  bool host_calls_on_device() const override { return true; }
  void forget_state() override { valid_ = false; }

 protected:
  bool has_output(Output kind) const override {
    return kind == Output::f32 || kind == Output::f64 || (kind == Output::u32 && traits_.has_u32) ||
           (kind == Output::u64 && traits_.has_u64);
  }

 private:
  // Where the stream begins in the sequence (0 off any stream: the whole sequence).
  uint64_t stream_start() const { return stream() * traits_.streams.length; }

  // The state at p: kept, jumped forward from the kept one, or from the seed.
  void state_at(uint64_t p) {
    if (valid_ && pos_ == p) return;
    if (valid_ && pos_ < p)
      cpu::classic_jump(params_, window_, p - pos_);
    else
      cpu::classic_window_at(params_, seed(), p, window_);
    valid_ = true;
    pos_ = p;
  }

  classic::Params params_;
  ClassicTraits traits_;
  uint64_t window_[glibc_random::kMaxDegree] = {};
  uint64_t pos_ = 0;
  bool valid_ = false;
};

std::unique_ptr<Engine> make_classic(gpurngRngType_t type) {
  const Engine::StreamTable streams = stream_blocks(type);
  switch (classic::family_of(type)) {
    case classic::Family::minstd:
      return std::make_unique<ClassicEngine>(type, ClassicTraits{1, UINT64_MAX, true, false, streams});
    case classic::Family::lcg48:
      return std::make_unique<ClassicEngine>(type, ClassicTraits{0, (uint64_t(1) << 48) - 1, true, true, streams});
    default:
      return std::make_unique<ClassicEngine>(type, ClassicTraits{1, 0xFFFFFFFFull, true, false, streams});
  }
}

}  // namespace
}  // namespace core
}  // namespace gpurng

GPURNG_REGISTER_ENGINE(classic, gpurng::core::make_classic, GPURNG_RNG_PSEUDO_MINSTD, GPURNG_RNG_PSEUDO_MINSTD48271,
                       GPURNG_RNG_PSEUDO_DRAND48, GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE0,
                       GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE1, GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE2,
                       GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE3, GPURNG_RNG_PSEUDO_GLIBC_RANDOM_TYPE4)
