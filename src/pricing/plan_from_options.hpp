// SPDX-License-Identifier: BSD-3-Clause
// A pricing call's options turned into the plan the backends run (pricing_plan.hpp): the engine's source, the
// paths and replications, and the quasi-random tables and Brownian bridge gathered into the call's host block
// (Blob), whose offsets become pointers once the block is complete (fix_sources).
#pragma once

#include <stdint.h>

#include <cstring>
#include <vector>

#include "bridged_normals.hpp"
#include "gpurng_pricing.h"
#include "pricing_plan.hpp"

namespace gpurng {
namespace pricing {

// Every array of one call, 16-byte aligned, in one host block; offsets become pointers once it is complete.
class Blob {
 public:
  template <typename T>
  size_t add(const T* data, size_t count) {
    const size_t at = (bytes_.size() + 15) / 16 * 16;
    bytes_.resize(at + count * sizeof(T));
    if (count) std::memcpy(bytes_.data() + at, data, count * sizeof(T));
    return at;
  }
  template <typename T>
  const T* at(size_t offset) const {
    return reinterpret_cast<const T*>(bytes_.data() + offset);
  }
  const unsigned char* data() const { return bytes_.data(); }
  size_t size() const { return bytes_.size(); }

 private:
  std::vector<unsigned char> bytes_;
};

// Where the source's tables lie in the block.
struct SourceOffsets {
  size_t directions = 0, scramble = 0, shifts = 0, halton = 0, bridge_ints = 0, bridge_weights = 0;
  bool has_scramble = false, has_bridge = false;
};

// The engine, counts and switches of the options (not the model's parameters) for a model of `dims` normals a
// path and `sets` parameter sets; the quasi-random engines' tables go into the block. The documented statuses
// of gpurng_pricing.h (TYPE_ERROR, INVALID_VALUE, OUT_OF_RANGE), in that order.
gpurngStatus_t plan_from_options(const gpurngPricingOptions_t& o, int dims, bool model_has_bridge, int sets, Blob& blob,
                                 PricingPlan* plan, SourceOffsets* offs);

// The Brownian bridge's tree over `steps` steps (options.brownian_bridge), its weights in the path type T.
template <typename T>
void add_bridge(const gpurngPricingOptions_t& o, int steps, int factors, Blob& blob, PricingPlan* plan,
                SourceOffsets* offs) {
  if (!o.brownian_bridge) return;
  const BridgeTreeArrays a = bridge_tree(steps);
  std::vector<int> ints(a.order);
  ints.insert(ints.end(), a.child_left.begin(), a.child_left.end());
  ints.insert(ints.end(), a.child_right.begin(), a.child_right.end());
  std::vector<T> w;
  for (const std::vector<double>* v : {&a.lw, &a.rw, &a.sd})
    for (double x : *v) w.push_back(T(x));
  offs->bridge_ints = blob.add(ints.data(), ints.size());
  offs->bridge_weights = blob.add(w.data(), w.size());
  offs->has_bridge = true;
  plan->params.bridge_steps = steps;
  plan->params.bridge_factors = factors;
}

// The source's pointers into the completed block.
void fix_sources(const Blob& blob, const SourceOffsets& offs, PricingPlan* p);

}  // namespace pricing
}  // namespace gpurng
