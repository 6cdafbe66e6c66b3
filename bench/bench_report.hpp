// SPDX-License-Identifier: BSD-3-Clause
// What the host-side benchmarks share: the host CPU's name and the JSON they write (device, backend, command,
// date and one row a figure).
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace gpurng_bench {

struct Row {
  std::string name;
  double value;
  std::string unit;
};

// The host benchmarks' command line: [--json PATH] [--quick], and the command as run (for the JSON).
struct Args {
  std::string json;
  bool quick = false;
  std::string command;
};
inline Args parse_args(int argc, char** argv, const char* default_json) {
  Args a;
  a.json = default_json;
  for (int i = 0; i < argc; ++i) a.command += (i ? " " : "") + std::string(argv[i]);
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--json" && i + 1 < argc) a.json = argv[++i];
    if (std::string(argv[i]) == "--quick") a.quick = true;
  }
  return a;
}

// The host CPU's model name from /proc/cpuinfo ("unknown" elsewhere).
inline std::string host_cpu() {
  char host[256] = "unknown";
  if (FILE* f = std::fopen("/proc/cpuinfo", "r")) {
    char line[512];
    while (std::fgets(line, sizeof line, f))
      if (std::strncmp(line, "model name", 10) == 0) {
        const char* v = std::strchr(line, ':');
        if (v) std::snprintf(host, sizeof host, "%s", v + 2);
        host[std::strcspn(host, "\n")] = 0;
        break;
      }
    std::fclose(f);
  }
  return host;
}

// The host's clock as the kernel reports it now: the mean of /proc/cpuinfo's "cpu MHz" over the online
// cores, and the largest; 0 where it is not reported. The GPU machines' hosts run 1.5-2x apart from one
// run to the next, so a host-side figure is read against the clock and the anchors of its own run.
struct HostClock {
  double mean_mhz = 0, max_mhz = 0;
  int cores = 0;
};
inline HostClock host_clock() {
  HostClock c;
  c.cores = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  if (FILE* f = std::fopen("/proc/cpuinfo", "r")) {
    char line[512];
    double sum = 0;
    int n = 0;
    while (std::fgets(line, sizeof line, f))
      if (std::strncmp(line, "cpu MHz", 7) == 0) {
        const char* v = std::strchr(line, ':');
        if (!v) continue;
        const double mhz = std::atof(v + 1);
        sum += mhz;
        ++n;
        if (mhz > c.max_mhz) c.max_mhz = mhz;
      }
    std::fclose(f);
    if (n) c.mean_mhz = sum / n;
  }
  return c;
}

// Writes {"benchmark", "device", "backend", "command", "date", "host": {cpu, cores, clock when the run ended},
// "results": [{name, value, unit}...]} to `path`.
inline void write_json(const std::string& path, const char* benchmark, const std::string& device, const char* backend,
                       const std::string& command, const std::vector<Row>& rows) {
  FILE* out = std::fopen(path.c_str(), "w");
  if (!out) return;
  char date[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  std::fprintf(out, "{\n  \"benchmark\": \"%s\",\n  \"device\": \"%s\",\n  \"backend\": \"%s\",\n", benchmark,
               device.c_str(), backend);
  const HostClock clock = host_clock();
  std::fprintf(out, "  \"command\": \"%s\",\n  \"date\": \"%s\",\n", command.c_str(), date);
  std::fprintf(out,
               "  \"host\": {\"cpu\": \"%s\", \"cores\": %d, \"mean_mhz_at_end\": %.0f, \"max_mhz_at_end\": %.0f},\n",
               host_cpu().c_str(), clock.cores, clock.mean_mhz, clock.max_mhz);
  std::fprintf(out, "  \"results\": [\n");
  for (size_t i = 0; i < rows.size(); ++i)
    std::fprintf(out, "    {\"name\": \"%s\", \"value\": %.4f, \"unit\": \"%s\"}%s\n", rows[i].name.c_str(),
                 rows[i].value, rows[i].unit.c_str(), i + 1 < rows.size() ? "," : "");
  std::fprintf(out, "  ]\n}\n");
  std::fclose(out);
  std::printf("wrote %s\n", path.c_str());
}

}  // namespace gpurng_bench
