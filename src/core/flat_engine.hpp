// SPDX-License-Identifier: BSD-3-Clause
// An engine whose every call is a flat stream (RANMAR, the classic engines, any engine with only the four
// flat outputs): generate() is the route of fill_ahead_* plus advance, so its direct calls, its ring and its
// zero-copy calls give the same numbers by construction. The subclass says which outputs it has and fills.
#pragma once

#include <stdint.h>

#include "engine.hpp"
#include "route.hpp"

namespace gpurng {
namespace core {

class FlatEngine : public Engine {
 public:
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
        call, where, host_calls_on_device(),
        [&](size_t first, size_t count, void* out, int threads) { fill_ahead_host(kind, first, out, count, threads); },
        [&](size_t first, size_t count, void* out, void*) {
          return fill_ahead_device(kind, first, out, count, nullptr);
        });
    if (st == GPURNG_STATUS_SUCCESS) advance(kind, call.n);
    return st;
  }

 protected:
  // The outputs this engine offers (gpurngGenerate: u32, gpurngGenerateLongLong: u64; the uniforms).
  virtual bool has_output(Output kind) const = 0;
};

}  // namespace core
}  // namespace gpurng
