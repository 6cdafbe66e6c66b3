// SPDX-License-Identifier: BSD-3-Clause
// Not a ctest (minutes of work): the float inverse-CDF normal against cuRAND's for every one of the 2^32
// possible 32-bit inputs. SOBOL32's dimension 1 is x_i = bit-reversed gray(i), so its first 2^32 points
// visit every 32-bit value once; each chunk of points is generated as bits and as normals (mean 0,
// stddev 1) and our conversion of the bits is compared with cuRAND's normals. The 64-bit generators'
// float normals use the top 32 bits, so this covers them too.
//   cmake --build <build> --target sobol_normal_exhaustive && <build>/tests/sobol_parity/sobol_normal_exhaustive
#include <curand.h>
#include <stdio.h>
#include <string.h>

#include <vector>

#include "gpurng/engines/sobol.hpp"

int main() {
  namespace sobol = gpurng::sobol;
  curandGenerator_t g;
  if (curandCreateGeneratorHost(&g, CURAND_RNG_QUASI_SOBOL32) != CURAND_STATUS_SUCCESS) return 1;
  const size_t chunk = size_t{1} << 25;
  std::vector<unsigned> bits(chunk);
  std::vector<float> want(chunk);
  size_t bad = 0;
  for (uint64_t c = 0; c < (uint64_t{1} << 32) / chunk; ++c) {
    if (curandSetGeneratorOffset(g, c * chunk) || curandGenerate(g, bits.data(), chunk) ||
        curandSetGeneratorOffset(g, c * chunk) || curandGenerateNormal(g, want.data(), chunk, 0.0f, 1.0f))
      return 1;
    for (size_t i = 0; i < chunk; ++i) {
      const float z = sobol::detail::mul_rn(sobol::normal_float(bits[i]), 1.0f) + 0.0f;  // as fill_normal
      if (memcmp(&z, &want[i], 4) != 0 && bad++ < 10) printf("x = %08x: cuRAND %a, ours %a\n", bits[i], want[i], z);
    }
    if (c % 16 == 15)
      printf("%llu of 2^32 inputs, %zu differ\n", static_cast<unsigned long long>((c + 1) * chunk), bad);
    fflush(stdout);
  }
  curandDestroyGenerator(g);
  printf("%zu of 2^32 float normals differ from cuRAND's\n", bad);
  return bad != 0;
}
