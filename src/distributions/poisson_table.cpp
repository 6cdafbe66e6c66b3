// SPDX-License-Identifier: BSD-3-Clause
#include "poisson_table.hpp"

#include <math.h>

#include <mutex>
#include <new>

#include "../backends/cuda/cuda_backend.hpp"
#include "../backends/cuda/poisson_device.hpp"
#include "gpurng/distributions/poisson.hpp"

namespace gpurng {
namespace core {

struct PoissonTable {
  poisson::poisson_table table;
};

namespace {

// The tables of the last few lambdas, shared by every generator (a table for lambda = 400000 holds ~20000
// thresholds; building one costs about a millisecond).
struct TableCache {
  std::mutex lock;
  std::shared_ptr<const PoissonTable> recent[4];
  unsigned next = 0;
  double device_lambda = NAN;  // the table the device copy holds (poisson_device.hpp caches one)
};
TableCache& cache() {
  static TableCache* c = new TableCache;  // never destroyed: generators may outlive static destructors
  return *c;
}

}  // namespace

gpurngStatus_t check_poisson_lambda(double lambda) {
  return lambda > 0.0 && lambda <= poisson::kMaxLambda ? GPURNG_STATUS_SUCCESS : GPURNG_STATUS_OUT_OF_RANGE;
}

std::shared_ptr<const PoissonTable> poisson_table_for(double lambda) {
  TableCache& c = cache();
  std::lock_guard<std::mutex> hold(c.lock);
  for (const auto& t : c.recent)
    if (t && t->table.lambda == lambda) return t;
  auto made = std::make_shared<PoissonTable>();
  if (poisson::poisson_table::build(lambda, &made->table) != GPURNG_STATUS_SUCCESS) throw std::bad_alloc();
  c.recent[c.next++ % 4] = made;
  return made;
}

void poisson_host(const PoissonTable& t, uint32_t* buf, size_t n) {
  for (size_t i = 0; i < n; ++i) buf[i] = t.table(buf[i]);
}

gpurngStatus_t poisson_device(const PoissonTable& t, uint32_t* buf, size_t n, void* stream) {
  TableCache& c = cache();
  std::lock_guard<std::mutex> hold(c.lock);
  // The device keeps one table; work queued on a stream may still read the old one.
  if (c.device_lambda != t.table.lambda && stream) cuda::stream_sync_quietly(stream);
  c.device_lambda = t.table.lambda;
  return cuda::poisson_transform(t.table, reinterpret_cast<unsigned*>(buf), n, stream);
}

}  // namespace core
}  // namespace gpurng
