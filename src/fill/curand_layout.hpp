// SPDX-License-Identifier: BSD-3-Clause
// cuRAND host-API output layouts of XORWOW, MRG32k3a and Philox4_32_10: which generator words produce
// each output of a curandGenerate* call, and host fills of any part of a call (cuRAND guide,
// docs.nvidia.com/cuda/curand, Host API Overview: Order; docs/CURAND.md and docs/DEVICE_API.md). Everything
// stated here was established against NVIDIA's host generator (libcurand 10.4) and is checked by
// tests/curand_parity.
//
// ---- The model ----
// cuRAND runs T logical threads per generator; thread t walks subsequence t of the seed's stream (the
// device-API state curand_init(seed, t, 0)) and keeps a position p_t (words consumed; for Philox,
// counters consumed) from one call to the next. Outputs come in units: unit u belongs to thread u mod T,
// takes the W words p_t .. p_t+W-1 of that thread and yields G outputs:
//
//   engine     ordering        T       output                  W  G   unit
//   XORWOW     all             4096    u32, uniform f32         1  1   one output
//                                      uniform f64              2  1   hq(x0, x1)
//                                      normal f32 (+log)        2  2   Box-Muller pair (sin, cos)
//                                      normal f64 (+log)        4  2   Box-Muller pair of hq(x0,x1), hq(y0,y1)
//   MRG32k3a   BEST, DEFAULT   81920   u32, uniform f32/f64     1  1   one z
//              LEGACY          4096    normal f32/f64 (+log)    2  2   Box-Muller pair of two z
//   Philox     all             65536   u32, uniform f32         1  4   lanes 0..3 of one counter
//                                      normal f32 (+log)        1  4   pairs (w0, w1), (w2, w3)
//                                      uniform f64              2  4   hq of lanes (0,1), (2,3) of each counter
//                                      normal f64 (+log)        2  4   one pair per counter
// (A Philox "word" is a whole counter, i.e. four 32-bit lanes.)
//
// The generator offset counts units for XORWOW and MRG32k3a (a normal call of n outputs moves it by n/2;
// cuRAND rejects odd n there) and outputs for Philox (a call may start or end inside a unit of 4).
// A call walks units u = first, first+1, ...; the k-th unit of thread t in the call uses words
// p_t + W k; afterwards p_t has moved by W for each unit of t that the call completed (a Philox unit cut
// by the end of a call is finished by the next call, with that call's W, from the same p_t).
// A rebuild (SetGeneratorOffset, or a seed or ordering change: rules in generator_position below) resets
// the positions from the offset alone, as if every earlier unit had been one word: p_t = number of
// units below unit(o) that belong to t (unit(o) = o for XORWOW/MRG32k3a, o/4 for Philox). So:
//   - successive calls of one W since the last rebuild equal one call (chunking is free);
//   - a W=2 or W=4 type at offset o is NOT the o-th element of that type's stream from offset 0, and
//     after a call of one W, a call of another W continues each thread where it stopped.
//
// ---- The interface ----
// *_stream (per seed and ordering; set up once, then const and shareable between threads):
//   fill_*(offset, pos, n, out[, mean, stddev]): outputs [pos, pos + n) of a call made at generator
//     offset `offset` right after a rebuild; pos counts this type's outputs from that offset, so it also
//     serves later calls of the same W (pos = units since the rebuild * G; Philox: outputs since it).
//   cursor_at(offset): the rebuilt thread positions, for calls that follow a call of another W.
// call_cursor (the live positions, what cuRAND keeps between calls):
//   fill_*(pos, n, out[, mean, stddev]): outputs [pos, pos + n) of the next call;
//   advance(type, n): move past that call of n outputs.
// generator_position: the offset bookkeeping and when to rebuild.
// Every fill is independent of every other: cut a call into ranges and fill them on any threads.
//
//   const xorwow_stream s(seed, ordering::dflt);        // SetPseudoRandomGeneratorSeed
//   s.fill_normal(o, 0, n, out, mean, stddev);           // SetGeneratorOffset(o); GenerateNormal(out, n)
//   s.fill_normal(o, a, b - a, out + a, mean, stddev);   // the part [a, b) of that call, on any thread
//   auto c = s.cursor_at(o);                             // SetGeneratorOffset(o); then
//   c.fill_uniform(0, n, f32);     c.advance(output::uniform_f32, n);   //   GenerateUniform(f32, n)
//   c.fill_uniform(0, m, f64);     c.advance(output::uniform_f64, m);   //   GenerateUniformDouble(f64, m)
//
// Cost. XORWOW keeps 4096 start states per seed (one 160x160 GF(2) matrix-vector product each, ~0.2 ms;
// the jump matrices are computed once per process, ~3 ms), MRG32k3a 81920 or 4096 (two 3x3 products mod m
// each, ~3 ms for 81920), Philox none. A fill of n outputs costs one jump (O(log offset) matrix work, then
// a matrix-vector product for each touched thread, at most T) plus O(n) generation; a cursor costs T
// states and one jump per thread to build or advance. Philox's whole units are computed many at a time on vector
// lanes (philox_lanes.hpp: the same words, no per-thread state copied); the units a fill's ends cut, and the other
// engines, go a unit at a time through fill_call.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <memory>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "curand_layout_units.hpp"
#include "gpurng/distributions/curand_outputs.hpp"
#include "gpurng/engines/mrg32k3a.hpp"
#include "gpurng/engines/philox.hpp"
#include "gpurng/engines/xorwow.hpp"
#include "philox_lanes.hpp"

namespace gpurng {
namespace curand_layout {

// The generator offset after a call of n outputs at `offset`.
inline uint64_t offset_after(engine e, output o, uint64_t offset, uint64_t n) {
  return offset + (e == engine::philox ? n : n / static_cast<uint64_t>(outputs_per_unit(e, o)));
}

// What cuRAND's host generator remembers about its position between API calls, and how each call changes
// it (established against libcurand 10.4; tests/curand_parity, CurandMixed).
//   SetGeneratorOffset(o)           always rebuilds, at o (even when o is the current offset).
//   SetPseudoRandomGeneratorSeed(s) rebuilds at the current offset if s differs from the seed; the same
//   SetGeneratorOrdering(x)         seed or ordering again changes nothing (positions are kept).
//   a call of n outputs             moves the offset (offset_after) and keeps the thread positions live.
// Philox quirk: a rebuild by seed or ordering change does not restart at the current offset but at
// `stored` = the last SetGeneratorOffset value plus the number of 4-output groups completed since then
// (cuRAND adds a group count to an output offset); when that is 0 (offset 0, no group completed yet) the
// current offset stays, which gives the same outputs.
struct generator_position {
  engine kind;
  uint64_t offset = 0;  // where the next call starts: elements (Philox) or units (XORWOW, MRG32k3a)
  uint64_t stored = 0;  // Philox: where a rebuild by seed or ordering change restarts
  bool rebuild = true;  // thread positions must be rebuilt (from `offset`) before the next call

  explicit generator_position(engine e) : kind(e) {}
  void set_offset(uint64_t o) {
    offset = stored = o;
    rebuild = true;
  }
  // A seed or ordering change to a different value.
  void reseed_or_reorder() {
    if (kind == engine::philox && stored != 0) offset = stored;
    rebuild = true;
  }
  void after_call(output o, uint64_t n) {
    if (kind == engine::philox) stored += (offset + n) / 4 - offset / 4;
    offset = offset_after(kind, o, offset, n);
    rebuild = false;
  }
};

constexpr uint32_t kXorwowThreads = 4096;
constexpr uint32_t kMrgThreadsDefault = 81920;
constexpr uint32_t kMrgThreadsLegacy = 4096;
constexpr uint32_t kPhiloxThreads = 65536;

namespace detail {

// Where a call starts: its first unit is u_first; relative unit v = u - u_first belongs to thread
// (t_origin + v) mod T; its outputs are the elements G v + j - shift of the call (shift: Philox lanes
// of the first unit that an earlier call already produced). Before the call, thread t has moved
// q_base + [t < r_base] words past the state that state_of(t) returns (rebuild: the units below the
// offset; cursor: nothing).
struct call_origin {
  uint32_t threads;
  uint32_t t_origin;
  uint32_t shift;
  uint64_t q_base;
  uint32_t r_base;
};

// Origin of a call at generator offset `offset` right after a rebuild.
inline call_origin rebuilt_origin(uint32_t threads, uint64_t unit_of_offset, uint32_t shift) {
  return {threads, static_cast<uint32_t>(unit_of_offset % threads), shift, unit_of_offset / threads,
          static_cast<uint32_t>(unit_of_offset % threads)};
}

// Fill outputs [pos, pos + n) of a call. Engine: state, word, jump, make_jump(steps, count),
// apply(jump, state&), next(state&) -> word. kernel(words[W], vals[G]) computes one unit. Only the
// touched threads (at most T) are copied and jumped, into local storage: concurrent fills don't interact.
template <class Engine, int W, int G, typename T, class StateOf, class Kernel>
void fill_call(const call_origin& c, StateOf&& state_of, uint64_t pos, size_t n, T* out, Kernel&& kernel) {
  using state = typename Engine::state;
  using word = typename Engine::word;
  if (n == 0) return;
  const uint64_t e_begin = pos + c.shift;  // in unit-aligned element numbering
  const uint64_t e_end = e_begin + n;
  const uint64_t v_begin = e_begin / G;
  const uint64_t v_end = (e_end + G - 1) / G;
  const uint32_t TT = c.threads;
  const uint64_t units = v_end - v_begin;
  const uint32_t slots = units < TT ? static_cast<uint32_t>(units) : TT;
  const uint64_t r0 = v_begin / TT;
  const uint32_t first = static_cast<uint32_t>(v_begin % TT);  // slot i: relative thread first + i
  std::vector<state> work(slots);
  {
    // All touched threads move q_base + W r0 words; then single steps: one for threads below r_base,
    // W for relative threads below `first` (their first unit here is in round r0 + 1).
    const auto j = Engine::make_jump(c.q_base + static_cast<uint64_t>(W) * r0, slots);
    for (uint32_t i = 0; i < slots; ++i) {
      uint32_t rel = first + i;
      const bool later = rel >= TT;
      if (later) rel -= TT;
      uint32_t t = c.t_origin + rel;
      if (t >= TT) t -= TT;
      work[i] = state_of(t);
      Engine::apply(j, work[i]);
      const int extra = (t < c.r_base ? 1 : 0) + (later ? W : 0);
      for (int k = 0; k < extra; ++k) Engine::next(work[i]);
    }
  }
  word words[W];
  T vals[G];
  uint32_t slot = 0;
  for (uint64_t v = v_begin; v < v_end; ++v) {
    state& s = work[slot];
    for (int k = 0; k < W; ++k) words[k] = Engine::next(s);
    kernel(static_cast<const word*>(words), vals);
    const uint64_t e0 = v * G;
    if (e0 >= e_begin && e0 + G <= e_end) {
      for (int j = 0; j < G; ++j) out[e0 - e_begin + j] = vals[j];
    } else {
      for (int j = 0; j < G; ++j)
        if (e0 + j >= e_begin && e0 + j < e_end) out[e0 + j - e_begin] = vals[j];
    }
    if (++slot == slots) slot = 0;
  }
}

// Move each thread W words per unit it completes among `units` consecutive units whose first belongs to
// thread t_origin: units / T each, one more for the first units % T threads from t_origin on.
template <class Engine>
void advance_states(typename Engine::state* states, uint32_t T, uint32_t t_origin, int W, uint64_t units) {
  const uint64_t q = units / T;
  const uint32_t extra = static_cast<uint32_t>(units % T);
  const auto j = Engine::make_jump(q * static_cast<uint64_t>(W), T);
  for (uint32_t rel = 0; rel < T; ++rel) {
    uint32_t t = t_origin + rel;
    if (t >= T) t -= T;
    Engine::apply(j, states[t]);
    if (rel < extra)
      for (int k = 0; k < W; ++k) Engine::next(states[t]);
  }
}

struct xorwow_engine {
  using state = xorwow::state;
  using word = uint32_t;
  static constexpr engine kind = engine::xorwow;
  // A jump of `steps` positions. For many states: M^steps once (a product of popcount(steps) entries of
  // the power table) and its byte table, then 20 lookups per state; for a few states the per-bit
  // products of the power table are cheaper.
  struct jump {
    uint64_t steps = 0;
    std::unique_ptr<xorwow::byte_table> table;  // null: per-state jumps
  };
  static jump make_jump(uint64_t steps, uint32_t count) {
    jump j;
    j.steps = steps;
    if (steps != 0 && count > 128) {
      auto m = std::make_unique<xorwow::matrix>();
      xorwow::jump_matrix(steps, 0, *m);
      j.table = std::make_unique<xorwow::byte_table>();
      xorwow::build_byte_table(*m, *j.table);
    }
    return j;
  }
  static void apply(const jump& j, state& s) {
    if (j.steps == 0) return;
    if (j.table) {
      xorwow::table_vec(*j.table, s.v, s.v);
      s.d += xorwow::kWeyl * static_cast<uint32_t>(j.steps);
    } else {
      xorwow::skip(s, j.steps);
    }
  }
  static word next(state& s) { return xorwow::next(s); }

  // Unit kernels, W words -> G outputs (table above).
  static constexpr int kWordsF64 = 2, kWordsNormalF32 = 2, kWordsNormalF64 = 4;
  static uint32_t u32(const word* w) { return w[0]; }
  static float uniform_f32(const word* w) { return curand_out::uniform_f32(w[0]); }
  static double uniform_f64(const word* w) { return curand_out::uniform_f64_hq(w[0], w[1]); }
  static curand_out::f32x2 normal_f32(const word* w) { return curand_out::box_muller_f32(w[0], w[1]); }
  static curand_out::f64x2 normal_f64(const word* w) { return curand_out::box_muller_f64(w[0], w[1], w[2], w[3]); }
};

struct mrg_engine {
  using state = mrg32k3a::state;
  using word = uint32_t;  // z in [1, m1]
  static constexpr engine kind = engine::mrg32k3a;
  using jump = mrg32k3a::jump;
  static jump make_jump(uint64_t steps, uint32_t) { return mrg32k3a::jump_of(steps); }
  static void apply(const jump& j, state& s) { mrg32k3a::apply(j, s); }
  static word next(state& s) { return mrg32k3a::next(s); }

  static constexpr int kWordsF64 = 1, kWordsNormalF32 = 2, kWordsNormalF64 = 2;
  static uint32_t u32(const word* w) { return mrg32k3a::bits_of(w[0]); }
  static float uniform_f32(const word* w) { return mrg32k3a::uniform_float(w[0]); }
  static double uniform_f64(const word* w) { return mrg32k3a::uniform_double(w[0]); }
  static curand_out::f32x2 normal_f32(const word* w) {
    return curand_out::box_muller_mrg_f32(mrg32k3a::uniform_float(w[0]), mrg32k3a::uniform_float(w[1]));
  }
  static curand_out::f64x2 normal_f64(const word* w) {
    return curand_out::box_muller_mrg_f64(mrg32k3a::uniform_double(w[0]), mrg32k3a::uniform_double(w[1]));
  }
};

// Philox: a thread's state (philox_thread, curand_layout_units.hpp) is its subsequence and counter position; a
// word is a whole counter's block. Lanes: how whole units are filled many at a time (philox_lanes.hpp).
template <class Lanes>
struct basic_philox_engine {
  using lanes = Lanes;
  using state = philox_thread;
  using word = philox::u32x4;
  static constexpr engine kind = engine::philox;
  using jump = uint64_t;
  static jump make_jump(uint64_t steps, uint32_t) { return steps; }
  static void apply(jump j, state& s) { s.counter += j; }
  static word next(state& s) { return philox::block<10>(philox::counter_of(s.subsequence, s.counter++), s.key); }

  static constexpr int kWordsF64 = 2, kWordsNormalF32 = 1, kWordsNormalF64 = 2;
};
using philox_engine = basic_philox_engine<philox_portable_lanes>;

// ---- unit kernels: G outputs from W words ----

template <class Engine, bool Philox = Engine::kind == engine::philox>
struct kernels {  // XORWOW and MRG32k3a: one output per unit, or one Box-Muller pair
  static constexpr int G1 = 1, G2 = 2;
  using word = typename Engine::word;
  struct u32 {
    void operator()(const word* w, uint32_t* v) const { v[0] = Engine::u32(w); }
  };
  struct uniform_f32 {
    void operator()(const word* w, float* v) const { v[0] = Engine::uniform_f32(w); }
  };
  struct uniform_f64 {
    void operator()(const word* w, double* v) const { v[0] = Engine::uniform_f64(w); }
  };
  template <typename T, bool Log>
  struct normal {
    T mean, stddev;
    void operator()(const word* w, T* v) const {
      if constexpr (sizeof(T) == 4) {
        const curand_out::f32x2 z = Engine::normal_f32(w);
        v[0] = Log ? curand_out::lognormal(z.s, mean, stddev) : curand_out::scale(z.s, mean, stddev);
        v[1] = Log ? curand_out::lognormal(z.c, mean, stddev) : curand_out::scale(z.c, mean, stddev);
      } else {
        const curand_out::f64x2 z = Engine::normal_f64(w);
        v[0] = Log ? curand_out::lognormal(z.s, mean, stddev) : curand_out::scale(z.s, mean, stddev);
        v[1] = Log ? curand_out::lognormal(z.c, mean, stddev) : curand_out::scale(z.c, mean, stddev);
      }
    }
  };
};

template <class Engine>
struct kernels<Engine, true> {  // Philox: four outputs per unit
  using word = philox::u32x4;
  struct u32 {
    void operator()(const word* c, uint32_t* v) const {
      for (int i = 0; i < 4; ++i) v[i] = c[0].w[i];
    }
  };
  struct uniform_f32 {
    void operator()(const word* c, float* v) const {
      for (int i = 0; i < 4; ++i) v[i] = curand_out::uniform_f32(c[0].w[i]);
    }
  };
  struct uniform_f64 {  // two counters
    void operator()(const word* c, double* v) const {
      for (int k = 0; k < 2; ++k) {
        v[2 * k] = curand_out::uniform_f64_hq(c[k].w[0], c[k].w[1]);
        v[2 * k + 1] = curand_out::uniform_f64_hq(c[k].w[2], c[k].w[3]);
      }
    }
  };
  template <typename T, bool Log>
  struct normal {
    T mean, stddev;
    void operator()(const word* c, T* v) const {
      for (int k = 0; k < 2; ++k) {
        T s, co;
        if constexpr (sizeof(T) == 4) {  // one counter, two pairs
          const curand_out::f32x2 z = curand_out::box_muller_f32(c[0].w[2 * k], c[0].w[2 * k + 1]);
          s = z.s;
          co = z.c;
        } else {  // two counters, one pair each
          const curand_out::f64x2 z = curand_out::box_muller_f64(c[k].w[0], c[k].w[1], c[k].w[2], c[k].w[3]);
          s = z.s;
          co = z.c;
        }
        v[2 * k] = Log ? curand_out::lognormal(s, mean, stddev) : curand_out::scale(s, mean, stddev);
        v[2 * k + 1] = Log ? curand_out::lognormal(co, mean, stddev) : curand_out::scale(co, mean, stddev);
      }
    }
  };
};

#if GPURNG_PHILOX_LANES
// Philox whole units [v, v + units) of plan p to out (4 outputs a unit) by Engine::lanes: the uniforms and the
// (log-)normals directly, anything else from the lanes' raw words, chunk by chunk, through the unit kernel.
template <class Engine, int W, typename T, class Kernel>
void philox_whole_units(const philox_plan& p, uint64_t v, size_t units, T* out, const Kernel& kernel) {
  using K = kernels<Engine>;
  using L = typename Engine::lanes;
  if constexpr (std::is_same<Kernel, typename K::u32>::value) {
    L::u32(p, v, units, out);
  } else if constexpr (std::is_same<Kernel, typename K::uniform_f32>::value) {
    L::f32(p, v, units, out);
  } else if constexpr (std::is_same<Kernel, typename K::uniform_f64>::value) {
    L::f64(p, v, units, out);
  } else if constexpr (std::is_same<Kernel, typename K::template normal<double, false>>::value) {
    L::normal_f64(p, v, units, out, kernel.mean, kernel.stddev, false);
  } else if constexpr (std::is_same<Kernel, typename K::template normal<double, true>>::value) {
    L::normal_f64(p, v, units, out, kernel.mean, kernel.stddev, true);
  } else if constexpr (std::is_same<Kernel, typename K::template normal<float, false>>::value) {
    L::normal_f32(p, v, units, out, kernel.mean, kernel.stddev, false);
  } else if constexpr (std::is_same<Kernel, typename K::template normal<float, true>>::value) {
    L::normal_f32(p, v, units, out, kernel.mean, kernel.stddev, true);
  } else {
    constexpr size_t kChunk = 128;
    philox::u32x4 blocks[W * kChunk];
    for (size_t done = 0; done < units; done += kChunk) {
      const size_t m = units - done < kChunk ? units - done : kChunk;
      if constexpr (W == 1)
        L::u32(p, v + done, m, &blocks[0].w[0]);
      else
        L::words2(p, v + done, m, &blocks[0].w[0]);
      for (size_t u = 0; u < m; ++u) kernel(&blocks[W * u], out + 4 * (done + u));
    }
  }
}

// fill_call for Philox: the units cut by the range's ends one at a time, the whole ones between them by the lanes.
template <class Engine, int W, typename T, class StateOf, class Kernel>
void philox_fill(const call_origin& c, philox_plan p, StateOf&& state_of, uint64_t pos, size_t n, T* out,
                 const Kernel& kernel) {
  const uint64_t e_begin = pos + c.shift;  // unit-aligned element numbering, as fill_call's
  const uint64_t e_end = e_begin + n;
  const uint64_t v_first = (e_begin + 3) / 4, v_last = e_end / 4;  // whole units [v_first, v_last)
  if (n == 0 || v_last <= v_first) return fill_call<Engine, W, 4>(c, state_of, pos, n, out, kernel);
  const size_t head = static_cast<size_t>(4 * v_first - e_begin);
  const size_t body = static_cast<size_t>(4 * (v_last - v_first));
  if (head) fill_call<Engine, W, 4>(c, state_of, pos, head, out, kernel);
  p.threads = c.threads;
  p.t_origin = c.t_origin;
  p.r_base = c.r_base;
  p.q_base = c.q_base;
  philox_whole_units<Engine, W>(p, v_first, static_cast<size_t>(v_last - v_first), out + head, kernel);
  if (head + body < n)
    fill_call<Engine, W, 4>(c, state_of, pos + head + body, n - head - body, out + head + body, kernel);
}
#endif

// The seven fills over a call origin; Self provides origin(...) and state_of(t) (Philox: also philox_base(), the
// plan's key and base states).
template <class Engine, class Self, class... OriginArgs>
class call_fills {
  using K = kernels<Engine>;
  static constexpr int G = Engine::kind == engine::philox ? 4 : 1;   // u32 / uniforms
  static constexpr int GN = Engine::kind == engine::philox ? 4 : 2;  // normals

 public:
  void fill_u32(OriginArgs... a, uint64_t pos, size_t n, uint32_t* out) const {
    run<1, G>(a..., pos, n, out, typename K::u32{});
  }
  void fill_uniform(OriginArgs... a, uint64_t pos, size_t n, float* out) const {
    run<1, G>(a..., pos, n, out, typename K::uniform_f32{});
  }
  void fill_uniform(OriginArgs... a, uint64_t pos, size_t n, double* out) const {
    run<Engine::kWordsF64, G>(a..., pos, n, out, typename K::uniform_f64{});
  }
  void fill_normal(OriginArgs... a, uint64_t pos, size_t n, float* out, float mean, float stddev) const {
    run<Engine::kWordsNormalF32, GN>(a..., pos, n, out, typename K::template normal<float, false>{mean, stddev});
  }
  void fill_normal(OriginArgs... a, uint64_t pos, size_t n, double* out, double mean, double stddev) const {
    run<Engine::kWordsNormalF64, GN>(a..., pos, n, out, typename K::template normal<double, false>{mean, stddev});
  }
  void fill_lognormal(OriginArgs... a, uint64_t pos, size_t n, float* out, float mean, float stddev) const {
    run<Engine::kWordsNormalF32, GN>(a..., pos, n, out, typename K::template normal<float, true>{mean, stddev});
  }
  void fill_lognormal(OriginArgs... a, uint64_t pos, size_t n, double* out, double mean, double stddev) const {
    run<Engine::kWordsNormalF64, GN>(a..., pos, n, out, typename K::template normal<double, true>{mean, stddev});
  }

 private:
  template <int W, int GG, typename T, class Kernel>
  void run(OriginArgs... a, uint64_t pos, size_t n, T* out, const Kernel& kernel) const {
    const Self& self = static_cast<const Self&>(*this);
    const auto state_of = [&self](uint32_t t) { return self.state_of(t); };
#if GPURNG_PHILOX_LANES
    if constexpr (Engine::kind == engine::philox) {
      philox_fill<Engine, W>(self.origin(a...), self.philox_base(), state_of, pos, n, out, kernel);
      return;
    }
#endif
    fill_call<Engine, W, GG>(self.origin(a...), state_of, pos, n, out, kernel);
  }
};

}  // namespace detail

// ======================================================================================================
// Live thread positions between calls (what cuRAND's host generator keeps). offset() is the generator
// offset of the next call; fills address that call's outputs from 0.
template <class Engine>
class call_cursor : public detail::call_fills<Engine, call_cursor<Engine>> {
 public:
  using state = typename Engine::state;
  call_cursor(std::vector<state> states, uint64_t offset) : states_(std::move(states)), offset_(offset) {}
  uint64_t offset() const { return offset_; }
  uint32_t threads() const { return static_cast<uint32_t>(states_.size()); }
  const state* states() const { return states_.data(); }

  // Past a call of n outputs of type o (for XORWOW/MRG32k3a normals n must be even, as cuRAND requires).
  void advance(output o, uint64_t n) {
    const int W = words_per_unit(Engine::kind, o);
    const uint32_t T = threads();
    if (Engine::kind == engine::philox) {
      // units completed: those whose last lane lies in [offset, offset + n)
      const uint64_t first = offset_ / 4;
      detail::advance_states<Engine>(states_.data(), T, static_cast<uint32_t>(first % T), W, (offset_ + n) / 4 - first);
      offset_ += n;
    } else {
      const uint64_t per_unit = static_cast<uint64_t>(outputs_per_unit(Engine::kind, o));
      if (n % per_unit) throw std::invalid_argument("call_cursor::advance: odd count of normals");
      detail::advance_states<Engine>(states_.data(), T, static_cast<uint32_t>(offset_ % T), W, n / per_unit);
      offset_ += n / per_unit;
    }
  }

  // for call_fills
  detail::call_origin origin() const {
    if (Engine::kind == engine::philox)
      return {threads(), static_cast<uint32_t>((offset_ / 4) % threads()), static_cast<uint32_t>(offset_ % 4), 0, 0};
    return {threads(), static_cast<uint32_t>(offset_ % threads()), 0, 0, 0};
  }
  const state& state_of(uint32_t t) const { return states_[t]; }
  detail::philox_plan philox_base() const {  // Philox only (every thread has the seed's key)
    detail::philox_plan p{};
    p.key = states_[0].key;
    p.states = states_.data();
    return p;
  }

 private:
  std::vector<state> states_;
  uint64_t offset_;
};

// Common part of the per-seed streams. Self provides threads() and start_state(t).
template <class Engine, class Self>
class stream_base : public detail::call_fills<Engine, Self, uint64_t> {
 public:
  // The call's origin right after a rebuild at generator offset `offset`.
  detail::call_origin origin(uint64_t offset) const {
    const Self& self = static_cast<const Self&>(*this);
    if (Engine::kind == engine::philox)
      return detail::rebuilt_origin(self.threads(), offset / 4, static_cast<uint32_t>(offset % 4));
    return detail::rebuilt_origin(self.threads(), offset, 0);
  }
  typename Engine::state state_of(uint32_t t) const { return static_cast<const Self&>(*this).start_state(t); }

  // The positions a rebuild at `offset` gives: thread t one word past its start per unit below unit(offset).
  call_cursor<Engine> cursor_at(uint64_t offset) const {
    const Self& self = static_cast<const Self&>(*this);
    const uint32_t T = self.threads();
    std::vector<typename Engine::state> s(T);
    for (uint32_t t = 0; t < T; ++t) s[t] = self.start_state(t);
    const uint64_t u = Engine::kind == engine::philox ? offset / 4 : offset;
    detail::advance_states<Engine>(s.data(), T, 0, 1, u);
    return call_cursor<Engine>(std::move(s), offset);
  }
};

// ---- XORWOW: DEFAULT = BEST = LEGACY (SEEDED, an unpublished per-thread seeding, is not provided) ----
class xorwow_stream : public stream_base<detail::xorwow_engine, xorwow_stream> {
 public:
  // Thread t walks subsequence first_subsequence + t (gpurngSetGeneratorStream: stream k starts at k T).
  xorwow_stream(uint64_t seed, ordering ord, uint64_t first_subsequence = 0) : seed_(seed), starts_(kXorwowThreads) {
    if (ord != ordering::best && ord != ordering::dflt && ord != ordering::legacy)
      throw std::invalid_argument("xorwow_stream: ordering not supported");
    // Thread t starts 2^67 t steps into the seed's stream: one product with M^(2^67) per thread, through
    // that matrix's byte table. A 2^67 jump leaves the counter d as it is (362437 * 2^67 = 0 mod 2^32).
    auto table = std::make_unique<xorwow::byte_table>();
    xorwow::build_byte_table(xorwow::powers().pow2[xorwow::kSubsequenceLog2], *table);
    starts_[0] = xorwow::seed_state(seed);
    if (first_subsequence != 0) xorwow::skip_subsequence(starts_[0], first_subsequence);
    for (uint32_t t = 1; t < kXorwowThreads; ++t) {
      starts_[t] = starts_[t - 1];
      xorwow::table_vec(*table, starts_[t].v, starts_[t].v);
    }
  }
  uint64_t seed() const { return seed_; }
  uint32_t threads() const { return kXorwowThreads; }
  const xorwow::state& start_state(uint32_t t) const { return starts_[t]; }

 private:
  uint64_t seed_;
  std::vector<xorwow::state> starts_;
};
using xorwow_cursor = call_cursor<detail::xorwow_engine>;

// ---- MRG32k3a: BEST = DEFAULT (81920 threads), LEGACY (4096 threads) ----
class mrg32k3a_stream : public stream_base<detail::mrg_engine, mrg32k3a_stream> {
 public:
  mrg32k3a_stream(uint64_t seed, ordering ord, uint64_t first_subsequence = 0) : seed_(seed) {
    uint32_t T = 0;
    if (ord == ordering::best || ord == ordering::dflt)
      T = kMrgThreadsDefault;
    else if (ord == ordering::legacy)
      T = kMrgThreadsLegacy;
    else
      throw std::invalid_argument("mrg32k3a_stream: ordering not supported");
    starts_.resize(T);
    // Thread t starts 2^76 t steps in: one product with A^(2^76) (per component) per thread.
    const mrg32k3a::jump& j = subsequence_jump();
    starts_[0] = mrg32k3a::seed_state(seed);
    if (first_subsequence != 0) mrg32k3a::skip_subsequence(starts_[0], first_subsequence);
    for (uint32_t t = 1; t < T; ++t) {
      starts_[t] = starts_[t - 1];
      mrg32k3a::apply(j, starts_[t]);
    }
  }
  uint64_t seed() const { return seed_; }
  uint32_t threads() const { return static_cast<uint32_t>(starts_.size()); }
  const mrg32k3a::state& start_state(uint32_t t) const { return starts_[t]; }

  // A^(2^76) for both components: 76 squarings, once per process.
  static const mrg32k3a::jump& subsequence_jump() {
    static const mrg32k3a::jump j = mrg32k3a::jump_of_pow2(mrg32k3a::kSubsequenceLog2, 1);
    return j;
  }

 private:
  uint64_t seed_;
  std::vector<mrg32k3a::state> starts_;
};
using mrg32k3a_cursor = call_cursor<detail::mrg_engine>;

// ---- Philox4_32_10: DEFAULT = BEST = LEGACY; no set-up beyond the key ----
// (Engine: detail::philox_engine, or the library's with its instruction-set copies of the lanes.)
template <class Engine>
class basic_philox_stream : public stream_base<Engine, basic_philox_stream<Engine>> {
 public:
  explicit basic_philox_stream(uint64_t seed, ordering ord = ordering::dflt, uint64_t first_subsequence = 0)
      : seed_(seed), first_(first_subsequence), key_(philox::key_of_seed(seed)) {
    if (ord != ordering::best && ord != ordering::dflt && ord != ordering::legacy)
      throw std::invalid_argument("philox_stream: ordering not supported");
  }
  uint64_t seed() const { return seed_; }
  uint32_t threads() const { return kPhiloxThreads; }
  detail::philox_thread start_state(uint32_t t) const { return {0, first_ + t, key_}; }
  detail::philox_plan philox_base() const {
    detail::philox_plan p{};
    p.key = key_;
    p.first_subsequence = first_;
    return p;
  }

 private:
  uint64_t seed_;
  uint64_t first_;
  philox::key2 key_;
};
using philox_stream = basic_philox_stream<detail::philox_engine>;
using philox_cursor = call_cursor<detail::philox_engine>;

}  // namespace curand_layout
}  // namespace gpurng
