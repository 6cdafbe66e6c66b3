// SPDX-License-Identifier: BSD-3-Clause
// Process exit with generators alive (run by CTest; success is exit status 0 and no crash):
// generators with running rings are never destroyed, and an atexit handler registered before them still
// draws from one after the library's producer thread has stopped, getting the right numbers.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "gpurng.h"

namespace {

gpurngGenerator_t g_late = nullptr;
std::vector<double> g_expected;

void draw_at_exit() {
  std::vector<double> got(g_expected.size());
  for (size_t i = 0; i < got.size(); i += 10) {
    if (gpurngGenerateUniformDouble(g_late, got.data() + i, 10) != GPURNG_STATUS_SUCCESS) _Exit(3);
  }
  if (std::memcmp(got.data(), g_expected.data(), got.size() * sizeof(double)) != 0) {
    std::fprintf(stderr, "numbers drawn at exit differ from the stream\n");
    _Exit(4);
  }
  std::printf("drew %zu correct numbers at exit\n", got.size());
}

}  // namespace

int main() {
  std::atexit(draw_at_exit);  // runs after the library's own exit handler (registered later)
  gpurngGenerator_t ref = nullptr;
  if (gpurngCreateGeneratorHost(&ref, GPURNG_RNG_PSEUDO_RANMAR48) != GPURNG_STATUS_SUCCESS) return 1;
  gpurngSetPrefetch(ref, 0, 0);
  std::vector<double> stream(200000);
  gpurngGenerateUniformDouble(ref, stream.data(), stream.size());
  gpurngDestroyGenerator(ref);

  gpurngGenerator_t alive[3];
  for (gpurngGenerator_t& g : alive) {
    if (gpurngCreateGenerator(&g, GPURNG_RNG_PSEUDO_RANMAR48) != GPURNG_STATUS_SUCCESS) return 1;
    double x[10];
    for (int i = 0; i < 1000; ++i) gpurngGenerateUniformDouble(g, x, 10);  // rings running
  }
  g_late = alive[0];
  g_expected.assign(stream.begin() + 10000, stream.begin() + 110000);  // alive[0] is at position 10000
  return 0;                                                            // generators alive, producer busy
}
