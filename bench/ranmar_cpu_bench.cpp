// SPDX-License-Identifier: BSD-3-Clause
//
// ranmar_cpu_bench: how fast the CPU backend's bulk fill is, next to two anchors measured in the
// same run on the same machine.
//
//   legacy      bench/anchors/legacy_ranmar48.hpp: RANMAR written like the Fortran originals
//               (CORSIKA RMMARD for 48 bits, CERNLIB V113 RANMAR for 24 bits), called with
//               LENV = 1000 as Fortran codes call it.  This is what existing programs pay.
//   branchless  bench/anchors/branchless_ranmar.hpp: a careful single-threaded integer RANMAR,
//               one bulk fill() call per 10^6 numbers.  This is what a good scalar loop does.
//   libgpurng   gpurngCreateGeneratorHost + gpurngGenerateUniformDouble (RANMAR48) or
//               gpurngGenerateUniform (RANMAR, 24 bits), 10^6 numbers per call.
//
// Every candidate writes 10^6 numbers per batch into the same reused host buffer, so all of them
// pay the same memory traffic.  Before any timing, the first 10^6 numbers of seed 54217137 from
// the library are compared bit for bit with the anchors (and the anchors with the published
// vectors): a benchmark of wrong numbers is worthless, so a mismatch ends the run with an error.
//
// Timing: std::chrono::steady_clock; each candidate is warmed up, then measured 5 times, each
// time over whole batches until at least 0.3 s have passed; the median is reported.  The 5
// repetitions are interleaved across candidates so that slow drifts (frequency, other load) hit
// all of them alike.
//
// Usage: ranmar_cpu_bench [--json PATH]   (default PATH: bench/results/ranmar_cpu.json)
// The library's own settings apply (GPURNG_THREADS: worker threads of the CPU backend).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "anchors/branchless_ranmar.hpp"
#include "anchors/legacy_ranmar48.hpp"
#include "gpurng.h"

namespace {

using gpurng_bench::BranchlessRanmar24;
using gpurng_bench::BranchlessRanmar48;
using gpurng_bench::LegacyRanmar24;
using gpurng_bench::LegacyRanmar48;

constexpr int kSeed = 54217137;          // CERNLIB / CORSIKA default IJKL
constexpr std::size_t kBatch = 1000000;  // numbers per batch, and numbers verified
constexpr int kLegacyLenv = 1000;        // RMMARD / RANMAR call length of the legacy anchor
constexpr double kMinSeconds = 0.3;      // each timed repetition lasts at least this long
constexpr double kWarmupSeconds = 0.1;
constexpr int kRepeats = 5;

// Published 48-bit vector (P3 of tests/kat/ranmar_published.txt): draws 1..5 of seed 54217137, times 2^48.
constexpr std::uint64_t kP3[5] = {0x7974F0955BF5ULL, 0xCCFD0915CD3CULL, 0x842FC48EE04DULL, 0x4D76475F803EULL,
                                  0x04DE467DA9EDULL};
// Published 24-bit vector (P1 there; James 1990): after 20000 draws of seed 54217137, the next six, times 2^24.
constexpr std::uint32_t kP1[6] = {6533892, 14220222, 7275067, 6172232, 8354498, 10633180};

// Pointers stored here have escaped, so the stores into those buffers cannot be optimised away.
double* volatile g_escape_double = nullptr;
float* volatile g_escape_float = nullptr;

[[noreturn]] void die(const std::string& message) {
  std::fprintf(stderr, "ranmar_cpu_bench: %s\n", message.c_str());
  std::exit(EXIT_FAILURE);
}

void check_status(gpurngStatus_t status, const char* call) {
  if (status != GPURNG_STATUS_SUCCESS) {
    die(std::string(call) + " failed: " + gpurngGetErrorString(status) + " (status " +
        std::to_string(static_cast<int>(status)) + ")");
  }
}

std::string hex_bits(double v) {
  std::uint64_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  char text[64];
  std::snprintf(text, sizeof text, "%.17g (bits 0x%016llx)", v, static_cast<unsigned long long>(bits));
  return text;
}

std::string hex_bits(float v) {
  std::uint32_t bits;
  std::memcpy(&bits, &v, sizeof bits);
  char text[64];
  std::snprintf(text, sizeof text, "%.9g (bits 0x%08x)", static_cast<double>(v), bits);
  return text;
}

// Bit-for-bit comparison; dies with the first differing index.
template <typename T>
void require_identical(const std::vector<T>& got, const std::vector<T>& expected, const char* got_name,
                       const char* expected_name) {
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (std::memcmp(&got[i], &expected[i], sizeof(T)) != 0) {
      die(std::string(got_name) + " differs from " + expected_name + " at index " + std::to_string(i) + " of seed " +
          std::to_string(kSeed) + ": " + hex_bits(got[i]) + " vs " + hex_bits(expected[i]) +
          ". Refusing to benchmark wrong numbers.");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Correctness gate
// ---------------------------------------------------------------------------------------------

void verify_published_vectors() {
  double d[5];
  LegacyRanmar48 legacy48(kSeed);
  legacy48.rmmard_like(d, 5);
  for (int k = 0; k < 5; ++k) {
    if (static_cast<std::uint64_t>(d[k] * 0x1p48) != kP3[k]) {
      die("legacy 48-bit anchor fails the published vector");
    }
  }
  BranchlessRanmar48 branchless48(kSeed);
  branchless48.fill(d, 5);
  for (int k = 0; k < 5; ++k) {
    if (static_cast<std::uint64_t>(d[k] * 0x1p48) != kP3[k]) {
      die("branchless 48-bit anchor fails the published vector");
    }
  }
  std::vector<float> f(20006);
  LegacyRanmar24 legacy24(kSeed);
  legacy24.ranmar_like(f.data(), static_cast<int>(f.size()));
  for (std::size_t k = 0; k < 6; ++k) {
    if (static_cast<std::uint32_t>(f[20000 + k] * 0x1p24f) != kP1[k]) {
      die("legacy 24-bit anchor fails the published vector");
    }
  }
  BranchlessRanmar24 branchless24(kSeed);
  branchless24.fill(f.data(), f.size());
  for (std::size_t k = 0; k < 6; ++k) {
    if (static_cast<std::uint32_t>(f[20000 + k] * 0x1p24f) != kP1[k]) {
      die("branchless 24-bit anchor fails the published vector");
    }
  }
}

gpurngGenerator_t create_host_generator(gpurngRngType_t type) {
  gpurngGenerator_t g = nullptr;
  check_status(gpurngCreateGeneratorHost(&g, type), "gpurngCreateGeneratorHost");
  check_status(gpurngSetPseudoRandomGeneratorSeed(g, static_cast<unsigned long long>(kSeed)),
               "gpurngSetPseudoRandomGeneratorSeed");
  check_status(gpurngSetGeneratorOffset(g, 0), "gpurngSetGeneratorOffset");
  gpurngBackend_t backend = GPURNG_BACKEND_CUDA;
  check_status(gpurngGetBackend(g, &backend), "gpurngGetBackend");
  if (backend != GPURNG_BACKEND_CPU) die("gpurngCreateGeneratorHost returned a non-CPU generator");
  return g;
}

// The first kBatch numbers of seed kSeed from the library, the legacy anchor (in LENV = 1000
// calls) and the branchless anchor must agree bit for bit.
void verify_against_anchors(gpurngGenerator_t lib48, gpurngGenerator_t lib24) {
  std::vector<double> legacy(kBatch), branchless(kBatch), library(kBatch);
  LegacyRanmar48 legacy48(kSeed);
  for (std::size_t k = 0; k < kBatch; k += kLegacyLenv) legacy48.rmmard_like(legacy.data() + k, kLegacyLenv);
  BranchlessRanmar48 branchless48(kSeed);
  branchless48.fill(branchless.data(), kBatch);
  require_identical(branchless, legacy, "branchless 48-bit anchor", "legacy 48-bit anchor");
  check_status(gpurngGenerateUniformDouble(lib48, library.data(), kBatch), "gpurngGenerateUniformDouble");
  require_identical(library, legacy, "libgpurng RANMAR48 gpurngGenerateUniformDouble", "legacy 48-bit anchor");

  std::vector<float> legacy_f(kBatch), branchless_f(kBatch), library_f(kBatch);
  LegacyRanmar24 legacy24(kSeed);
  for (std::size_t k = 0; k < kBatch; k += kLegacyLenv) legacy24.ranmar_like(legacy_f.data() + k, kLegacyLenv);
  BranchlessRanmar24 branchless24(kSeed);
  branchless24.fill(branchless_f.data(), kBatch);
  require_identical(branchless_f, legacy_f, "branchless 24-bit anchor", "legacy 24-bit anchor");
  check_status(gpurngGenerateUniform(lib24, library_f.data(), kBatch), "gpurngGenerateUniform");
  require_identical(library_f, legacy_f, "libgpurng RANMAR gpurngGenerateUniform", "legacy 24-bit anchor");
}

// ---------------------------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------------------------

struct Candidate {
  std::string name;             // JSON name
  std::string label;            // table text
  std::string engine;           // "RANMAR48" or "RANMAR"
  std::size_t call_size;        // numbers per call into the generator
  std::function<void()> batch;  // writes kBatch numbers into the shared buffer
  std::vector<double> samples;  // ns per number, one per repetition
  std::vector<unsigned long long> sample_numbers;
};

using Clock = std::chrono::steady_clock;

// Whole batches until at least `seconds` have passed; returns {ns per number, numbers}.
std::pair<double, unsigned long long> run_for(const Candidate& c, double seconds) {
  const Clock::time_point start = Clock::now();
  const Clock::time_point until =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  unsigned long long batches = 0;
  Clock::time_point now;
  do {
    c.batch();
    ++batches;
    now = Clock::now();
  } while (now < until);
  const double ns = std::chrono::duration<double, std::nano>(now - start).count();
  const unsigned long long numbers = batches * kBatch;
  return {ns / static_cast<double>(numbers), numbers};
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::size_t median_index(const std::vector<double>& v) {
  std::vector<std::size_t> order(v.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  return order[order.size() / 2];
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

std::string cpu_description() {
  std::string model = "unknown CPU";
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.compare(0, 10, "model name") == 0) {
      const std::size_t colon = line.find(':');
      if (colon != std::string::npos) {
        model = line.substr(line.find_first_not_of(" \t", colon + 1));
        break;
      }
    }
  }
  return model + ", " + std::to_string(std::thread::hardware_concurrency()) + " logical CPUs";
}

std::string iso_time_utc() {
  const std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char ch : s) {
    const unsigned char u = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (u < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", u);
      out += esc;
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::string json_number(double v, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

struct Ratios {
  double vs_legacy;
  double vs_branchless;
};

void write_json(const std::string& path, const std::string& command, const std::string& threads, int library_version,
                const std::vector<Candidate>& cands, const std::vector<double>& medians, const Ratios& r48,
                const Ratios& r24) {
  std::string j = "{\n";
  j += "  \"benchmark\": \"ranmar_cpu_bulk\",\n";
  j += "  \"device\": " + json_string(cpu_description()) + ",\n";
  j += "  \"threads\": " + json_string(threads) + ",\n";
  j += "  \"command\": " + json_string(command) + ",\n";
  j += "  \"date\": " + json_string(iso_time_utc()) + ",\n";
  j += "  \"library_version\": " + std::to_string(library_version) + ",\n";
  j += "  \"seed\": " + std::to_string(kSeed) + ",\n";
  j += "  \"verified_numbers\": " + std::to_string(kBatch) + ",\n";
  j += "  \"batch_numbers\": " + std::to_string(kBatch) + ",\n";
  j += "  \"repeats\": " + std::to_string(kRepeats) + ",\n";
  j += "  \"min_seconds_per_repeat\": " + json_number(kMinSeconds, 2) + ",\n";
  j += "  \"statistic\": \"median\",\n";
  j += "  \"results\": [\n";
  for (std::size_t i = 0; i < cands.size(); ++i) {
    const Candidate& c = cands[i];
    j += "    {\"name\": " + json_string(c.name) + ", \"engine\": " + json_string(c.engine) +
         ", \"call_size\": " + std::to_string(c.call_size) + ", \"ns_per_number\": " + json_number(medians[i], 4) +
         ", \"numbers\": " + std::to_string(c.sample_numbers[median_index(c.samples)]) +
         ", \"samples_ns_per_number\": [";
    for (std::size_t k = 0; k < c.samples.size(); ++k) j += (k ? ", " : "") + json_number(c.samples[k], 4);
    j += "], \"numbers_per_sample\": [";
    for (std::size_t k = 0; k < c.sample_numbers.size(); ++k) {
      j += (k ? ", " : "") + std::to_string(c.sample_numbers[k]);
    }
    j += "]}";
    j += i + 1 < cands.size() ? ",\n" : "\n";
  }
  j += "  ],\n";
  j += "  \"ratio_definition\": \"anchor ns_per_number / libgpurng ns_per_number (above 1: libgpurng is "
       "faster)\",\n";
  j += "  \"ratios\": {\n";
  j += "    \"ranmar48\": {\"vs_legacy\": " + json_number(r48.vs_legacy, 3) +
       ", \"vs_branchless\": " + json_number(r48.vs_branchless, 3) + "},\n";
  j += "    \"ranmar24\": {\"vs_legacy\": " + json_number(r24.vs_legacy, 3) +
       ", \"vs_branchless\": " + json_number(r24.vs_branchless, 3) + "}\n";
  j += "  }\n}\n";

  const std::filesystem::path p(path);
  if (p.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(p.parent_path(), ec);  // a failure shows up at open
  }
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << j;
  out.close();
  if (!out) die("cannot write " + path);
}

void usage(std::FILE* to) {
  std::fprintf(to,
               "usage: ranmar_cpu_bench [--json PATH]\n"
               "  Times RANMAR48 / RANMAR bulk fills of libgpurng's CPU backend against a legacy\n"
               "  (Fortran-style) and a branchless scalar anchor, after checking that all three\n"
               "  produce identical numbers. Writes JSON to PATH (default bench/results/ranmar_cpu.json).\n"
               "  GPURNG_THREADS sets the library's worker threads.\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::string json_path = "bench/results/ranmar_cpu.json";
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json" && i + 1 < argc) {
      json_path = argv[++i];
    } else if (arg.compare(0, 7, "--json=") == 0) {
      json_path = arg.substr(7);
    } else if (arg == "-h" || arg == "--help") {
      usage(stdout);
      return EXIT_SUCCESS;
    } else {
      usage(stderr);
      return 2;
    }
  }
  if (json_path.empty()) die("--json needs a path");
  const char* threads_env = std::getenv("GPURNG_THREADS");
  const std::string threads = threads_env && *threads_env ? threads_env : "default";

  int library_version = 0;
  check_status(gpurngGetVersion(&library_version), "gpurngGetVersion");

  // 1. Correctness gate.
  verify_published_vectors();
  gpurngGenerator_t lib48 = create_host_generator(GPURNG_RNG_PSEUDO_RANMAR48);
  gpurngGenerator_t lib24 = create_host_generator(GPURNG_RNG_PSEUDO_RANMAR);
  verify_against_anchors(lib48, lib24);
  std::printf(
      "verified: the first %zu numbers of seed %d agree bit for bit (library, legacy, branchless; "
      "48 and 24 bits)\n",
      kBatch, kSeed);

  // 2. Candidates, all writing kBatch numbers per batch into the same buffers.
  std::vector<double> dbuf(kBatch);
  std::vector<float> fbuf(kBatch);
  double* const d = dbuf.data();
  float* const f = fbuf.data();
  g_escape_double = d;
  g_escape_float = f;
  LegacyRanmar48 legacy48(kSeed);
  BranchlessRanmar48 branchless48(kSeed);
  LegacyRanmar24 legacy24(kSeed);
  BranchlessRanmar24 branchless24(kSeed);

  std::vector<Candidate> cands;
  auto add = [&cands](const char* name, const char* label, const char* engine, std::size_t call_size,
                      std::function<void()> batch) {
    cands.push_back(Candidate{name, label, engine, call_size, std::move(batch), {}, {}});
  };
  const std::size_t lenv = static_cast<std::size_t>(kLegacyLenv);
  add("legacy_ranmar48_rmmard_like", "legacy (RMMARD-like, double)", "RANMAR48", lenv, [&] {
    for (std::size_t k = 0; k < kBatch; k += lenv) legacy48.rmmard_like(d + k, kLegacyLenv);
  });
  add("branchless_ranmar48", "branchless scalar (uint64)", "RANMAR48", kBatch, [&] { branchless48.fill(d, kBatch); });
  add("gpurng_cpu_ranmar48_uniform_double", "libgpurng CPU UniformDouble", "RANMAR48", kBatch,
      [&] { check_status(gpurngGenerateUniformDouble(lib48, d, kBatch), "gpurngGenerateUniformDouble"); });
  add("legacy_ranmar24_ranmar_like", "legacy (V113 RANMAR-like, float)", "RANMAR", lenv, [&] {
    for (std::size_t k = 0; k < kBatch; k += lenv) legacy24.ranmar_like(f + k, kLegacyLenv);
  });
  add("branchless_ranmar24", "branchless scalar (uint32)", "RANMAR", kBatch, [&] { branchless24.fill(f, kBatch); });
  add("gpurng_cpu_ranmar_uniform_float", "libgpurng CPU Uniform (float)", "RANMAR", kBatch,
      [&] { check_status(gpurngGenerateUniform(lib24, f, kBatch), "gpurngGenerateUniform"); });
  // Indices used below: 0..2 RANMAR48 (legacy, branchless, library), 3..5 RANMAR (same order).

  // 3. Warm-up, then interleaved repetitions.
  for (const Candidate& c : cands) run_for(c, kWarmupSeconds);
  for (int rep = 0; rep < kRepeats; ++rep) {
    for (Candidate& c : cands) {
      const std::pair<double, unsigned long long> s = run_for(c, kMinSeconds);
      c.samples.push_back(s.first);
      c.sample_numbers.push_back(s.second);
    }
  }
  volatile double sink = g_escape_double[kBatch - 1] + static_cast<double>(g_escape_float[kBatch - 1]);
  (void)sink;

  check_status(gpurngDestroyGenerator(lib48), "gpurngDestroyGenerator");
  check_status(gpurngDestroyGenerator(lib24), "gpurngDestroyGenerator");

  // 4. Report.
  std::vector<double> medians;
  for (const Candidate& c : cands) medians.push_back(median(c.samples));
  const Ratios r48{medians[0] / medians[2], medians[1] / medians[2]};
  const Ratios r24{medians[3] / medians[5], medians[4] / medians[5]};

  std::printf("\nRANMAR CPU bulk fill, seed %d, %s, GPURNG_THREADS=%s, libgpurng %d\n", kSeed,
              cpu_description().c_str(), threads.c_str(), library_version);
  std::printf("median of %d runs of >= %.1f s each; every batch writes %zu numbers into one reused buffer\n\n",
              kRepeats, kMinSeconds, kBatch);
  std::printf("%-9s %-34s %10s %12s %16s\n", "engine", "generator", "call size", "ns/number", "min .. max");
  for (std::size_t i = 0; i < cands.size(); ++i) {
    const Candidate& c = cands[i];
    const auto mm = std::minmax_element(c.samples.begin(), c.samples.end());
    std::printf("%-9s %-34s %10zu %12.3f %7.3f .. %-7.3f\n", c.engine.c_str(), c.label.c_str(), c.call_size, medians[i],
                *mm.first, *mm.second);
  }
  std::printf("\nlibgpurng speed-up (anchor ns / libgpurng ns):\n");
  std::printf("  RANMAR48: %.2fx vs legacy, %.2fx vs branchless\n", r48.vs_legacy, r48.vs_branchless);
  std::printf("  RANMAR  : %.2fx vs legacy, %.2fx vs branchless\n", r24.vs_legacy, r24.vs_branchless);

  write_json(json_path, command, threads, library_version, cands, medians, r48, r24);
  std::printf("\nwrote %s\n", json_path.c_str());
  return EXIT_SUCCESS;
}
