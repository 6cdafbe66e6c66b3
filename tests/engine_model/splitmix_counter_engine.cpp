// SPDX-License-Identifier: BSD-3-Clause
// The SplitMix64 counter (splitmix_counter.hpp) as a library engine: a FlatEngine with the four flat outputs,
// registered with the same GPURNG_REGISTER_ENGINE line the library's engines use. Nothing in src/ names it.
#include <memory>

#include "backends/cpu/split_range.hpp"
#include "core/engine_registry.hpp"
#include "core/flat_engine.hpp"
#include "splitmix_counter.hpp"
#include "splitmix_counter_device.hpp"

namespace {

using gpurng::Output;

class SplitmixCounterEngine final : public gpurng::core::FlatEngine {
 public:
  SplitmixCounterEngine() : FlatEngine(0, UINT64_MAX) {}  // default seed 0, any 64-bit seed

  // Streams: the counter's 2^64 positions in 2^16 blocks of 2^48.
  StreamTable stream_table() const override { return {65535, uint64_t(1) << 48}; }
  std::unique_ptr<Engine> clone() const override { return std::make_unique<SplitmixCounterEngine>(*this); }

  void fill_ahead_host(Output kind, uint64_t ahead, void* out, size_t n, int threads) override {
    const uint64_t first = (stream() << 48) + offset() + ahead;
    gpurng::visit_output(kind, [&](auto t) {
      using T = decltype(t);
      T* o = static_cast<T*>(out);
      gpurng::cpu::split_range(n, threads, [&](size_t a, size_t m) {
        for (size_t i = a; i < a + m; ++i) o[i] = splitmix_counter::output<T>(seed(), first + i);
      });
    });
  }
  bool fills_device() const override { return splitmix_counter::kHaveDeviceFill; }
  gpurngStatus_t fill_ahead_device(Output kind, uint64_t ahead, void* out, size_t n, void* stream) override {
    return splitmix_counter::fill_device(seed(), (this->stream() << 48) + offset() + ahead, static_cast<int>(kind), out,
                                         n, stream);
  }

 protected:
  bool has_output(Output) const override { return true; }
};

std::unique_ptr<gpurng::core::Engine> make_splitmix_counter(gpurngRngType_t) {
  return std::make_unique<SplitmixCounterEngine>();
}

}  // namespace

GPURNG_REGISTER_ENGINE(splitmix_counter, make_splitmix_counter, static_cast<gpurngRngType_t>(splitmix_counter::kType))
