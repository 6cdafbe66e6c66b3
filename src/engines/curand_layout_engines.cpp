// SPDX-License-Identifier: BSD-3-Clause
// XORWOW, MRG32k3a and Philox4_32_10 behind the C API, in cuRAND's host-API layouts
// (src/fill/curand_layout.hpp explains the model: T logical threads, units of W words per output type,
// thread positions kept between calls).
//
// Cost model. After a rebuild (SetGeneratorOffset, a seed or ordering change) every call whose type has
// the same width W as the calls before it since the rebuild is a fill "from the rebuild": the seed's start
// states plus counting, with nothing per thread to keep. Only when a call of another width follows does
// the engine materialise a call_cursor (T live thread positions, the cost of T jumps) and move it on after
// each call, until the next rebuild. Device fills get the start states (uploaded once per seed and
// ordering) or the cursor's states (uploaded when they moved) with the call's origin. Whole device calls of
// XORWOW and MRG32k3a (device memory, and host calls made on the GPU in one slab) run instead from positions
// kept on the device, as cuRAND keeps them: set up from those base states by one kernel after anything else
// moved them, then moved by each call's own fill, so that a run of such calls pays no per-call jumps.
//
// Flat streams: the uniform outputs (u32, float, double) take one unit per output (Philox: one element), so
// calls of one of them continue one stream; the ring serves them through fill_ahead_* (prepare() sets up
// the rebuild or cursor exactly as the direct call would) and advance().
#if defined(__x86_64__) && defined(__GNUC__)
// GCC 12's AVX-512 intrinsics (_mm512_sqrt_pd in lane_math.inc's AVX-512 copy) pass a self-initialised "undefined"
// vector that its own -W(maybe-)uninitialized reports where they are inlined: off for the intrinsics' header only,
// which is parsed here first.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#endif

#include <cmath>
#include <cstring>
#include <optional>
#include <type_traits>
#include <vector>

#include "../backends/cpu/isa_dispatch.hpp"
#include "../backends/cpu/split_range.hpp"
#include "../backends/cuda/curand_layout_device.hpp"
#include "../core/engine_registry.hpp"
#include "../core/route.hpp"
#include "../distributions/poisson_table.hpp"
#include "../fill/curand_layout.hpp"

namespace gpurng {
namespace core {
namespace {

namespace cl = curand_layout;

#if GPURNG_PHILOX_LANES
// Philox's whole units (src/fill/philox_lanes.inc) compiled for the x86-64 baseline, AVX2 and AVX-512, the one
// cpu_isa.hpp selects called at run time: the same words from every copy (integer arithmetic, exact conversions).
// The vector copies also take the double normals' Box-Muller pairs on lane vectors (lane_math.inc), and every copy
// the float normals' pairs one at a time, compiled for its instruction set.
namespace philox_isa {
#define GPURNG_ISA_KERNELS "../../fill/philox_lanes.inc"
#define GPURNG_PHILOX_LANE_NORMALS 1
#include "../backends/cpu/isa_copies.inc"
#undef GPURNG_PHILOX_LANE_NORMALS
#undef GPURNG_ISA_KERNELS
}  // namespace philox_isa

struct philox_isa_lanes {
  using plan = cl::detail::philox_plan;
  static void u32(const plan& p, uint64_t v, size_t units, uint32_t* out) {
    using namespace philox_isa;
    GPURNG_ISA_DISPATCH(philox_units_u32, p, v, units, out);
  }
  static void words2(const plan& p, uint64_t v, size_t units, uint32_t* out) {
    using namespace philox_isa;
    GPURNG_ISA_DISPATCH(philox_units_words2, p, v, units, out);
  }
  static void f32(const plan& p, uint64_t v, size_t units, float* out) {
    using namespace philox_isa;
    GPURNG_ISA_DISPATCH(philox_units_f32, p, v, units, out);
  }
  static void f64(const plan& p, uint64_t v, size_t units, double* out) {
    using namespace philox_isa;
    GPURNG_ISA_DISPATCH(philox_units_f64, p, v, units, out);
  }
  static void normal_f64(const plan& p, uint64_t v, size_t units, double* out, double mean, double stddev, bool log) {
    using namespace philox_isa;
    GPURNG_ISA_DISPATCH(philox_units_normal_f64, p, v, units, out, mean, stddev, log);
  }
  static void normal_f32(const plan& p, uint64_t v, size_t units, float* out, float mean, float stddev, bool log) {
    using namespace philox_isa;
    GPURNG_ISA_DISPATCH(philox_units_normal_f32, p, v, units, out, mean, stddev, log);
  }
};
using philox_thread_engine = cl::detail::basic_philox_engine<philox_isa_lanes>;
#else
using philox_thread_engine = cl::detail::philox_engine;
#endif
using philox_stream = cl::basic_philox_stream<philox_thread_engine>;

cl::output output_of(Dist d) {
  switch (d) {
    case Dist::uniform_f32:
      return cl::output::uniform_f32;
    case Dist::uniform_f64:
      return cl::output::uniform_f64;
    case Dist::normal_f32:
      return cl::output::normal_f32;
    case Dist::normal_f64:
      return cl::output::normal_f64;
    case Dist::lognormal_f32:
      return cl::output::lognormal_f32;
    case Dist::lognormal_f64:
      return cl::output::lognormal_f64;
    default:  // u32 and Poisson (the inverse CDF of each 32-bit output)
      return cl::output::u32;
  }
}

// An output type of width W, to replay the calls since a rebuild on a cursor.
cl::output output_of_width(cl::engine e, int w) {
  for (cl::output o : {cl::output::u32, cl::output::uniform_f64, cl::output::normal_f32, cl::output::normal_f64})
    if (cl::words_per_unit(e, o) == w) return o;
  return cl::output::u32;
}

// Outputs [first, first + n) of a call, through either a stream (fill from a rebuild: OriginArgs = the
// rebuild offset, positions shifted by `base`) or a cursor.
template <class Fills, class... OriginArgs>
void fill_range(const Fills& f, Dist d, uint64_t pos, size_t n, void* out, double mean, double stddev,
                OriginArgs... a) {
  switch (d) {
    case Dist::u32:
    case Dist::poisson:
      return f.fill_u32(a..., pos, n, static_cast<uint32_t*>(out));
    case Dist::uniform_f32:
      return f.fill_uniform(a..., pos, n, static_cast<float*>(out));
    case Dist::uniform_f64:
      return f.fill_uniform(a..., pos, n, static_cast<double*>(out));
    case Dist::normal_f32:
      return f.fill_normal(a..., pos, n, static_cast<float*>(out), static_cast<float>(mean),
                           static_cast<float>(stddev));
    case Dist::normal_f64:
      return f.fill_normal(a..., pos, n, static_cast<double*>(out), mean, stddev);
    case Dist::lognormal_f32:
      return f.fill_lognormal(a..., pos, n, static_cast<float*>(out), static_cast<float>(mean),
                              static_cast<float>(stddev));
    case Dist::lognormal_f64:
      return f.fill_lognormal(a..., pos, n, static_cast<double*>(out), mean, stddev);
    case Dist::u64:
      return;  // refused by check()
  }
}

template <class Stream, class ThreadEngine>
class LayoutEngine final : public Engine {
 public:
  using cursor = cl::call_cursor<ThreadEngine>;

  explicit LayoutEngine(cl::engine kind) : kind_(kind), position_(kind) {}
  ~LayoutEngine() override {
    cuda::layout_states_free(device_starts_);
    cuda::layout_states_free(device_cursor_);
    cuda::layout_states_free(device_live_);
  }

  gpurngStatus_t set_seed(uint64_t seed) override {
    if (seed != seed_) {
      seed_ = seed;
      stream_.reset();
      position_.reseed_or_reorder();
      ++moves_;
    }
    return GPURNG_STATUS_SUCCESS;
  }
  void set_offset(uint64_t offset) override {
    position_.set_offset(offset);
    ++moves_;
  }
  uint64_t offset() const override { return position_.offset; }

  // Stream k: the layout's T threads on subsequences k T .. k T + T - 1 (stream 0 is cuRAND's layout), so the
  // last stream is the last whose threads all have 64-bit subsequence numbers, and a stream is the whole 64-bit
  // offset long (thread t's 2^67 words or 2^76 steps, or Philox's 2^64 counters, are never used up).
  StreamTable stream_table() const override {
    const uint64_t T = threads_of(layout_);
    return {(UINT64_MAX - (T - 1)) / T, UINT64_MAX};
  }
  void set_stream(uint64_t k) override {
    if (k != stream_id_) {
      stream_id_ = k;
      stream_.reset();
    }
    position_.set_offset(0);
    ++moves_;
  }
  uint64_t stream() const override { return stream_id_; }
  std::unique_ptr<Engine> clone() const override {
    auto copy = std::make_unique<LayoutEngine>(*this);
    copy->device_lost();  // the device state stays with this engine
    return copy;
  }
  bool follow(const Engine& source) override {
    const auto* from = dynamic_cast<const LayoutEngine*>(&source);
    if (!from) return false;
    // The start states on the device belong to (seed, layout, stream); the cursor's and the live positions are
    // re-made from the host's when next needed.
    const bool same_starts =
        stream_ && from->stream_ && seed_ == from->seed_ && layout_ == from->layout_ && stream_id_ == from->stream_id_;
    const bool starts_current = same_starts && device_starts_current_;
    cuda::LayoutStates* const starts = device_starts_;
    cuda::LayoutStates* const cursor_states = device_cursor_;
    cuda::LayoutStates* const live = device_live_;
    // The members copied before the device pointers (the host states) may throw; the pointers are copied last, so
    // a throw leaves this copy's own.
    *this = *from;
    device_starts_ = starts;
    device_cursor_ = cursor_states;
    device_live_ = live;
    device_starts_current_ = starts_current;
    device_cursor_current_ = false;
    live_moves_ = kNever;
    return true;
  }
  uint64_t offset_step(const Call& c) const override {
    return cl::offset_after(kind_, output_of(c.dist), position_.offset, c.n) - position_.offset;
  }

  gpurngStatus_t set_ordering(gpurngOrdering_t ordering, bool host_only) override {
    cl::ordering o;
    switch (ordering) {
      case GPURNG_ORDERING_PSEUDO_BEST:
      case GPURNG_ORDERING_PSEUDO_DEFAULT:
      case GPURNG_ORDERING_PSEUDO_LEGACY:
        o = static_cast<cl::ordering>(ordering);
        break;
      case GPURNG_ORDERING_PSEUDO_DYNAMIC:  // cuRAND: GPU generators only; here the DEFAULT layout
        if (host_only) return GPURNG_STATUS_OUT_OF_RANGE;
        o = cl::ordering::dflt;
        break;
      default:  // SEEDED (XORWOW's is unpublished; see gpurng.h), QUASI_DEFAULT, anything else
        return GPURNG_STATUS_OUT_OF_RANGE;
    }
    // A stream past the new layout's last (MRG32k3a's 81920 threads after LEGACY's 4096) is refused.
    if (stream_id_ > (UINT64_MAX - (threads_of(layout_of(o)) - 1)) / threads_of(layout_of(o)))
      return GPURNG_STATUS_OUT_OF_RANGE;
    if (ordering != ordering_) {
      // Only MRG32k3a's LEGACY has a layout of its own; the others are renamings, yet cuRAND still
      // rebuilds the thread positions on any change, and so does this.
      ordering_ = ordering;
      if (layout_of(o) != layout_) {
        layout_ = layout_of(o);
        stream_.reset();
      }
      position_.reseed_or_reorder();
      ++moves_;
    }
    return GPURNG_STATUS_SUCCESS;
  }
  gpurngStatus_t set_normal_method(gpurngNormalMethod_t m) override {
    if (m != GPURNG_NORMAL_METHOD_DEFAULT && m != GPURNG_NORMAL_METHOD_BOX_MULLER &&
        m != GPURNG_NORMAL_METHOD_CURAND_DEVICE)
      return GPURNG_STATUS_OUT_OF_RANGE;
    curand_device_normals_ = m == GPURNG_NORMAL_METHOD_CURAND_DEVICE;
    return GPURNG_STATUS_SUCCESS;
  }

  gpurngStatus_t check(const Call& c) const override {
    if (c.dist == Dist::u64) return GPURNG_STATUS_TYPE_ERROR;
    const cl::output o = output_of(c.dist);
    if (kind_ != cl::engine::philox && cl::is_normal(o) && c.n % 2 != 0) return GPURNG_STATUS_LENGTH_NOT_MULTIPLE;
    if (c.dist == Dist::poisson) return check_poisson_lambda(c.lambda);
    return GPURNG_STATUS_SUCCESS;
  }

  gpurngStatus_t generate(const Call& c, const Where& where) override {
    const cl::output o = output_of(c.dist);
    // cuRAND's GPU formulas exist on the GPU only: no CPU backend; host outputs are made there and copied.
    const bool gpu_normals = curand_device_normals_ && cl::is_normal(o);
    if (gpu_normals && !where.cuda_backend) return GPURNG_STATUS_ARCH_MISMATCH;
    const uint64_t base = prepare(o);
    const Stream& s = stream();
    const std::shared_ptr<const PoissonTable> table = c.dist == Dist::poisson ? poisson_table_for(c.lambda) : nullptr;
    bool live = false;  // made from (and moved) the device-resident positions
    // Host memory on the CUDA backend: normals on the GPU at every size (the CPU's portable log and sincos
    // cost 36-240 us for 1 Ki of them on the H100 machine's host, the GPU and the copy back 16-30), the
    // rest from kDeviceForHostCalls on. The bits are the same either way, except in the GPU-only mode.
    const HostCalls host_calls = cl::is_normal(o) ? HostCalls::on_device : HostCalls::on_device_when_large;
    const gpurngStatus_t st = route(
        c, where, host_calls,
        [&](size_t first, size_t count, void* out, int threads) {
          const size_t elem = dist_size(c.dist);
          cpu::split_range(count, threads, [&](size_t a, size_t m) {
            void* to = static_cast<char*>(out) + a * elem;
            fill_range_at(s, c.dist, base, first + a, m, to, c.mean, c.stddev);
            if (table) poisson_host(*table, static_cast<uint32_t*>(to), m);
          });
        },
        [&](size_t first, size_t count, void* out, void* stream) {
          // A whole call from the device-resident positions where the engine has them (cuRAND's way), or a
          // fill from the base states.
          live = kind_ != cl::engine::philox && first == 0 && count == c.n;
          gpurngStatus_t dst = live ? live_fill(s, o, base, count, out, c.mean, c.stddev, stream)
                                    : device_fill(s, o, base + first, count, out, c.mean, c.stddev, stream);
          if (dst != GPURNG_STATUS_SUCCESS) live = false;
          if (dst == GPURNG_STATUS_SUCCESS && table)
            dst = poisson_device(*table, static_cast<uint32_t*>(out), count, stream);
          return dst;
        });
    if (st != GPURNG_STATUS_SUCCESS) return st;
    advance_by(o, c.n);
    if (live) {  // the fill moved the device positions past the call: they match the engine's again
      live_moves_ = moves_;
      const uint64_t units = c.n / static_cast<uint64_t>(cl::outputs_per_unit(kind_, o));
      live_t_next_ = static_cast<uint32_t>((live_t_next_ + units % s.threads()) % s.threads());
    }
    return GPURNG_STATUS_SUCCESS;
  }

  bool is_flat(Output kind) const override { return kind != Output::u64; }
  void fill_ahead_host(Output kind, uint64_t ahead, void* out, size_t n, int threads) override {
    const Dist d = dist_of(kind);
    const uint64_t base = prepare(output_of(d));
    const Stream& s = stream();
    cpu::split_range(n, threads, [&](size_t a, size_t m) {
      fill_range_at(s, d, base, ahead + a, m, static_cast<char*>(out) + a * dist_size(d), 0, 1);
    });
  }
  bool fills_device() const override { return true; }
  gpurngStatus_t fill_ahead_device(Output kind, uint64_t ahead, void* out, size_t n, void* stream) override {
    const Dist d = dist_of(kind);
    const cl::output o = output_of(d);
    const uint64_t base = prepare(o);
    return device_fill(this->stream(), o, base + ahead, n, out, 0, 1, stream);
  }
  void advance(Output kind, uint64_t n) override { advance_by(output_of(dist_of(kind)), n); }
  void prepare_flat(Output kind) override { prepare(output_of(dist_of(kind))); }
  void device_lost() override {
    device_starts_ = nullptr;  // no CUDA call: the GPU failed, or this is a child after fork()
    device_cursor_ = nullptr;
    device_live_ = nullptr;
    live_moves_ = kNever;
    device_starts_current_ = device_cursor_current_ = false;
  }

 private:
  // MRG32k3a LEGACY has 4096 threads instead of 81920; every other ordering shares one layout.
  int layout_of(cl::ordering o) const { return kind_ == cl::engine::mrg32k3a && o == cl::ordering::legacy ? 1 : 0; }
  uint64_t threads_of(int layout) const {
    switch (kind_) {
      case cl::engine::xorwow:
        return cl::kXorwowThreads;
      case cl::engine::mrg32k3a:
        return layout == 1 ? cl::kMrgThreadsLegacy : cl::kMrgThreadsDefault;
      default:
        return cl::kPhiloxThreads;
    }
  }

  const Stream& stream() {
    if (!stream_) {
      stream_.emplace(seed_, layout_ == 1 ? cl::ordering::legacy : cl::ordering::dflt,
                      stream_id_ * threads_of(layout_));
      device_starts_current_ = false;
    }
    return *stream_;
  }

  // Before outputs of type o: set up the threads' positions as cuRAND does (a rebuild, or a cursor once a
  // call of another width follows) and return the first output's number from the rebuild (0 on a cursor).
  // Changes nothing when called again before advance_by(), so the ring's slabs may call it each time.
  uint64_t prepare(cl::output o) {
    const int w = cl::words_per_unit(kind_, o);
    if (position_.rebuild) {
      rebuild_offset_ = position_.offset;
      width_ = w;
      cursor_.reset();
    } else if (w != width_ && !cursor_) {
      // A call of another width: from now on the threads' positions differ in ways only a cursor holds.
      const Stream& s = stream();
      cursor_.emplace(s.cursor_at(rebuild_offset_));
      device_cursor_current_ = false;
      const cl::output past = output_of_width(kind_, width_);
      const uint64_t done = position_.offset - rebuild_offset_;
      cursor_->advance(past, kind_ == cl::engine::philox ? done : done * cl::outputs_per_unit(kind_, past));
    }
    if (cursor_) return 0;
    const uint64_t done = position_.offset - rebuild_offset_;
    return kind_ == cl::engine::philox ? done : done * cl::outputs_per_unit(kind_, o);
  }
  // Past n outputs of type o.
  void advance_by(cl::output o, uint64_t n) {
    ++moves_;
    if (cursor_) {
      cursor_->advance(o, n);
      device_cursor_current_ = false;
    }
    position_.after_call(o, n);
  }
  // Outputs [pos, pos + n) of type d: from the rebuild (`base` counts from it) or the cursor.
  void fill_range_at(const Stream& s, Dist d, uint64_t base, uint64_t pos, size_t n, void* out, double mean,
                     double stddev) const {
    if (cursor_)
      fill_range(*cursor_, d, pos, n, out, mean, stddev);
    else
      fill_range(s, d, base + pos, n, out, mean, stddev, rebuild_offset_);
  }

  // The base states a device fill starts from (the cursor's, or the seed's start states after a rebuild),
  // uploaded if they changed, and the call's origin over them.
  gpurngStatus_t device_base(const Stream& s, cuda::LayoutStates** states, cl::detail::call_origin* origin) {
    gpurngStatus_t st = GPURNG_STATUS_SUCCESS;
    if (cursor_) {
      if (!device_cursor_current_) {
        st = cuda::layout_states_upload(kind_, cursor_->states(), cursor_->threads(), &device_cursor_);
        if (st != GPURNG_STATUS_SUCCESS) return st;
        device_cursor_current_ = true;
      }
      *states = device_cursor_;
      *origin = cursor_->origin();
      return st;
    }
    if (!device_starts_current_) {
      std::vector<typename ThreadEngine::state> starts(s.threads());
      for (uint32_t t = 0; t < s.threads(); ++t) starts[t] = s.start_state(t);
      st = cuda::layout_states_upload(kind_, starts.data(), s.threads(), &device_starts_);
      if (st != GPURNG_STATUS_SUCCESS) return st;
      device_starts_current_ = true;
    }
    *states = device_starts_;
    *origin = s.origin(rebuild_offset_);
    return st;
  }

  // Outputs [pos, pos + n) of the call (pos: as fill_range_at's base + first) from the base states.
  gpurngStatus_t device_fill(const Stream& s, cl::output o, uint64_t pos, size_t n, void* out, double mean,
                             double stddev, void* stream) {
    cuda::LayoutStates* states = nullptr;
    cl::detail::call_origin origin{};
    const gpurngStatus_t st = device_base(s, &states, &origin);
    if (st != GPURNG_STATUS_SUCCESS) return st;
    return cuda::layout_fill(kind_, origin, states, pos, n, o, out, mean, stddev, stream, curand_device_normals_);
  }

  // A whole call of n outputs from the device-resident positions (XORWOW, MRG32k3a), set up from the base
  // states first when the positions moved some other way since the last such call (a rebuild, a host or ring
  // call). pos: where the call starts, as device_fill's.
  gpurngStatus_t live_fill(const Stream& s, cl::output o, uint64_t pos, size_t n, void* out, double mean, double stddev,
                           void* stream) {
    if (live_moves_ != moves_) {
      cuda::LayoutStates* states = nullptr;
      cl::detail::call_origin origin{};
      gpurngStatus_t st = device_base(s, &states, &origin);
      if (st == GPURNG_STATUS_SUCCESS)
        st = cuda::layout_live_init(kind_, origin, states, pos, o, &device_live_, &live_t_next_, stream);
      if (st != GPURNG_STATUS_SUCCESS) return st;
    }
    // The fill moves the device positions past the call: they match the engine's again only once generate()
    // has counted the call, which a later failure (a Poisson transform's, say) prevents.
    live_moves_ = kNever;
    return cuda::layout_live_fill(kind_, live_t_next_, device_live_, n, o, out, mean, stddev, stream,
                                  curand_device_normals_);
  }

  cl::engine kind_;
  bool curand_device_normals_ = false;  // GPURNG_NORMAL_METHOD_CURAND_DEVICE
  uint64_t seed_ = 0;
  uint64_t stream_id_ = 0;  // gpurngSetGeneratorStream
  gpurngOrdering_t ordering_ = GPURNG_ORDERING_PSEUDO_DEFAULT;
  int layout_ = 0;
  cl::generator_position position_;
  std::optional<Stream> stream_;
  uint64_t rebuild_offset_ = 0;
  int width_ = 0;
  std::optional<cursor> cursor_;
  cuda::LayoutStates* device_starts_ = nullptr;
  bool device_starts_current_ = false;
  cuda::LayoutStates* device_cursor_ = nullptr;
  bool device_cursor_current_ = false;
  // Device-resident positions (XORWOW, MRG32k3a): every thread's state where its next unit starts, valid
  // while no call, rebuild or ring slab has moved the positions since the last live call (live_moves_ ==
  // moves_); live_t_next_ is the thread of the next unit.
  static constexpr uint64_t kNever = ~uint64_t{0};
  cuda::LayoutStates* device_live_ = nullptr;
  uint32_t live_t_next_ = 0;
  uint64_t moves_ = 0;
  uint64_t live_moves_ = kNever;
};

std::unique_ptr<Engine> make_layout_engine(gpurngRngType_t type) {
  switch (type) {
    case GPURNG_RNG_PSEUDO_DEFAULT:
    case GPURNG_RNG_PSEUDO_XORWOW:
      return std::make_unique<LayoutEngine<cl::xorwow_stream, cl::detail::xorwow_engine>>(cl::engine::xorwow);
    case GPURNG_RNG_PSEUDO_MRG32K3A:
      return std::make_unique<LayoutEngine<cl::mrg32k3a_stream, cl::detail::mrg_engine>>(cl::engine::mrg32k3a);
    case GPURNG_RNG_PSEUDO_PHILOX4_32_10:
      return std::make_unique<LayoutEngine<philox_stream, philox_thread_engine>>(cl::engine::philox);
    default:
      return nullptr;
  }
}

}  // namespace
}  // namespace core
}  // namespace gpurng

GPURNG_REGISTER_ENGINE(curand_layout, gpurng::core::make_layout_engine, GPURNG_RNG_PSEUDO_DEFAULT,
                       GPURNG_RNG_PSEUDO_XORWOW, GPURNG_RNG_PSEUDO_MRG32K3A, GPURNG_RNG_PSEUDO_PHILOX4_32_10)
