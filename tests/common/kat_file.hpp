// SPDX-License-Identifier: BSD-3-Clause
// Reader of tests/kat/*.txt: "<variant> <ijkl> <skip> <hex values...>", '#' comments. A malformed line is
// a test failure, so a typo cannot silently turn into a skipped check.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ranmar_reference.hpp"

namespace gpurng_test {

using gpurng_reference::Variant;

struct KatLine {
  int line_no;
  Variant variant;
  long long ijkl;
  unsigned long long skip;
  std::vector<uint64_t> expected;
};

std::string to_hex(uint64_t v) {
  std::ostringstream s;
  s << std::uppercase << std::hex << v;
  return s.str();
}

bool parse_variant(const std::string& name, Variant* v) {
  if (name == "Ranmar24") {
    *v = Variant::Ranmar24;
    return true;
  }
  if (name == "Ranmar48") {
    *v = Variant::Ranmar48;
    return true;
  }
  if (name == "Ranmar48X") {
    *v = Variant::Ranmar48X;
    return true;
  }
  return false;
}

// Reads the KAT file; any malformed line is a test failure (a typo must not silently
// turn into a skipped check).
std::vector<KatLine> load_kats(const std::string& path) {
  std::vector<KatLine> kats;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream fields(line);
    std::string name;
    KatLine k{};
    k.line_no = line_no;
    fields >> name >> k.ijkl >> k.skip;
    if (!fields || !parse_variant(name, &k.variant)) {
      ADD_FAILURE() << path << ":" << line_no << ": malformed line: " << line;
      continue;
    }
    std::string hex;
    while (fields >> hex) {
      size_t used = 0;
      k.expected.push_back(std::stoull(hex, &used, 16));
      if (used != hex.size()) ADD_FAILURE() << path << ":" << line_no << ": bad hex " << hex;
    }
    if (k.expected.empty()) ADD_FAILURE() << path << ":" << line_no << ": no values";
    kats.push_back(k);
  }
  return kats;
}

}  // namespace gpurng_test
