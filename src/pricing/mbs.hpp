// SPDX-License-Identifier: BSD-3-Clause
// Caflisch, Morokoff and Owen's mortgage-backed security (J. Comput. Finance 1(1), 1997; docs/PRICING.md,
// include/gpurng_pricing.h): 360 monthly rates, prepayment by an arctangent, present value of the cash flows.
#pragma once

#include "gpurng_pricing.h"
#include "path_math.hpp"

namespace gpurng {
namespace pricing {

template <typename T>
struct MbsModel {
  T i0, K0, K1, K2, K3, K4, sigma;
  int months;
  // a_k = sum_{j=0}^{M-k} (1 + i0)^-j at annuity[k - 1], computed once on the host in double for both path
  // types: it only meets the double cash flow, and a float copy cost a conversion a month on the GPU.
  const double* annuity;

  // Points every array pointer through f (the GPU launcher moves them to the device copy).
  template <class F>
  void rebase(F&& f) {
    annuity = f(annuity);
  }

  static constexpr int kMaxOutputs = 1;
  static constexpr int kSetsPerThread = 1;  // no set-blocked kernel (asian_basket.hpp has one)
  GPURNG_HD int normals() const { return months; }
  GPURNG_HD int outputs() const { return 1; }

  // The rates and prepayments are T; the survival and discount products and the sum are double, because 360
  // months of float discounting would move the price by about 1e-3 (the float rounding of 1 + i0 compounds).
  // V: T, or the CPU's lanes of T (path_math.hpp); D: double, or lanes of doubles.
  template <typename Normals, typename D>
  GPURNG_HD void path(int, Normals& z, D* out) const {
    using V = PathValue<T, Normals>;
    V rate = V(i0);                                         // i_{k-1}
    D survive = D(1.0);                                     // r_k = prod_{j<k} (1 - w_j)
    D discount = D(1.0 / (1.0 + static_cast<double>(i0)));  // u_k = prod_{j<k} 1 / (1 + i_j)
    D pv = D(0.0);
    for (int k = 1; k <= months; ++k) {
      const V xi = z.next(static_cast<T*>(nullptr));
      rate = (K0 * path_exp(sigma * xi)) * rate;
      const V w = K1 + K2 * path_atan(K3 * rate + K4);
      const D wd = to_wide(w);
      const D cash = survive * ((1.0 - wd) + wd * annuity[k - 1]);
      pv = pv + discount * cash;
      survive = survive * (1.0 - wd);
      discount = path_ratio(discount, 1.0 + to_wide(rate));
    }
    out[0] = pv;
  }
};

}  // namespace pricing
}  // namespace gpurng
