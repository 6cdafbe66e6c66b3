// SPDX-License-Identifier: BSD-3-Clause
// What every solver benchmark's JSON carries besides its figures: the host CPU, the command line, escaped text.
#pragma once

#include <fstream>
#include <string>

namespace bench {

// The host CPU's model name from /proc/cpuinfo ("unknown" where there is none).
inline std::string host_cpu() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

inline std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o;
}

inline std::string command_line(int argc, char** argv) {
  std::string cmd;
  for (int i = 0; i < argc; ++i) cmd += (i ? " " : "") + std::string(argv[i]);
  return cmd;
}

}  // namespace bench
