// SPDX-License-Identifier: BSD-3-Clause
#include "ring_config.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace gpurng {
namespace ring {

gpurngStatus_t validate(const Config& c) {
  if (c.slabs == 0) return GPURNG_STATUS_SUCCESS;
  if (c.slab_numbers < kMinSlabNumbers || c.slab_numbers > kMaxSlabNumbers) return GPURNG_STATUS_OUT_OF_RANGE;
  if (c.slabs < kMinSlabs || c.slabs > kMaxSlabs) return GPURNG_STATUS_OUT_OF_RANGE;
  if (c.slab_numbers * c.slabs * 8 > kMaxRingBytes) return GPURNG_STATUS_OUT_OF_RANGE;
  return GPURNG_STATUS_SUCCESS;
}

gpurngStatus_t config_from_environment(Config* c) {
  *c = kDefaultConfig;
  const char* env = std::getenv("GPURNG_PREFETCH");
  if (!env || !*env) return GPURNG_STATUS_SUCCESS;
  if (std::strcmp(env, "off") == 0) {
    c->slabs = 0;
    return GPURNG_STATUS_SUCCESS;
  }
  // "SxK": two decimal numbers and nothing else.
  char* end = nullptr;
  errno = 0;
  const unsigned long long s = std::strtoull(env, &end, 10);
  if (errno || end == env || *end != 'x') return GPURNG_STATUS_INVALID_VALUE;
  const char* k_text = end + 1;
  const unsigned long long k = std::strtoull(k_text, &end, 10);
  if (errno || end == k_text || *end != '\0' || env[0] == '-' || k_text[0] == '-') return GPURNG_STATUS_INVALID_VALUE;
  if (s > kMaxSlabNumbers || k > kMaxSlabs) return GPURNG_STATUS_OUT_OF_RANGE;
  c->slab_numbers = static_cast<size_t>(s);
  c->slabs = static_cast<unsigned>(k);
  return k == 0 ? GPURNG_STATUS_OUT_OF_RANGE : validate(*c);
}

}  // namespace ring
}  // namespace gpurng
