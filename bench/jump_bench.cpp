// SPDX-License-Identifier: BSD-3-Clause
// Jump-ahead cost: gpurngSetGeneratorOffset to 10^15 (and 2^63) on the host generator, one thread, and the first
// number there (the engine jumps when a fill first needs the state: the pair is what a restart costs).
// Usage: jump_bench [--json PATH]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "gpurng.h"

int main(int argc, char** argv) {
  std::string json = "bench/results/jump.json", command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--json") json = argv[i + 1];
  struct Case {
    const char* name;
    gpurngRngType_t type;
    unsigned long long offset;
  } cases[] = {{"RANMAR skip 1e15", GPURNG_RNG_PSEUDO_RANMAR, 1000000000000000ull},
               {"RANMAR48 skip 1e15", GPURNG_RNG_PSEUDO_RANMAR48, 1000000000000000ull},
               {"RANMAR48X skip 1e15", GPURNG_RNG_PSEUDO_RANMAR48X, 1000000000000000ull},
               {"RANMAR48 skip 2^63", GPURNG_RNG_PSEUDO_RANMAR48, 1ull << 63}};
  FILE* out = std::fopen(json.c_str(), "w");
  if (out)
    std::fprintf(out, "{\n  \"benchmark\": \"jump_ahead\",\n  \"command\": \"%s\",\n  \"results\": [\n",
                 command.c_str());
  bool first = true;
  for (const Case& c : cases) {
    gpurngGenerator_t g;
    if (gpurngCreateGeneratorHost(&g, c.type) != GPURNG_STATUS_SUCCESS) return 1;
    if (gpurngSetPrefetch(g, 0, 0) != GPURNG_STATUS_SUCCESS) return 1;  // the jump, not a ring start
    std::vector<double> ms;
    double x = 0;
    for (int r = 0; r < 21; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      gpurngSetGeneratorOffset(g, c.offset - static_cast<unsigned long long>(r));
      gpurngGenerateUniformDouble(g, &x, 1);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-22s median %.3f ms (max %.3f)\n", c.name, ms[ms.size() / 2], ms.back());
    if (out)
      std::fprintf(out, "%s    {\"name\": \"%s\", \"median_ms\": %.4f, \"max_ms\": %.4f}", first ? "" : ",\n", c.name,
                   ms[ms.size() / 2], ms.back());
    first = false;
    gpurngDestroyGenerator(g);
  }
  if (out) {
    std::fprintf(out, "\n  ]\n}\n");
    std::fclose(out);
  }
  return 0;
}
