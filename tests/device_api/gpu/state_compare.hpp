// SPDX-License-Identifier: BSD-3-Clause
// Field-by-field equality of the device API's states (padding excluded: its bytes are unspecified), for the
// gpurngInitStates* tests on the CPU and the GPU. Floats and doubles compare as bits.
#pragma once

#include <stdint.h>
#include <string.h>

#include <sstream>
#include <string>

#include "gpurng_kernel.h"

namespace dapi_test {

template <class T>
bool same_bits(const T& a, const T& b) {
  return memcmp(&a, &b, sizeof(T)) == 0;
}

template <class S>
bool same_normal_cache(const S& a, const S& b) {
  return a.boxmuller_flag == b.boxmuller_flag && a.boxmuller_flag_double == b.boxmuller_flag_double &&
         same_bits(a.boxmuller_extra, b.boxmuller_extra) &&
         same_bits(a.boxmuller_extra_double, b.boxmuller_extra_double);
}

inline bool same_state(const gpurngStateXORWOW_t& a, const gpurngStateXORWOW_t& b) {
  for (int k = 0; k < 5; ++k)
    if (a.v[k] != b.v[k]) return false;
  return a.d == b.d && same_normal_cache(a, b);
}

inline bool same_state(const gpurngStateMRG32k3a_t& a, const gpurngStateMRG32k3a_t& b) {
  for (int k = 0; k < 3; ++k)
    if (a.s1[k] != b.s1[k] || a.s2[k] != b.s2[k]) return false;
  return same_normal_cache(a, b);
}

inline bool same_state(const gpurngStatePhilox4_32_10_t& a, const gpurngStatePhilox4_32_10_t& b) {
  for (int k = 0; k < 4; ++k)
    if (a.ctr[k] != b.ctr[k] || a.output[k] != b.output[k]) return false;
  return a.key[0] == b.key[0] && a.key[1] == b.key[1] && a.index == b.index && same_normal_cache(a, b);
}

// The words a failure message shows.
inline std::string describe(const gpurngStateXORWOW_t& s) {
  std::ostringstream o;
  o << "d=" << s.d << " v=" << s.v[0] << "," << s.v[1] << "," << s.v[2] << "," << s.v[3] << "," << s.v[4];
  return o.str();
}
inline std::string describe(const gpurngStateMRG32k3a_t& s) {
  std::ostringstream o;
  o << "s1=" << s.s1[0] << "," << s.s1[1] << "," << s.s1[2] << " s2=" << s.s2[0] << "," << s.s2[1] << "," << s.s2[2];
  return o.str();
}
inline std::string describe(const gpurngStatePhilox4_32_10_t& s) {
  std::ostringstream o;
  o << "ctr=" << s.ctr[0] << "," << s.ctr[1] << "," << s.ctr[2] << "," << s.ctr[3] << " key=" << s.key[0] << ","
    << s.key[1] << " index=" << s.index;
  return o.str();
}

}  // namespace dapi_test
