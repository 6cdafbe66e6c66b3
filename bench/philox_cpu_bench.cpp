// SPDX-License-Identifier: BSD-3-Clause
//
// philox_cpu_bench: the CPU backend's Philox4_32_10 (cuRAND's host layout) in bulk and through the numpy bit
// generator's callbacks.
//
//   fill        gpurngCreateGeneratorHost(PHILOX4_32_10), one call of 10^7 numbers into a reused host buffer:
//               gpurngGenerate (u32), gpurngGenerateUniform (float), gpurngGenerateUniformDouble,
//               gpurngGenerateNormal / NormalDouble; on every CPU thread (GPURNG_THREADS, default all cores) and on
//               one thread (a generator made with GPURNG_THREADS=1).
//   callbacks   gpurngCreateBitgen over such a generator: 10^7 calls of next_double, next_uint64, next_uint32 in a
//               loop through the function pointers, as numpy's Generator makes them (random_standard_uniform_fill),
//               ns a call, the buffer's refills included.
//
// Before timing, the first 4096 outputs of each fill type and the callbacks' first words are checked against
// Philox4_32_10 computed here one block at a time (philox::block<10>, the layout's rule for a call at offset 0:
// unit u = output / 4 is thread u's first unit, counter 0 of subsequence u; doubles: counters 0 and 1). A benchmark
// of wrong numbers is worthless: a mismatch ends the run with an error.
//
// Timing: std::chrono::steady_clock; one untimed run, then 7 timed runs of each, interleaved across candidates; the
// median is reported (GB/s of output written, ns a number).
//
// Usage: philox_cpu_bench [--json PATH] [--quick]   (default PATH: bench/results/philox_cpu.json; --quick: 10^6)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bench_report.hpp"
#include "gpurng.h"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/philox.hpp"
#include "gpurng_bitgen.h"
#include "host_timing.hpp"

namespace {

using namespace gpurng;

constexpr uint64_t kSeed = 1234;
constexpr int kRepeats = 7;

// A generator of seed kSeed; threads: its CPU threads (GPURNG_THREADS while it is made), or null: the default.
gpurngGenerator_t make_generator(const char* threads) {
  const char* before = std::getenv("GPURNG_THREADS");
  const std::string saved = before ? before : "";
  if (threads) setenv("GPURNG_THREADS", threads, 1);
  gpurngGenerator_t g = nullptr;
  if (gpurngCreateGeneratorHost(&g, GPURNG_RNG_PSEUDO_PHILOX4_32_10) != GPURNG_STATUS_SUCCESS ||
      gpurngSetPseudoRandomGeneratorSeed(g, kSeed) != GPURNG_STATUS_SUCCESS) {
    std::fprintf(stderr, "cannot make a Philox host generator\n");
    std::exit(1);
  }
  if (threads) {
    if (before)
      setenv("GPURNG_THREADS", saved.c_str(), 1);
    else
      unsetenv("GPURNG_THREADS");
  }
  return g;
}

// Block k (counter k) of thread t's subsequence: the first units of a call at offset 0.
philox::u32x4 block(uint64_t t, uint64_t k) {
  return philox::block<10>(philox::counter_of(t, k), philox::key_of_seed(kSeed));
}

void fail(const char* what, size_t i) {
  std::fprintf(stderr, "philox_cpu_bench: %s differs from the reference at %zu\n", what, i);
  std::exit(1);
}

// The first 4096 outputs of each type from a fresh generator (offset 0) against the rule.
void verify() {
  constexpr size_t n = 4096;
  gpurngGenerator_t g = make_generator(nullptr);
  std::vector<uint32_t> u(n);
  std::vector<float> f(n);
  std::vector<double> d(n);
  if (gpurngGenerate(g, u.data(), n) != GPURNG_STATUS_SUCCESS) fail("u32 call", 0);
  for (size_t i = 0; i < n; ++i)
    if (u[i] != block(i / 4, 0).w[i % 4]) fail("u32", i);
  gpurngSetGeneratorOffset(g, 0);
  if (gpurngGenerateUniform(g, f.data(), n) != GPURNG_STATUS_SUCCESS) fail("float call", 0);
  for (size_t i = 0; i < n; ++i) {
    const float want = curand_out::uniform_f32(block(i / 4, 0).w[i % 4]);
    if (std::memcmp(&want, &f[i], 4) != 0) fail("float", i);
  }
  gpurngSetGeneratorOffset(g, 0);
  if (gpurngGenerateUniformDouble(g, d.data(), n) != GPURNG_STATUS_SUCCESS) fail("double call", 0);
  for (size_t i = 0; i < n; ++i) {
    const philox::u32x4 b = block(i / 4, (i % 4) / 2);
    const int j = 2 * static_cast<int>(i % 2);
    const double want = curand_out::uniform_f64_hq(b.w[j], b.w[j + 1]);
    if (std::memcmp(&want, &d[i], 8) != 0) fail("double", i);
  }
  gpurngSetGeneratorOffset(g, 0);
  if (gpurngGenerateNormalDouble(g, d.data(), n, 0.0, 1.0) != GPURNG_STATUS_SUCCESS) fail("normal call", 0);
  for (size_t i = 0; i < n; ++i) {
    const philox::u32x4 b = block(i / 4, (i % 4) / 2);
    const curand_out::f64x2 z = curand_out::box_muller_f64(b.w[0], b.w[1], b.w[2], b.w[3]);
    const double want = curand_out::scale(i % 2 ? z.c : z.s, 0.0, 1.0);
    if (std::memcmp(&want, &d[i], 8) != 0) fail("normal double", i);
  }
  gpurngDestroyGenerator(g);
  // The bit generator's words are gpurngGenerate's: next_uint32 = w0, next_uint64 = (w0 << 32) | w1, next_double =
  // (next_uint64 >> 11) 2^-53.
  gpurngBitgen_t* bg = nullptr;
  if (gpurngCreateBitgen(&bg, make_generator(nullptr), 0) != GPURNG_STATUS_SUCCESS) fail("bitgen", 0);
  size_t at = 0;
  auto word = [&at]() -> uint64_t {
    const size_t i = at++;
    return block(i / 4, 0).w[i % 4];
  };
  for (int r = 0; r < 1000; ++r) {
    if (bg->next_uint32(bg->state) != word()) fail("next_uint32", at);
    const uint64_t hi = word();
    if (bg->next_uint64(bg->state) != ((hi << 32) | word())) fail("next_uint64", at);
    const uint64_t h = word();
    const double want = static_cast<double>(((h << 32) | word()) >> 11) * (1.0 / 9007199254740992.0);
    const double got = bg->next_double(bg->state);
    if (std::memcmp(&want, &got, 8) != 0) fail("next_double", at);
  }
  gpurngDestroyBitgen(bg);
}

struct Candidate {
  std::string name;
  size_t bytes;  // output bytes a run
  size_t numbers;
  std::function<void()> run;
  std::vector<double> seconds;
};

}  // namespace

int main(int argc, char** argv) {
  const gpurng_bench::Args args = gpurng_bench::parse_args(argc, argv, "bench/results/philox_cpu.json");
  const size_t n = args.quick ? 1000000 : 10000000;
  verify();

  // The process's thread pool starts on first use with the threads GPURNG_THREADS gives then (the default: every
  // core); a generator made with GPURNG_THREADS=1 cuts its calls into one piece.
  const char* env_threads = std::getenv("GPURNG_THREADS");
  const std::string all_threads = env_threads ? env_threads : "";
  // One generator a candidate: calls of one type continue one another (a generator that mixes widths, as u32 and
  // double calls, keeps every thread's position: slower set-up, the same fill loop).
  std::vector<gpurngGenerator_t> gens;
  auto gen = [&gens](bool one) {
    gens.push_back(make_generator(one ? "1" : nullptr));
    return gens.back();
  };
  std::vector<uint32_t> u(n);
  std::vector<float> f(n);
  std::vector<double> d(n);
  std::vector<Candidate> cands;
  for (int one = 0; one < 2; ++one) {
    const std::string th = one ? " (1 thread)" : " (all threads)";
    gpurngGenerator_t g = gen(one);
    cands.push_back({"gpurngGenerate u32" + th, 4 * n, n, [g, &u, n] { gpurngGenerate(g, u.data(), n); }, {}});
    g = gen(one);
    cands.push_back(
        {"gpurngGenerateUniform float" + th, 4 * n, n, [g, &f, n] { gpurngGenerateUniform(g, f.data(), n); }, {}});
    g = gen(one);
    cands.push_back({"gpurngGenerateUniformDouble" + th,
                     8 * n,
                     n,
                     [g, &d, n] { gpurngGenerateUniformDouble(g, d.data(), n); },
                     {}});
    g = gen(one);
    cands.push_back({"gpurngGenerateNormal float" + th,
                     4 * n,
                     n,
                     [g, &f, n] { gpurngGenerateNormal(g, f.data(), n, 0.f, 1.f); },
                     {}});
    g = gen(one);
    cands.push_back({"gpurngGenerateNormalDouble" + th,
                     8 * n,
                     n,
                     [g, &d, n] { gpurngGenerateNormalDouble(g, d.data(), n, 0.0, 1.0); },
                     {}});
  }
  // The callbacks, as numpy calls them: one indirect call a number.
  gpurngBitgen_t* bg = nullptr;
  if (gpurngCreateBitgen(&bg, make_generator(nullptr), 0) != GPURNG_STATUS_SUCCESS) return 1;
  volatile double sink_d = 0;
  volatile uint64_t sink_u = 0;
  cands.push_back({"bitgen next_double (ns a call)",
                   8 * n,
                   n,
                   [bg, n, &sink_d] {
                     double s = 0;
                     for (size_t i = 0; i < n; ++i) s += bg->next_double(bg->state);
                     sink_d = s;
                   },
                   {}});
  cands.push_back({"bitgen next_uint64 (ns a call)",
                   8 * n,
                   n,
                   [bg, n, &sink_u] {
                     uint64_t s = 0;
                     for (size_t i = 0; i < n; ++i) s += bg->next_uint64(bg->state);
                     sink_u = s;
                   },
                   {}});
  cands.push_back({"bitgen next_uint32 (ns a call)",
                   4 * n,
                   n,
                   [bg, n, &sink_u] {
                     uint64_t s = 0;
                     for (size_t i = 0; i < n; ++i) s += bg->next_uint32(bg->state);
                     sink_u = s;
                   },
                   {}});

  for (Candidate& c : cands) c.run();  // untimed: first touch, set-ups
  for (int r = 0; r < kRepeats; ++r)
    for (Candidate& c : cands) c.seconds.push_back(gpurng_bench::seconds_of(c.run));

  std::vector<gpurng_bench::Row> rows;
  std::printf("Philox4_32_10, CPU backend, %zu numbers a call, median of %d (threads: %s)\n", n, kRepeats,
              all_threads.empty() ? "all cores" : all_threads.c_str());
  for (const Candidate& c : cands) {
    const double s = gpurng_bench::median_of(c.seconds);
    const double gbs = static_cast<double>(c.bytes) / s / 1e9, ns = s / static_cast<double>(c.numbers) * 1e9;
    std::printf("  %-48s %8.2f GB/s %8.3f ns a number\n", c.name.c_str(), gbs, ns);
    rows.push_back({c.name + " GB/s", gbs, "GB/s"});
    rows.push_back({c.name + " ns", ns, "ns/number"});
  }
  gpurng_bench::write_json(args.json, "philox_cpu_bench", "none", "cpu", args.command, rows);
  gpurngDestroyBitgen(bg);
  for (gpurngGenerator_t g : gens) gpurngDestroyGenerator(g);
  return 0;
}
