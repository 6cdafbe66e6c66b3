// SPDX-License-Identifier: BSD-3-Clause
// The pricers on CPU threads: (set, replication, chunk) tasks spread over the pool, each chunk walked by one
// thread (run_chunk), then each (set, replication, output)'s chunks merged in order, as the GPU does.
#include <algorithm>
#include <vector>

#include "../backends/cpu/thread_pool.hpp"
#include "pricing_launch.hpp"
#include "source_dispatch.hpp"

namespace gpurng {
namespace pricing {
namespace cpu {

template <typename T, typename Model>
void run(const PricingPlan& plan, const Model& model, Moments* out) {
  const int outputs = model.outputs();
  const uint64_t chunks = plan.chunks();
  const uint64_t groups = uint64_t(plan.sets) * uint64_t(plan.replications);  // (set, replication) pairs
  const uint64_t tasks = groups * chunks;
  std::vector<Moments> chunk_moments(tasks * uint64_t(outputs));
  with_normals(plan.source, [&](auto tag) {
    using Src = decltype(tag);
    const int threads = std::max(1, gpurng::cpu::configured_threads());
    const int workers = int(std::min<uint64_t>(tasks, uint64_t(threads) * 8));
    auto work = [&](int w) {
      std::vector<PairwiseMoments> acc(static_cast<size_t>(outputs));
      for (uint64_t t = tasks * uint64_t(w) / uint64_t(workers); t < tasks * uint64_t(w + 1) / uint64_t(workers); ++t) {
        const uint64_t group = t / chunks, chunk = t % chunks;
        const int set = int(group / uint64_t(plan.replications));
        const int replication = int(group % uint64_t(plan.replications));
        const uint64_t first = plan.first_path + chunk * kChunkPaths;
        const int count = int(std::min<uint64_t>(kChunkPaths, plan.paths - chunk * kChunkPaths));
        for (auto& a : acc) a.count = 0;
        Src src = NormalsMaker<Src>::make(plan.params, replication);
        run_chunk<T>(model, plan.params, set, src, first, count, plan.antithetic, acc.data());
        for (int j = 0; j < outputs; ++j) chunk_moments[t * uint64_t(outputs) + uint64_t(j)] = acc[size_t(j)].finish();
      }
    };
    if (workers <= 1)
      work(0);
    else
      gpurng::cpu::parallel_for(workers, work);
    return 0;
  });
  for (uint64_t g = 0; g < groups; ++g)
    for (int j = 0; j < outputs; ++j)
      out[g * uint64_t(outputs) + uint64_t(j)] =
          merge_chunks(chunk_moments.data() + g * chunks * uint64_t(outputs) + uint64_t(j), chunks, outputs);
}

#define GPURNG_PRICING_CPU(Model)                                                            \
  template void run<float, Model<float>>(const PricingPlan&, const Model<float>&, Moments*); \
  template void run<double, Model<double>>(const PricingPlan&, const Model<double>&, Moments*);
GPURNG_PRICING_CPU(AsianBasketModel)
GPURNG_PRICING_CPU(GarchLookbackModel)
GPURNG_PRICING_CPU(LiborModel)
GPURNG_PRICING_CPU(MbsModel)

}  // namespace cpu
}  // namespace pricing
}  // namespace gpurng
