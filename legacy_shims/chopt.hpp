// SPDX-License-Identifier: BSD-3-Clause
// CHOPT as the originals see it: copied into a CHARACTER*12 (truncated or blank-padded), then tested
// with INDEX for upper-case letters (case-sensitive). gfortran passes the length after all explicit
// arguments, as size_t since gfortran 8 and as int before: only the low 32 bits are used, so both work.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace gpurng {
namespace legacy {

struct Chopt {
  char text[12];
  bool has(char c) const {
    for (char t : text)
      if (t == c) return true;
    return false;
  }
  bool blank() const {
    for (char t : text)
      if (t != ' ') return false;
    return true;
  }
};

inline Chopt read_chopt(const char* chopt, size_t hidden_length) {
  const uint32_t len = static_cast<uint32_t>(hidden_length);
  Chopt c;
  for (uint32_t i = 0; i < 12; ++i) c.text[i] = chopt && i < len ? chopt[i] : ' ';
  return c;
}

}  // namespace legacy
}  // namespace gpurng
