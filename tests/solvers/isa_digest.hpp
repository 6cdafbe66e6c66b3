// SPDX-License-Identifier: BSD-3-Clause
// The CPU backend's instruction-set copies must give the same bits. GPURNG_CPU_ISA is read once per process, so a
// test runs its own executable again once per copy, in "digest mode" (env_var set), and compares the digests.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace gpurng_test {

// FNV-1a over bytes, as 16 hex digits.
struct Digest {
  uint64_t h = 1469598103934665603ull;
  void eat(const void* p, size_t n) {
    for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<const unsigned char*>(p)[i]) * 1099511628211ull;
  }
  std::string hex() const {
    char out[32];
    std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
    return out;
  }
};

// In digest mode (env_var set) prints "DIGEST <mine>" and returns true; otherwise runs this executable with
// `gtest_filter` and env_var for each of baseline, avx2 and avx512 and expects each child's digest to be mine.
inline bool digest_mode_or_compare(const char* env_var, const char* gtest_filter, const std::string& mine) {
  if (std::getenv(env_var)) {
    std::printf("DIGEST %s\n", mine.c_str());
    return true;
  }
  char self[4096] = {};
  if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) {
    ADD_FAILURE() << "cannot name this executable";
    return false;
  }
  for (const char* isa : {"baseline", "avx2", "avx512"}) {
    const std::string cmd = std::string(env_var) + "=1 GPURNG_CPU_ISA=" + isa + " '" + self +
                            "' --gtest_filter=" + gtest_filter + " 2>/dev/null";
    FILE* f = popen(cmd.c_str(), "r");
    if (!f) {
      ADD_FAILURE() << "cannot run " << cmd;
      continue;
    }
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.append(buf, n);
    pclose(f);
    const size_t at = out.find("DIGEST ");
    if (at == std::string::npos) {
      ADD_FAILURE() << "GPURNG_CPU_ISA=" << isa << " printed no digest";
      continue;
    }
    EXPECT_EQ(out.substr(at + 7, 16), mine) << "GPURNG_CPU_ISA=" << isa;
  }
  return false;
}

}  // namespace gpurng_test
