// SPDX-License-Identifier: BSD-3-Clause
#include "legacy_stream.hpp"

#include <cstdio>
#include <cstring>

#include "common_blocks.hpp"

namespace gpurng {
namespace legacy {

namespace {
constexpr int32_t kMaxLibrarySeed = 900000000;
}

template <typename Real, int Bits>
void LegacyStream<Real, Bits>::use_table(uint64_t position) {
  table_ = table_after<Real, Bits>(ijkl_, position);
  on_table_ = true;
}

template <typename Real, int Bits>
void LegacyStream<Real, Bits>::start(int32_t ijkl, uint64_t skip) {
  ijkl_ = ijkl;
  position_ = skip;
  on_table_ = false;
  if (ijkl < 0 || ijkl > kMaxLibrarySeed) {
    use_table(skip);
    return;
  }
  const gpurngRngType_t type = Bits == 24 ? GPURNG_RNG_PSEUDO_RANMAR : GPURNG_RNG_PSEUDO_RANMAR48;
  bool ok = gen_ || gpurngCreateGenerator(&gen_, type) == GPURNG_STATUS_SUCCESS;
  ok = ok && gpurngSetPseudoRandomGeneratorSeed(gen_, static_cast<unsigned long long>(ijkl)) == GPURNG_STATUS_SUCCESS;
  ok = ok && gpurngSetGeneratorOffset(gen_, skip) == GPURNG_STATUS_SUCCESS;
  if (!ok) {
    say_once("generator", "could not set up a libgpurng generator; continuing with the original loop on the CPU");
    use_table(skip);
  }
}

template <typename Real, int Bits>
void LegacyStream<Real, Bits>::draw(Real* out, int32_t n) {
  if (n <= 0) return;
  if (!on_table_) {
    gpurngStatus_t st;
    if constexpr (Bits == 24) {
      st = gpurngGenerateUniform(gen_, out, static_cast<size_t>(n));
    } else {
      // Raw 48-bit integers into the caller's array (same width), turned into doubles in place below:
      // RM48's zero replacement (2^-49) differs from the generator's (2^-48), and 1 * 2^-48 is a real
      // output, so the replacement must be decided on the integer.
      unsigned long long* raw = reinterpret_cast<unsigned long long*>(out);
      st = gpurngGenerateLongLong(gen_, raw, static_cast<size_t>(n));
      if (st == GPURNG_STATUS_SUCCESS) {
        for (int32_t i = 0; i < n; ++i) {
          unsigned long long x;
          std::memcpy(&x, &out[i], sizeof x);
          const double v = x ? static_cast<double>(x) * (1.0 / 281474976710656.0) : 1.0 / 562949953421312.0;
          std::memcpy(&out[i], &v, sizeof v);
        }
      }
    }
    if (st == GPURNG_STATUS_SUCCESS) {
      position_ += static_cast<uint64_t>(n);
      return;
    }
    say_once("generate", "a libgpurng generator call failed; continuing with the original loop on the CPU");
    use_table(position_);
  }
  const Real one = 1;
  const Real twom24 = one / static_cast<Real>(16777216.0);
  step_table_any<Real>(table_.u, &table_.c, &table_.i97, &table_.j97, kCD<Real>, kCM<Real>, out, n, [&] {
    if constexpr (Bits == 24) {  // V113: 2^-24 * U(2) of the table after this step, else 2^-48
      const Real z = twom24 * table_.u[1];
      return z != 0 ? z : twom24 * twom24;
    } else {  // V116 RM48: 2^-49
      return twom24 * twom24 / 2;
    }
  });
  position_ += static_cast<uint64_t>(n);
}

template class LegacyStream<float, 24>;
template class LegacyStream<double, 48>;

}  // namespace legacy
}  // namespace gpurng
