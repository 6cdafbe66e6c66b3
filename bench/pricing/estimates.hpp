// SPDX-License-Identifier: BSD-3-Clause
// What the pricing benches print about an estimate: its JSON and its distance from another in combined standard
// errors.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include "gpurng_pricing.h"

namespace pricing_bench {

inline double z_of(const gpurngPricingResult_t& a, const gpurngPricingResult_t& b) {
  const double se = std::hypot(a.std_error, b.std_error);
  return se > 0 ? (a.mean - b.mean) / se : 0.0;
}

inline std::string est_json(const gpurngPricingResult_t& e) {
  char s[96];
  std::snprintf(s, sizeof s, "{\"mean\": %.10g, \"std_error\": %.4g}", e.mean, e.std_error);
  return s;
}

}  // namespace pricing_bench
