// SPDX-License-Identifier: BSD-3-Clause
// Test helpers for the cuRAND engine cores (src/fill/curand_layout.hpp): type-erased fills, a model
// of cuRAND's host generator built from the layout classes (rebuild on offset/seed/ordering change, live
// per-thread positions between calls), and comparisons (bits, or ulps for normals).
// Used by test_curand_parity.cpp (against libcurand) and test_curand_engines.cpp (internal consistency).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "fill/curand_layout.hpp"

namespace curand_test {

using gpurng::curand_layout::engine;
using gpurng::curand_layout::is_double;
using gpurng::curand_layout::is_normal;
using gpurng::curand_layout::ordering;
using gpurng::curand_layout::output;

constexpr output kAllOutputs[] = {output::u32,        output::uniform_f32,   output::uniform_f64,  output::normal_f32,
                                  output::normal_f64, output::lognormal_f32, output::lognormal_f64};

inline const char* name_of(output o) {
  switch (o) {
    case output::u32:
      return "u32";
    case output::uniform_f32:
      return "uniform_f32";
    case output::uniform_f64:
      return "uniform_f64";
    case output::normal_f32:
      return "normal_f32";
    case output::normal_f64:
      return "normal_f64";
    case output::lognormal_f32:
      return "lognormal_f32";
    case output::lognormal_f64:
      return "lognormal_f64";
  }
  return "?";
}
inline const char* name_of(engine e) {
  switch (e) {
    case engine::xorwow:
      return "XORWOW";
    case engine::mrg32k3a:
      return "MRG32k3a";
    case engine::philox:
      return "Philox4_32_10";
  }
  return "?";
}
inline const char* name_of(ordering o) {
  switch (o) {
    case ordering::best:
      return "BEST";
    case ordering::dflt:
      return "DEFAULT";
    case ordering::seeded:
      return "SEEDED";
    case ordering::legacy:
      return "LEGACY";
  }
  return "?";
}

inline size_t element_size(output o) { return is_double(o) ? 8 : 4; }

// Normal and log-normal parameters used throughout (log-normal small enough never to overflow).
struct dist_params {
  double normal_mean = 0.25, normal_stddev = 1.5;
  double log_mean = 0.125, log_stddev = 0.5;
};

// Outputs of one type in raw bytes.
struct buffer {
  output type;
  size_t n;
  std::vector<unsigned char> bytes;
  buffer(output o, size_t count) : type(o), n(count), bytes(count * element_size(o) + 8) {}
  void* data() { return bytes.data(); }
  const void* data() const { return bytes.data(); }
  void* at(size_t i) { return bytes.data() + i * element_size(type); }
};

// f.fill_*(lead..., pos, n, out[, mean, stddev]) for output type o. `lead` is the generator offset for a
// stream's fill and nothing for a cursor's.
template <class F, class... Lead>
void fill_any(const F& f, output o, void* out, uint64_t pos, size_t n, const dist_params& p, Lead... lead) {
  switch (o) {
    case output::u32:
      f.fill_u32(lead..., pos, n, static_cast<uint32_t*>(out));
      break;
    case output::uniform_f32:
      f.fill_uniform(lead..., pos, n, static_cast<float*>(out));
      break;
    case output::uniform_f64:
      f.fill_uniform(lead..., pos, n, static_cast<double*>(out));
      break;
    case output::normal_f32:
      f.fill_normal(lead..., pos, n, static_cast<float*>(out), static_cast<float>(p.normal_mean),
                    static_cast<float>(p.normal_stddev));
      break;
    case output::normal_f64:
      f.fill_normal(lead..., pos, n, static_cast<double*>(out), p.normal_mean, p.normal_stddev);
      break;
    case output::lognormal_f32:
      f.fill_lognormal(lead..., pos, n, static_cast<float*>(out), static_cast<float>(p.log_mean),
                       static_cast<float>(p.log_stddev));
      break;
    case output::lognormal_f64:
      f.fill_lognormal(lead..., pos, n, static_cast<double*>(out), p.log_mean, p.log_stddev);
      break;
  }
}

// ---- comparison ----

inline int64_t ordered(float x) {
  int32_t i;
  std::memcpy(&i, &x, 4);
  return i < 0 ? -static_cast<int64_t>(i & 0x7FFFFFFF) : i;
}
inline int64_t ordered(double x) {
  int64_t i;
  std::memcpy(&i, &x, 8);
  return i < 0 ? -(i & 0x7FFFFFFFFFFFFFFFll) : i;
}
template <typename T>
uint64_t ulp_distance(T a, T b) {
  const int64_t d = ordered(a) - ordered(b);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}

struct comparison {
  size_t n = 0, differ = 0;
  uint64_t max_ulp = 0;
  size_t first_diff = SIZE_MAX;
};

// Normals are z * stddev + mean: near z * stddev = -mean the sum cancels, and one ulp of z becomes many ulp
// of the (tiny) output. So normals are measured in ulp of max(|output|, |output - mean|), i.e. of the
// larger of the output and the scaled normal before the mean was added. A log-normal exp(y) turns an error
// of k ulp of y into about k |y| ulp of the output, so its ulp distance is divided by max(1, |y|): it is
// measured in ulp of its argument, as normals are. Everything else in ulp of the output.
template <typename T>
uint64_t normal_ulp_distance(T want, T got, T mean) {
  const T scale = std::max(std::fabs(want), std::fabs(want - mean));
  if (scale == 0 || want == got) return ulp_distance(want, got);
  const T ulp = std::nextafter(scale, std::numeric_limits<T>::infinity()) - scale;
  return static_cast<uint64_t>(std::ceil(std::fabs(static_cast<double>(got) - static_cast<double>(want)) / ulp));
}
template <typename T>
uint64_t lognormal_ulp_distance(T want, T got) {
  const double y = std::fabs(std::log(static_cast<double>(want)));
  return static_cast<uint64_t>(std::ceil(static_cast<double>(ulp_distance(want, got)) / std::max(1.0, y)));
}

inline comparison compare(output o, const void* want, const void* got, size_t n) {
  comparison c;
  c.n = n;
  const size_t es = element_size(o);
  const bool plain_normal = o == output::normal_f32 || o == output::normal_f64;
  const double mean = dist_params{}.normal_mean;  // every comparison of normals uses the default parameters
  const auto* a = static_cast<const unsigned char*>(want);
  const auto* b = static_cast<const unsigned char*>(got);
  for (size_t i = 0; i < n; ++i) {
    if (std::memcmp(a + i * es, b + i * es, es) == 0) continue;
    ++c.differ;
    if (c.first_diff == SIZE_MAX) c.first_diff = i;
    uint64_t u = UINT64_MAX;
    if (is_normal(o)) {
      if (es == 4) {
        float x, y;
        std::memcpy(&x, a + i * es, 4);
        std::memcpy(&y, b + i * es, 4);
        u = plain_normal ? normal_ulp_distance(x, y, static_cast<float>(mean)) : lognormal_ulp_distance(x, y);
      } else {
        double x, y;
        std::memcpy(&x, a + i * es, 8);
        std::memcpy(&y, b + i * es, 8);
        u = plain_normal ? normal_ulp_distance(x, y, mean) : lognormal_ulp_distance(x, y);
      }
    }
    if (u > c.max_ulp) c.max_ulp = u;
  }
  return c;
}

inline std::string describe(output o, const void* want, const void* got, size_t i) {
  char s[160];
  const auto* a = static_cast<const unsigned char*>(want) + i * element_size(o);
  const auto* b = static_cast<const unsigned char*>(got) + i * element_size(o);
  if (o == output::u32) {
    uint32_t x, y;
    std::memcpy(&x, a, 4);
    std::memcpy(&y, b, 4);
    std::snprintf(s, sizeof s, "[%zu] want 0x%08x got 0x%08x", i, x, y);
  } else if (element_size(o) == 4) {
    float x, y;
    std::memcpy(&x, a, 4);
    std::memcpy(&y, b, 4);
    std::snprintf(s, sizeof s, "[%zu] want %a got %a", i, x, y);
  } else {
    double x, y;
    std::memcpy(&x, a, 8);
    std::memcpy(&y, b, 8);
    std::snprintf(s, sizeof s, "[%zu] want %a got %a", i, x, y);
  }
  return s;
}

// Totals per (engine, output) over a test binary's run, printed at exit: how many normals were
// bit-exact and the largest ulp distance of the rest.
struct tally {
  std::mutex m;
  struct entry {
    uint64_t n = 0, differ = 0, max_ulp = 0;
  };
  std::map<std::string, entry> rows;
  void add(const std::string& key, const comparison& c) {
    std::lock_guard<std::mutex> g(m);
    entry& e = rows[key];
    e.n += c.n;
    e.differ += c.differ;
    if (c.max_ulp > e.max_ulp) e.max_ulp = c.max_ulp;
  }
  ~tally() {
    if (rows.empty()) return;
    std::printf("\nOutputs compared (engine/ordering/type: total, not bit-identical, max ulp):\n");
    for (auto& [k, e] : rows)
      std::printf("  %-36s %12llu %8llu %6llu\n", k.c_str(), static_cast<unsigned long long>(e.n),
                  static_cast<unsigned long long>(e.differ), static_cast<unsigned long long>(e.max_ulp));
  }
};
inline tally& global_tally() {
  static tally t;
  return t;
}

// Integers and uniforms bit for bit. Normals and log-normals come from box_muller_math.hpp's log and sin/cos
// (within 1.5 ulp in float, 2 in double, cut for GPU throughput) and portable_math.hpp's exp, which give
// the same bits on every backend; cuRAND's host generator calls glibc's (usually correctly rounded). So the
// outputs differ from cuRAND's host output in a fraction of the values, by a few ulp after Box-Muller's
// chain of roundings (log, sqrt, sin/cos, r * sin, z * stddev, + mean), measured as compare() says.
// Measured over every part of test_curand_parity (~10^7 values per type): normal f32 18 % not
// bit-identical, at most 5 ulp; normal f64 17 %, at most 5; log-normal f32 10 %, at most 4; log-normal f64
// 11 %, at most 4. The bounds are those plus one. cuRAND's own device normals differ from its host normals
// by more (docs/CURAND.md, Distributions: about four in five f32 normals differ, by up to 3e-6).
inline uint64_t max_ulp_allowed(output o) {
  switch (o) {
    case output::normal_f32:
    case output::normal_f64:
      return 6;
    case output::lognormal_f32:
    case output::lognormal_f64:
      return 5;
    default:
      return 0;
  }
}
inline void expect_match(const std::string& what, const std::string& key, output o, const void* want, const void* got,
                         size_t n) {
  const comparison c = compare(o, want, got, n);
  global_tally().add(key, c);
  if (c.differ == 0) return;
  const std::string first = describe(o, want, got, c.first_diff);
  if (!is_normal(o)) {
    ADD_FAILURE() << what << ": " << c.differ << " of " << n << " differ, first " << first;
    return;
  }
  EXPECT_LE(c.max_ulp, max_ulp_allowed(o)) << what << ": " << c.differ << " of " << n << " differ, first " << first;
}

// ---- model of cuRAND's host generator ----
// generator_position (curand_layout.hpp) decides when thread positions are rebuilt and from which offset;
// one cursor (live positions) serves the calls in between. Each call is also answered from the stream fill
// alone while every call since the rebuild had the same W (the fast path an integration would take), so
// that path is checked against cuRAND too.
template <class Stream>
class host_model {
 public:
  using cursor_t = decltype(std::declval<const Stream&>().cursor_at(0));
  host_model(engine e, uint64_t seed, ordering ord) : e_(e), seed_(seed), ord_(ord), pos_(e) {
    stream_ = std::make_unique<Stream>(seed_, ord_);
  }

  void set_seed(uint64_t s) {
    if (s == seed_) return;  // cuRAND: the same seed again changes nothing
    seed_ = s;
    stream_ = std::make_unique<Stream>(seed_, ord_);
    pos_.reseed_or_reorder();
  }
  void set_ordering(ordering o) {
    if (o == ord_) return;
    ord_ = o;
    stream_ = std::make_unique<Stream>(seed_, ord_);
    pos_.reseed_or_reorder();
  }
  void set_offset(uint64_t o) { pos_.set_offset(o); }
  uint64_t offset() const { return pos_.offset; }
  const Stream& stream() const { return *stream_; }

  // The next call's outputs into `out`; if the single-W fast path applies, its outputs into `fast` too
  // (returns whether it did).
  bool generate(output o, void* out, size_t n, const dist_params& p, void* fast) {
    using gpurng::curand_layout::outputs_per_unit;
    using gpurng::curand_layout::words_per_unit;
    if (pos_.rebuild) {
      cursor_.emplace(stream_->cursor_at(pos_.offset));
      rebuild_offset_ = pos_.offset;
      since_ = 0;
      w_since_ = -1;
      single_w_ = true;
    }
    const int W = words_per_unit(e_, o);
    if (w_since_ < 0) w_since_ = W;
    if (W != w_since_) single_w_ = false;
    bool fast_done = false;
    if (single_w_ && fast) {
      // position in this type's outputs, counted from the rebuild offset
      const uint64_t at = e_ == engine::philox ? since_ : since_ * outputs_per_unit(e_, o);
      fill_any(*stream_, o, fast, at, n, p, rebuild_offset_);
      fast_done = true;
    }
    fill_any(*cursor_, o, out, 0, n, p);
    cursor_->advance(o, n);
    const uint64_t before = pos_.offset;
    pos_.after_call(o, n);
    since_ += pos_.offset - before;
    return fast_done;
  }

 private:
  engine e_;
  uint64_t seed_;
  ordering ord_;
  gpurng::curand_layout::generator_position pos_;
  std::unique_ptr<Stream> stream_;
  std::optional<cursor_t> cursor_;
  uint64_t rebuild_offset_ = 0, since_ = 0;
  int w_since_ = -1;
  bool single_w_ = true;
};

}  // namespace curand_test
