// SPDX-License-Identifier: BSD-3-Clause
// What the quasi-random engines (cuRAND's Sobol' sets, Halton Rasrap) share: a position in points, a
// dimension count (cuRAND's dimension-major call layout), the QUASI_DEFAULT ordering, inverse-CDF normals, and
// streams that are disjoint blocks of points (stream k: points k L .. k L + L - 1; never re-randomisations, so
// the union of the streams is the sequence itself).
#pragma once

#include <stdint.h>

#include "../core/engine.hpp"
#include "../distributions/poisson_table.hpp"

namespace gpurng {
namespace core {

class QuasiEngine : public Engine {
 public:
  QuasiEngine(unsigned max_dimensions, StreamTable streams) : max_dims_(max_dimensions), streams_(streams) {}

  void set_offset(uint64_t offset) override { position_ = offset; }
  uint64_t offset() const override { return position_; }
  StreamTable stream_table() const override { return streams_; }
  void set_stream(uint64_t k) override {
    stream_ = k;
    position_ = 0;
  }
  uint64_t stream() const override { return stream_; }
  uint64_t offset_step(const Call& c) const override { return c.n / dims_; }
  gpurngStatus_t set_ordering(gpurngOrdering_t ordering, bool) override {
    return ordering == GPURNG_ORDERING_QUASI_DEFAULT ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_OUT_OF_RANGE;
  }
  gpurngStatus_t set_dimensions(unsigned dimensions) override {
    if (dimensions < 1 || dimensions > max_dims_) return GPURNG_STATUS_OUT_OF_RANGE;
    dims_ = dimensions;
    return GPURNG_STATUS_SUCCESS;
  }
  gpurngStatus_t set_normal_method(gpurngNormalMethod_t m) override {
    return m == GPURNG_NORMAL_METHOD_DEFAULT || m == GPURNG_NORMAL_METHOD_INVERSE_CDF ? GPURNG_STATUS_SUCCESS
                                                                                      : GPURNG_STATUS_OUT_OF_RANGE;
  }

 protected:
  // cuRAND's length and Poisson rules for quasi-random calls.
  gpurngStatus_t check_length_and_lambda(const Call& c) const {
    if (c.n % dims_ != 0) return GPURNG_STATUS_LENGTH_NOT_MULTIPLE;
    if (c.dist == Dist::poisson) return check_poisson_lambda(c.lambda);
    return GPURNG_STATUS_SUCCESS;
  }

  // The point the next call starts at: the stream's first point plus the offset.
  uint64_t point() const { return stream_ * streams_.length + position_; }

  unsigned dims_ = 1;
  uint64_t position_ = 0;

 private:
  unsigned max_dims_;
  StreamTable streams_;
  uint64_t stream_ = 0;
};

}  // namespace core
}  // namespace gpurng
