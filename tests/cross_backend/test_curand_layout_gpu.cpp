// SPDX-License-Identifier: BSD-3-Clause
// The CUDA fills of cuRAND's layouts and Sobol' sets (src/backends/cuda/curand_layout_device.hpp) against
// the host fills they reproduce (curand_layout::detail::fill_call through the streams and cursors of
// curand_layout.hpp; sobol::fill*), for every engine, ordering and output type: offsets around the layout
// wraps (T k +- 1), Philox offsets inside a group of 4, far offsets, calls cut into pieces at unaligned
// addresses, cursor states after calls of other widths, positions kept on the device (XORWOW, MRG32k3a), Sobol'
// with 20000 dimensions and offsets around 2^32. Every output type must be equal bit for bit, normals and log-normals
// too: both sides evaluate log, sin/cos, exp and erfcinv through include/gpurng/distributions/portable_math.hpp. Exits
// with 77 (CTest: skipped) where no GPU is usable.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "backends/cuda/curand_layout_device.hpp"
#include "fill/curand_layout.hpp"
#include "gpurng/engines/sobol.hpp"

namespace {

namespace cl = gpurng::curand_layout;
namespace gc = gpurng::cuda;
using cl::output;

constexpr output kOutputs[] = {output::u32,        output::uniform_f32,   output::uniform_f64,  output::normal_f32,
                               output::normal_f64, output::lognormal_f32, output::lognormal_f64};

const char* name_of(output o) {
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

size_t elem_size(output o) {
  return (o == output::u32 || o == output::uniform_f32 || o == output::normal_f32 || o == output::lognormal_f32) ? 4
                                                                                                                 : 8;
}

constexpr double kMean = 0.25, kStddev = 1.5;

// Normals compared, and those whose bits differ (printed at the end).
size_t g_normals = 0, g_normals_inexact = 0;

// Device buffer of bytes, poisoned before each use.
struct DeviceBuffer {
  void* p = nullptr;
  size_t bytes = 0;
  explicit DeviceBuffer(size_t b) : bytes(b) {
    EXPECT_EQ(cudaMalloc(&p, b ? b : 1), cudaSuccess);
    EXPECT_EQ(cudaMemset(p, 0xA5, b ? b : 1), cudaSuccess);
  }
  ~DeviceBuffer() { cudaFree(p); }
  std::vector<unsigned char> download(size_t offset, size_t b) const {
    std::vector<unsigned char> h(b);
    EXPECT_EQ(cudaMemcpy(h.data(), static_cast<const char*>(p) + offset, b, cudaMemcpyDeviceToHost), cudaSuccess);
    return h;
  }
};

// Equal bits. `exact` is false for normals and log-normals, which are also counted for the summary line.
template <typename T>
::testing::AssertionResult close_values(const T* got, const T* want, size_t n, bool exact) {
  size_t bad = 0, first_bad = n;
  if (!exact) g_normals += n;
  for (size_t i = 0; i < n; ++i) {
    const bool ok = std::memcmp(&got[i], &want[i], sizeof(T)) == 0;
    if (!ok && !exact) ++g_normals_inexact;
    if (!ok) {
      if (bad == 0) first_bad = i;
      ++bad;
    }
  }
  if (bad == 0) return ::testing::AssertionSuccess();
  char buf[200];
  std::snprintf(buf, sizeof buf, "%zu of %zu differ; first at %zu: got %.17g want %.17g", bad, n, first_bad,
                static_cast<double>(got[first_bad]), static_cast<double>(want[first_bad]));
  return ::testing::AssertionFailure() << buf;
}

::testing::AssertionResult same_outputs(output o, const std::vector<unsigned char>& got,
                                        const std::vector<unsigned char>& want, size_t n) {
  const bool exact = !cl::is_normal(o);
  if (elem_size(o) == 4) {
    if (o == output::u32)
      return close_values(reinterpret_cast<const uint32_t*>(got.data()), reinterpret_cast<const uint32_t*>(want.data()),
                          n, true);
    return close_values(reinterpret_cast<const float*>(got.data()), reinterpret_cast<const float*>(want.data()), n,
                        exact);
  }
  return close_values(reinterpret_cast<const double*>(got.data()), reinterpret_cast<const double*>(want.data()), n,
                      exact);
}

// Host reference: the fills of a stream (at an offset) or of a cursor, for output o.
template <class Fills, class... Origin>
void host_fill(const Fills& f, output o, uint64_t pos, size_t n, void* out, Origin... origin) {
  switch (o) {
    case output::u32:
      f.fill_u32(origin..., pos, n, static_cast<uint32_t*>(out));
      break;
    case output::uniform_f32:
      f.fill_uniform(origin..., pos, n, static_cast<float*>(out));
      break;
    case output::uniform_f64:
      f.fill_uniform(origin..., pos, n, static_cast<double*>(out));
      break;
    case output::normal_f32:
      f.fill_normal(origin..., pos, n, static_cast<float*>(out), static_cast<float>(kMean),
                    static_cast<float>(kStddev));
      break;
    case output::normal_f64:
      f.fill_normal(origin..., pos, n, static_cast<double*>(out), kMean, kStddev);
      break;
    case output::lognormal_f32:
      f.fill_lognormal(origin..., pos, n, static_cast<float*>(out), static_cast<float>(kMean),
                       static_cast<float>(kStddev));
      break;
    case output::lognormal_f64:
      f.fill_lognormal(origin..., pos, n, static_cast<double*>(out), kMean, kStddev);
      break;
  }
}

// Device states of a stream's start states, uploaded once per stream.
template <class Stream>
struct DeviceStream {
  const Stream& s;
  cl::engine e;
  gc::LayoutStates* states = nullptr;
  DeviceStream(const Stream& stream, cl::engine engine) : s(stream), e(engine) {
    std::vector<typename std::decay<decltype(stream.start_state(0))>::type> starts(s.threads());
    for (uint32_t t = 0; t < s.threads(); ++t) starts[t] = s.start_state(t);
    EXPECT_EQ(gc::layout_states_upload(e, starts.data(), s.threads(), &states), GPURNG_STATUS_SUCCESS);
  }
  ~DeviceStream() { gc::layout_states_free(states); }

  // Outputs [pos, pos + n) of a call at `offset` right after a rebuild, cut into `pieces` device calls, each
  // written at its place in one buffer that starts `skew` elements into an allocation (unaligned when odd).
  ::testing::AssertionResult check(output o, uint64_t offset, uint64_t pos, size_t n, int pieces = 1,
                                   size_t skew = 0) const {
    const size_t es = elem_size(o);
    std::vector<unsigned char> want(n * es);
    host_fill(s, o, pos, n, want.data(), offset);
    DeviceBuffer d((n + skew) * es);
    char* out = static_cast<char*>(d.p) + skew * es;
    const cl::detail::call_origin c = s.origin(offset);
    size_t done = 0;
    for (int k = 0; k < pieces; ++k) {
      const size_t part = k + 1 == pieces ? n - done : n / pieces + (k % 3);
      const gpurngStatus_t st =
          gc::layout_fill(e, c, states, pos + done, part, o, out + done * es, kMean, kStddev, nullptr);
      if (st != GPURNG_STATUS_SUCCESS) return ::testing::AssertionFailure() << "layout_fill status " << st;
      done += part;
    }
    return same_outputs(o, d.download(skew * es, n * es), want, n)
           << " [" << name_of(o) << " offset " << offset << " pos " << pos << " n " << n << " pieces " << pieces
           << " skew " << skew << "]";
  }
};

template <class Cursor>
::testing::AssertionResult check_cursor(const Cursor& cur, cl::engine e, output o, uint64_t pos, size_t n) {
  const size_t es = elem_size(o);
  std::vector<unsigned char> want(n * es);
  host_fill(cur, o, pos, n, want.data());
  gc::LayoutStates* states = nullptr;
  if (gc::layout_states_upload(e, cur.states(), cur.threads(), &states) != GPURNG_STATUS_SUCCESS)
    return ::testing::AssertionFailure() << "upload failed";
  DeviceBuffer d(n * es);
  const gpurngStatus_t st = gc::layout_fill(e, cur.origin(), states, pos, n, o, d.p, kMean, kStddev, nullptr);
  gc::layout_states_free(states);
  if (st != GPURNG_STATUS_SUCCESS) return ::testing::AssertionFailure() << "layout_fill status " << st;
  return same_outputs(o, d.download(0, n * es), want, n)
         << " [cursor at " << cur.offset() << ", " << name_of(o) << " pos " << pos << " n " << n << "]";
}

// Offsets around the wraps of a layout of T threads, and far ones.
std::vector<uint64_t> offsets_for(uint32_t T, bool philox) {
  const uint64_t unit = philox ? 4 : 1;  // Philox offsets count outputs, 4 per unit
  std::vector<uint64_t> v = {
      0, 1, unit * T - 1, unit * T, unit * T + 1, unit * 3 * T - 1, unit * 3 * T + 1, 1000000000003ull};
  if (philox) {
    v.push_back(2);
    v.push_back(3);
    v.push_back(4 * uint64_t{T} + 2);
    v.push_back(1000000000002ull);
  }
  return v;
}

template <class Stream>
void every_output_and_offset(const Stream& s, cl::engine e, bool philox) {
  const DeviceStream<Stream> d(s, e);
  const uint32_t T = s.threads();
  for (output o : kOutputs) {
    const bool pairs = !philox && cl::is_normal(o);  // XORWOW/MRG32k3a normals come in whole pairs
    for (uint64_t off : offsets_for(T, philox)) {
      EXPECT_TRUE(d.check(o, off, 0, pairs ? 2 * T + 6 : T + 7));
      EXPECT_TRUE(d.check(o, off, pairs ? 2 * T - 2 : T - 1, pairs ? 10 : 5));
    }
    // Many chunks per logical thread (the split of each thread's units over GPU threads).
    EXPECT_TRUE(d.check(o, 5, 0, 1000002));
    EXPECT_TRUE(d.check(o, 1000000000003ull, pairs ? 1234 : 1233, 3 * size_t{T} * 40 + 2));
    // Cut into pieces at unaligned addresses.
    EXPECT_TRUE(d.check(o, 7, pairs ? 6 : 3, 300002, 5, 1));
    EXPECT_TRUE(d.check(o, 0, 0, 1 << 17, 4, 3));
  }
  // Long calls of integers and uniforms (most chunks, all bit-exact).
  EXPECT_TRUE(d.check(output::u32, 0, 0, (size_t{1} << 25) + 3));
  EXPECT_TRUE(d.check(output::uniform_f64, 123456789, 17, (size_t{1} << 23) + 5));
}

TEST(CurandLayoutGpu, XorwowEveryOutputAndOffset) {
  const cl::xorwow_stream s(20240601, cl::ordering::dflt);
  every_output_and_offset(s, cl::engine::xorwow, false);
}
TEST(CurandLayoutGpu, Mrg32k3aDefaultEveryOutputAndOffset) {
  const cl::mrg32k3a_stream s(987654321, cl::ordering::dflt);
  every_output_and_offset(s, cl::engine::mrg32k3a, false);
}
TEST(CurandLayoutGpu, Mrg32k3aLegacyEveryOutputAndOffset) {
  const cl::mrg32k3a_stream s(42, cl::ordering::legacy);
  every_output_and_offset(s, cl::engine::mrg32k3a, false);
}
TEST(CurandLayoutGpu, PhiloxEveryOutputAndOffset) {
  const cl::philox_stream s(0x0123456789ABCDEFull);
  every_output_and_offset(s, cl::engine::philox, true);
}

// After calls of other widths each thread stands elsewhere: the cursor's live states.
template <class Stream>
void cursors(const Stream& s, cl::engine e, bool philox) {
  auto cur = s.cursor_at(philox ? 4 * uint64_t{s.threads()} + 3 : s.threads() + 5);
  cur.advance(output::uniform_f32, 123457 - (philox ? 0 : 1));
  cur.advance(output::normal_f64, 2 * 7777);
  cur.advance(output::uniform_f64, philox ? 4 * 999 + 1 : 999);
  for (output o : kOutputs) {
    EXPECT_TRUE(check_cursor(cur, e, o, 0, 2 * size_t{s.threads()} + 10));
    EXPECT_TRUE(check_cursor(cur, e, o, 6, 500002));
  }
  auto far = s.cursor_at(1000000000003ull);
  far.advance(output::normal_f32, 2 * size_t{s.threads()} + 2);
  for (output o : kOutputs) EXPECT_TRUE(check_cursor(far, e, o, 0, 300000));
}

TEST(CurandLayoutGpu, XorwowCursor) { cursors(cl::xorwow_stream(7, cl::ordering::dflt), cl::engine::xorwow, false); }
TEST(CurandLayoutGpu, Mrg32k3aCursor) {
  cursors(cl::mrg32k3a_stream(7, cl::ordering::dflt), cl::engine::mrg32k3a, false);
  cursors(cl::mrg32k3a_stream(8, cl::ordering::legacy), cl::engine::mrg32k3a, false);
}
TEST(CurandLayoutGpu, PhiloxCursor) { cursors(cl::philox_stream(7), cl::engine::philox, true); }

// Positions kept on the device (layout_live_*): set up inside a run of calls since a rebuild, then moved by
// whole calls of every output and many sizes (one chunk per thread, moved in place, and many, moved through the
// second buffer), each against a host cursor moved alike; then set up again from that cursor's states.
template <class Stream>
void live_positions(const Stream& s, cl::engine e) {
  const DeviceStream<Stream> d(s, e);
  const uint32_t T = s.threads();
  const uint64_t off = T + 5;
  const size_t done = 3 * size_t{T} + 17;  // u32 outputs made since the rebuild at `off`
  auto cur = s.cursor_at(off);
  cur.advance(output::u32, done);
  gc::LayoutStates* live = nullptr;
  uint32_t t_next = 0;
  ASSERT_EQ(gc::layout_live_init(e, s.origin(off), d.states, done, output::u32, &live, &t_next, nullptr),
            GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(t_next, (off + done) % T);
  struct Step {
    output o;
    size_t n;
  };
  const Step steps[] = {{output::u32, 1000},
                        {output::u32, 1},
                        {output::normal_f32, 2 * size_t{T} + 6},
                        {output::uniform_f64, 1000003},
                        {output::normal_f64, 10},
                        {output::lognormal_f32, 4000002},
                        {output::uniform_f32, 33},
                        {output::u32, (size_t{1} << 22) + 1},
                        {output::lognormal_f64, 2},
                        {output::normal_f64, 600002}};
  int k = 0;
  for (const Step& st : steps) {
    const size_t es = elem_size(st.o);
    std::vector<unsigned char> want(st.n * es);
    host_fill(cur, st.o, 0, st.n, want.data());
    DeviceBuffer out(st.n * es);
    ASSERT_EQ(gc::layout_live_fill(e, t_next, live, st.n, st.o, out.p, kMean, kStddev, nullptr), GPURNG_STATUS_SUCCESS);
    EXPECT_TRUE(same_outputs(st.o, out.download(0, st.n * es), want, st.n))
        << " [live step " << k << ", " << name_of(st.o) << " n " << st.n << "]";
    cur.advance(st.o, st.n);
    t_next = static_cast<uint32_t>((t_next + st.n / cl::outputs_per_unit(e, st.o)) % T);
    ++k;
  }
  // Set up again from the cursor (base states = its states, no jump): the same positions.
  gc::LayoutStates* from_cursor = nullptr;
  ASSERT_EQ(gc::layout_states_upload(e, cur.states(), T, &from_cursor), GPURNG_STATUS_SUCCESS);
  gc::LayoutStates* again = nullptr;
  uint32_t t_again = 0;
  ASSERT_EQ(gc::layout_live_init(e, cur.origin(), from_cursor, 0, output::normal_f32, &again, &t_again, nullptr),
            GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(t_again, t_next);
  const size_t n = 2 * size_t{T} + 2;
  DeviceBuffer x(n * 4), y(n * 4);
  ASSERT_EQ(gc::layout_live_fill(e, t_next, live, n, output::normal_f32, x.p, kMean, kStddev, nullptr),
            GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gc::layout_live_fill(e, t_again, again, n, output::normal_f32, y.p, kMean, kStddev, nullptr),
            GPURNG_STATUS_SUCCESS);
  EXPECT_TRUE(same_outputs(output::normal_f32, x.download(0, n * 4), y.download(0, n * 4), n));
  gc::layout_states_free(again);
  gc::layout_states_free(from_cursor);
  gc::layout_states_free(live);
}

TEST(CurandLayoutGpu, XorwowLivePositions) {
  live_positions(cl::xorwow_stream(99, cl::ordering::dflt), cl::engine::xorwow);
}
TEST(CurandLayoutGpu, Mrg32k3aLivePositions) {
  live_positions(cl::mrg32k3a_stream(99, cl::ordering::dflt), cl::engine::mrg32k3a);
  live_positions(cl::mrg32k3a_stream(98, cl::ordering::legacy), cl::engine::mrg32k3a);
}

TEST(CurandLayoutGpu, BadArguments) {
  const cl::philox_stream s(1);
  const DeviceStream<cl::philox_stream> d(s, cl::engine::philox);
  DeviceBuffer b(64);
  // states of another engine or size
  EXPECT_EQ(gc::layout_fill(cl::engine::xorwow, s.origin(0), d.states, 0, 4, output::u32, b.p, 0, 1, nullptr),
            GPURNG_STATUS_INTERNAL_ERROR);
  EXPECT_EQ(gc::layout_fill(cl::engine::philox, s.origin(0), d.states, 0, 4, output::u32, nullptr, 0, 1, nullptr),
            GPURNG_STATUS_NULL_POINTER);
  EXPECT_EQ(gc::layout_fill(cl::engine::philox, s.origin(0), d.states, 0, 0, output::u32, nullptr, 0, 1, nullptr),
            GPURNG_STATUS_SUCCESS);
  // Philox keeps no positions on the device (its positions are counters)
  gc::LayoutStates* live = nullptr;
  uint32_t t_next = 0;
  EXPECT_EQ(gc::layout_live_init(cl::engine::philox, s.origin(0), d.states, 0, output::u32, &live, &t_next, nullptr),
            GPURNG_STATUS_INTERNAL_ERROR);
  EXPECT_EQ(live, nullptr);
  EXPECT_EQ(gc::sobol_fill(gpurng::sobol::Kind::sobol32, 0, 0, 4, gc::SobolOutput::bits, b.p, 0, 1, nullptr),
            GPURNG_STATUS_OUT_OF_RANGE);
  EXPECT_EQ(gc::sobol_fill(gpurng::sobol::Kind::sobol32, 3, 0, 4, gc::SobolOutput::bits, b.p, 0, 1, nullptr),
            GPURNG_STATUS_LENGTH_NOT_MULTIPLE);
}

// ---- Sobol' ----

constexpr gc::SobolOutput kSobolOutputs[] = {gc::SobolOutput::bits,         gc::SobolOutput::uniform_f32,
                                             gc::SobolOutput::uniform_f64,  gc::SobolOutput::normal_f32,
                                             gc::SobolOutput::normal_f64,   gc::SobolOutput::lognormal_f32,
                                             gc::SobolOutput::lognormal_f64};

template <typename W>
::testing::AssertionResult sobol_check(const gpurng::sobol::direction_table<W>& t, gc::SobolOutput o, unsigned dims,
                                       uint64_t offset, size_t per) {
  namespace sb = gpurng::sobol;
  const size_t n = per * dims;
  const bool f32 =
      o == gc::SobolOutput::uniform_f32 || o == gc::SobolOutput::normal_f32 || o == gc::SobolOutput::lognormal_f32;
  const size_t es = o == gc::SobolOutput::bits ? sizeof(W) : (f32 ? 4 : 8);
  std::vector<unsigned char> want(n * es);
  const float mf = static_cast<float>(kMean), sf = static_cast<float>(kStddev);
  void* w = want.data();
  switch (o) {
    case gc::SobolOutput::bits:
      sb::fill(t, dims, offset, n, static_cast<W*>(w));
      break;
    case gc::SobolOutput::uniform_f32:
      sb::fill(t, dims, offset, n, static_cast<float*>(w));
      break;
    case gc::SobolOutput::uniform_f64:
      sb::fill(t, dims, offset, n, static_cast<double*>(w));
      break;
    case gc::SobolOutput::normal_f32:
      sb::fill_normal(t, dims, offset, n, static_cast<float*>(w), mf, sf);
      break;
    case gc::SobolOutput::normal_f64:
      sb::fill_normal(t, dims, offset, n, static_cast<double*>(w), kMean, kStddev);
      break;
    case gc::SobolOutput::lognormal_f32:
      sb::fill_log_normal(t, dims, offset, n, static_cast<float*>(w), mf, sf);
      break;
    case gc::SobolOutput::lognormal_f64:
      sb::fill_log_normal(t, dims, offset, n, static_cast<double*>(w), kMean, kStddev);
      break;
  }
  DeviceBuffer d(n * es);
  const gpurngStatus_t st = gc::sobol_fill(t.kind, dims, offset, n, o, d.p, kMean, kStddev, nullptr);
  if (st != GPURNG_STATUS_SUCCESS) return ::testing::AssertionFailure() << "sobol_fill status " << st;
  const std::vector<unsigned char> got = d.download(0, n * es);
  const bool exact =
      o == gc::SobolOutput::bits || o == gc::SobolOutput::uniform_f32 || o == gc::SobolOutput::uniform_f64;
  ::testing::AssertionResult r = ::testing::AssertionSuccess();
  if (o == gc::SobolOutput::bits)
    r = close_values(reinterpret_cast<const W*>(got.data()), reinterpret_cast<const W*>(want.data()), n, true);
  else if (f32)
    r = close_values(reinterpret_cast<const float*>(got.data()), reinterpret_cast<const float*>(want.data()), n, exact);
  else
    r = close_values(reinterpret_cast<const double*>(got.data()), reinterpret_cast<const double*>(want.data()), n,
                     exact);
  return r << " [kind " << static_cast<int>(t.kind) << " output " << static_cast<int>(o) << " dims " << dims
           << " offset " << offset << " per " << per << "]";
}

template <typename W>
void sobol_all(const gpurng::sobol::direction_table<W>& t) {
  const uint64_t p32 = uint64_t{1} << 32;
  for (gc::SobolOutput o : kSobolOutputs) {
    for (uint64_t off : {uint64_t{0}, uint64_t{5}, p32 - 2, p32, p32 + 2, 3 * p32 - 1})
      for (unsigned dims : {1u, 3u, 20000u}) EXPECT_TRUE(sobol_check(t, o, dims, off, dims == 20000 ? 5 : 1003));
    const bool exact = o == gc::SobolOutput::bits || o == gc::SobolOutput::uniform_f32 ||
                       o == gc::SobolOutput::uniform_f64;  // normals cost the host more: fewer of them
    EXPECT_TRUE(sobol_check(t, o, 1, 7, (size_t{1} << (exact ? 22 : 18)) + 1));
    EXPECT_TRUE(sobol_check(t, o, 20000, 123, 70));
    // Offsets and lengths that are multiples of 4 take the four-points-per-store kernel, across the wrap at
    // 2^32 too; the cases above take the one-point kernel.
    for (uint64_t off : {uint64_t{0}, uint64_t{4}, p32 - 1024, p32 + 8})
      for (unsigned dims : {1u, 3u}) EXPECT_TRUE(sobol_check(t, o, dims, off, 2052));
    EXPECT_TRUE(sobol_check(t, o, 20000, 8, 12));
  }
  EXPECT_TRUE(sobol_check(t, gc::SobolOutput::bits, 2, p32 - (uint64_t{1} << 23), uint64_t{1} << 24));
}

TEST(CurandLayoutGpu, Sobol32) { sobol_all(gpurng::sobol::shared_table32(false)); }
TEST(CurandLayoutGpu, ScrambledSobol32) { sobol_all(gpurng::sobol::shared_table32(true)); }
TEST(CurandLayoutGpu, Sobol64) { sobol_all(gpurng::sobol::shared_table64(false)); }
TEST(CurandLayoutGpu, ScrambledSobol64) { sobol_all(gpurng::sobol::shared_table64(true)); }

}  // namespace

int main(int argc, char** argv) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::printf("no usable GPU: skipping the cuRAND-layout GPU tests\n");
    return 77;
  }
  ::testing::InitGoogleTest(&argc, argv);
  const int rc = RUN_ALL_TESTS();
  std::printf("normals and log-normals compared: %zu, with bits differing from the host: %zu\n", g_normals,
              g_normals_inexact);
  return rc;
}
