// SPDX-License-Identifier: BSD-3-Clause
// Owning handles for tests: a generator (gpurngCreateGenerator, or the host-only one) and a worker list, destroyed
// with the test's scope; they convert to the C handle.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "gpurng.h"

namespace test_handles {

class Generator {
 public:
  explicit Generator(gpurngRngType_t type, bool host_only = false) {
    EXPECT_EQ(GPURNG_STATUS_SUCCESS,
              host_only ? gpurngCreateGeneratorHost(&g_, type) : gpurngCreateGenerator(&g_, type));
  }
  ~Generator() { gpurngDestroyGenerator(g_); }
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;
  operator gpurngGenerator_t() const { return g_; }

 private:
  gpurngGenerator_t g_ = nullptr;
};

class Workers {
 public:
  // CUDA: the devices; CPU: `count` workers (devices unused).
  Workers(gpurngBackend_t backend, const std::vector<int>& devices, int count) {
    EXPECT_EQ(GPURNG_STATUS_SUCCESS,
              gpurngCreateWorkers(&w_, backend, devices.empty() ? nullptr : devices.data(), count));
  }
  ~Workers() { gpurngDestroyWorkers(w_); }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;
  operator gpurngWorkers_t() const { return w_; }

 private:
  gpurngWorkers_t w_ = nullptr;
};

}  // namespace test_handles
