// SPDX-License-Identifier: BSD-3-Clause
#include "fault_injection.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace gpurng {
namespace ring {

namespace {

struct Setting {
  bool set = false;
  Fault what = Fault::fill;
  uint64_t nth = 0;
};

Setting read_setting() {
  Setting s;
  const char* env = std::getenv("GPURNG_FAULT");
  if (!env) return s;
  const char* colon = std::strchr(env, ':');
  if (!colon) return s;
  const size_t len = static_cast<size_t>(colon - env);
  static const struct {
    const char* name;
    Fault what;
  } names[] = {{"alloc", Fault::alloc},
               {"launch", Fault::launch},
               {"copy", Fault::copy},
               {"fill", Fault::fill},
               {"part", Fault::part}};
  for (const auto& n : names)
    if (std::strlen(n.name) == len && std::strncmp(env, n.name, len) == 0) {
      s.what = n.what;
      s.nth = std::strtoull(colon + 1, nullptr, 10);
      s.set = s.nth > 0;
    }
  return s;
}

std::atomic<uint64_t> g_occasions[5];

}  // namespace

bool inject(Fault what) {
  static const Setting setting = read_setting();
  if (!setting.set || setting.what != what) return false;
  return g_occasions[static_cast<int>(what)].fetch_add(1) + 1 == setting.nth;
}

}  // namespace ring
}  // namespace gpurng
