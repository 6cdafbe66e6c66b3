// SPDX-License-Identifier: BSD-3-Clause
// The prefetch ring's view of an engine: the flat stream of one output type, from the engine's offset at the
// start of the ring's run (ring position 0). The engine's offset does not move while the run is open; the
// generator tells it how many numbers the caller took when the run ends (Engine::advance).
#pragma once

#include "../ring/slab_source.hpp"
#include "engine.hpp"

namespace gpurng {
namespace core {

class EngineSource final : public ring::SlabSource {
 public:
  // gpu: the ring's slabs are made on the GPU (the generator runs on the CUDA backend).
  EngineSource(Engine* engine, Output kind, bool gpu) : engine_(engine), kind_(kind), gpu_(gpu) {}

  Output kind() const { return kind_; }
  size_t element_size() const override { return gpurng::element_size(kind_); }
  void fill_host(uint64_t position, void* out, size_t n) override {
    engine_->fill_ahead_host(kind_, position, out, n, 1);  // the producer thread: one core, beside the caller
  }
  bool fills_device() const override { return gpu_ && engine_->fills_device(); }
  gpurngStatus_t fill_device_async(uint64_t position, void* out, size_t n, void* stream) override {
    return engine_->fill_ahead_device(kind_, position, out, n, stream);
  }
  void device_lost() override {
    gpu_ = false;
    engine_->device_lost();
  }
  void forget_state() override { engine_->forget_state(); }

 private:
  Engine* engine_;
  Output kind_;
  bool gpu_;
};

}  // namespace core
}  // namespace gpurng
