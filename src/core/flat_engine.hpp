// SPDX-License-Identifier: BSD-3-Clause
// An engine whose every call is a flat stream (RANMAR, the classic engines, any engine with only the four
// flat outputs): generate() is the route of fill_ahead_* plus advance, so its direct calls, its ring and its
// zero-copy calls give the same numbers by construction. It keeps the seed (up to the engine's largest), the
// stream and the offset, which counts outputs from the stream's start; the subclass says which outputs it has,
// where its streams lie, and fills them from seed(), stream() and offset().
#pragma once

#include <stdint.h>

#include "engine.hpp"
#include "route.hpp"

namespace gpurng {
namespace core {

class FlatEngine : public Engine {
 public:
  gpurngStatus_t set_seed(uint64_t seed) override {
    if (seed > max_seed_) return GPURNG_STATUS_OUT_OF_RANGE;
    seed_ = seed;
    forget_state();  // states kept between fills belong to the old seed
    return GPURNG_STATUS_SUCCESS;
  }
  void set_offset(uint64_t offset) override { offset_ = offset; }
  void set_stream(uint64_t k) override {
    stream_ = k;
    offset_ = 0;
    forget_state();  // states kept between fills belong to the old stream
  }
  uint64_t stream() const override { return stream_; }
  uint64_t offset() const override { return offset_; }
  void advance(Output, uint64_t n) override { offset_ += n; }

  bool is_flat(Output kind) const override { return has_output(kind); }

  gpurngStatus_t check(const Call& call) const override {
    Output kind;
    if (!output_of(call.dist, &kind) || !has_output(kind)) return GPURNG_STATUS_TYPE_ERROR;
    return GPURNG_STATUS_SUCCESS;
  }

  // Device memory is written on the legacy default stream and the call waits (the host keeps positions and
  // may read the device state next), whatever gpurngSetStream gave.
  gpurngStatus_t generate(const Call& call, const Where& where) override {
    Output kind;
    output_of(call.dist, &kind);
    const gpurngStatus_t st = route(
        call, where, host_calls_on_device() ? HostCalls::on_device_when_large : HostCalls::on_host,
        [&](size_t first, size_t count, void* out, int threads) { fill_ahead_host(kind, first, out, count, threads); },
        [&](size_t first, size_t count, void* out, void*) {
          return fill_ahead_device(kind, first, out, count, nullptr);
        });
    if (st == GPURNG_STATUS_SUCCESS) advance(kind, call.n);
    return st;
  }

 protected:
  FlatEngine(uint64_t default_seed, uint64_t max_seed) : seed_(default_seed), max_seed_(max_seed) {}
  uint64_t seed() const { return seed_; }

  // The outputs this engine offers (gpurngGenerate: u32, gpurngGenerateLongLong: u64; the uniforms).
  virtual bool has_output(Output kind) const = 0;

 private:
  uint64_t seed_;
  uint64_t max_seed_;
  uint64_t offset_ = 0;
  uint64_t stream_ = 0;
};

}  // namespace core
}  // namespace gpurng
