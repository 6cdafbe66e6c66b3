// SPDX-License-Identifier: BSD-3-Clause
// The host side of the CUDA cuRAND-layout fills (curand_layout_device.hpp): device states, the geometry
// of a call, the seed-independent tables (XORWOW's M^(2^e), Sobol' direction numbers: built on the host
// once per process, uploaded once), and the launches in curand_layout_kernels.cu.
#include <cuda_runtime.h>

#include <mutex>
#include <utility>

#include "cuda_runtime.hpp"
#include "curand_layout_device.hpp"
#include "curand_layout_launch.hpp"
#include "per_device.hpp"

namespace gpurng {
namespace cuda {

namespace cl = curand_layout;
namespace ll = layout_launch;

static_assert(static_cast<int>(SobolOutput::lognormal_f64) == static_cast<int>(ll::SobolOut::lognormal_f64) &&
                  static_cast<int>(SobolOutput::bits) == static_cast<int>(ll::SobolOut::bits),
              "Sobol' output numbering");
// The kernels read the host's state structs as they are.
static_assert(sizeof(xorwow::state) == 24 && sizeof(mrg32k3a::state) == 24 && sizeof(cl::detail::philox_thread) == 24,
              "state layouts");

struct LayoutStates {
  cl::engine kind = cl::engine::xorwow;
  uint32_t count = 0;
  size_t capacity = 0;  // bytes
  void* data = nullptr;
  void* scratch = nullptr;         // XORWOW, MRG32k3a: the slots' states after the call's common jump
  cudaEvent_t last_use = nullptr;  // recorded after each fill; an upload waits for it, a fill's stream too
  // The stream last_use was last recorded on: a fill on that stream follows the earlier ones by stream order and
  // skips the wait (a small call's host time is mostly its launch; the wait added about 0.3 us of it). Before the
  // first record there is nothing to wait for, whatever the stream.
  cudaStream_t recorded_on = nullptr;
  philox::key2 philox_key{};  // Philox: the key all states share (the seed), passed to the kernels
};

namespace {

size_t state_size(cl::engine e) {
  switch (e) {
    case cl::engine::xorwow:
      return sizeof(xorwow::state);
    case cl::engine::mrg32k3a:
      return sizeof(mrg32k3a::state);
    case cl::engine::philox:
      return sizeof(cl::detail::philox_thread);
  }
  return 0;
}

// M^(2^e), e < xorwow::kPowers, in device memory: computed on the host once per process (xorwow::powers),
// uploaded on first use on each device and kept for the life of the process.
struct XorwowPowers {
  uint32_t* data = nullptr;
  cudaError_t error = cudaSuccess;
};
gpurngStatus_t xorwow_powers(const uint32_t** out) {
  static gpurng::cuda::PerDevice<XorwowPowers> per_device;
  const XorwowPowers* p = per_device.get([](XorwowPowers& d) {
    const xorwow::power_table& t = xorwow::powers();
    const size_t bytes = sizeof(t.pow2);
    d.error = cudaMalloc(&d.data, bytes);
    if (d.error == cudaSuccess) d.error = gpurng::cuda::copy_to_device_landed(d.data, t.pow2, bytes);
  });
  if (!p) return GPURNG_STATUS_INITIALIZATION_FAILED;
  *out = p->data;
  return status_of(p->error);
}

// One Sobol' set in device memory, uploaded on first use on each device and kept for the life of the process.
struct SobolDeviceTable {
  void* vectors = nullptr;
  void* constants = nullptr;
  unsigned dims = 0;
  cudaError_t error = cudaSuccess;
};

template <typename W>
void upload_table(const sobol::direction_table<W>& host, SobolDeviceTable& t) {
  t.dims = host.dimensions();
  const size_t vbytes = host.vectors.size() * sizeof(W), cbytes = host.constants.size() * sizeof(W);
  t.error = cudaMalloc(&t.vectors, vbytes);
  if (t.error == cudaSuccess) t.error = cudaMalloc(&t.constants, cbytes);
  if (t.error == cudaSuccess) t.error = gpurng::cuda::copy_to_device_landed(t.vectors, host.vectors.data(), vbytes);
  if (t.error == cudaSuccess) t.error = gpurng::cuda::copy_to_device_landed(t.constants, host.constants.data(), cbytes);
}

const SobolDeviceTable& sobol_table(sobol::Kind k) {
  static gpurng::cuda::PerDevice<SobolDeviceTable> tables[4];
  static const SobolDeviceTable no_device{nullptr, nullptr, 0, cudaErrorNoDevice};
  const int i = static_cast<int>(k) - static_cast<int>(sobol::Kind::sobol32);
  const SobolDeviceTable* t = tables[i].get([k](SobolDeviceTable& d) {
    if (sobol::is_64bit(k))
      upload_table(sobol::shared_table64(sobol::is_scrambled(k)), d);
    else
      upload_table(sobol::shared_table32(sobol::is_scrambled(k)), d);
  });
  return t ? *t : no_device;
}

// The geometry of a call (see layout_launch::Plan).
ll::Plan make_plan(const cl::detail::call_origin& c, uint64_t pos, size_t n, int W, int G, unsigned max_chunk_bits,
                   unsigned threads_per_sm, unsigned min_log2) {
  ll::Plan p{};
  const uint64_t e_begin = pos + c.shift;  // in unit-aligned element numbering
  const uint64_t e_end = e_begin + n;
  const uint64_t v_begin = e_begin / G;
  const uint64_t v_end = (e_end + G - 1) / G;
  const uint64_t k0 = v_begin / c.threads;
  p.units = v_end - v_begin;
  p.n = n;
  p.common = c.q_base + static_cast<uint64_t>(W) * k0;
  p.T = c.threads;
  p.t_origin = c.t_origin;
  p.r_base = c.r_base;
  p.first = static_cast<uint32_t>(v_begin % c.threads);
  p.slots = static_cast<uint32_t>(p.units < c.threads ? p.units : c.threads);
  p.lead = static_cast<uint32_t>(e_begin - v_begin * G);
  // R = 2^log2_rounds units per chunk: the fewest chunks that give about target_threads() GPU threads,
  // and no more than 2^max_chunk_bits chunks.
  const uint64_t rounds = (p.units + c.threads - 1) / c.threads;  // units of slot 0, the most of any slot
  uint64_t want = (ll::target_threads(threads_per_sm) + p.slots - 1) / p.slots;
  if (want < 1) want = 1;
  // At least min_log2 rounds per chunk where the rounds allow: a chunk's jump costs about as much as
  // making a hundred or so units (XORWOW: popcount(c) 160-column products; MRG32k3a: up to 64 3x3 ones).
  unsigned lr = 0;
  while ((uint64_t{1} << lr) * want < rounds) ++lr;
  while (lr < min_log2 && (uint64_t{1} << lr) < rounds) ++lr;
  while (((rounds + (uint64_t{1} << lr) - 1) >> lr) > (uint64_t{1} << max_chunk_bits)) ++lr;
  p.log2_rounds = lr;
  p.chunks = static_cast<uint32_t>((rounds + (uint64_t{1} << lr) - 1) >> lr);
  p.slot_blocks = (p.slots + ll::kBlock - 1) / ll::kBlock;
  return p;
}

}  // namespace

namespace {

// *states with room for `count` states of engine e, its event created. wait: the host first waits for the
// fills queued on the old contents (an upload overwrites them from the host); otherwise they are ordered by
// the event on the GPU.
gpurngStatus_t reserve_states(cl::engine e, uint32_t count, bool wait, LayoutStates** states) {
  if (!*states) *states = new LayoutStates();
  LayoutStates* ls = *states;
  const size_t bytes = state_size(e) * count;
  if (!ls->last_use) {
    const gpurngStatus_t st = status_of(cudaEventCreateWithFlags(&ls->last_use, cudaEventDisableTiming));
    if (st != GPURNG_STATUS_SUCCESS) return st;
  } else if (wait || bytes > ls->capacity) {  // a fill queued earlier may still read the old states
    const gpurngStatus_t st = status_of(cudaEventSynchronize(ls->last_use));
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  if (bytes > ls->capacity) {
    if (ls->data) cudaFree(ls->data);
    if (ls->scratch) cudaFree(ls->scratch);
    ls->data = ls->scratch = nullptr;
    ls->capacity = 0;
    ls->count = 0;
    gpurngStatus_t st = status_of(cudaMalloc(&ls->data, bytes));
    if (st == GPURNG_STATUS_SUCCESS) st = status_of(cudaMalloc(&ls->scratch, bytes));
    if (st != GPURNG_STATUS_SUCCESS) return st;
    ls->capacity = bytes;
  }
  ls->kind = e;
  ls->count = count;
  return GPURNG_STATUS_SUCCESS;
}

}  // namespace

gpurngStatus_t layout_states_upload(curand_layout::engine e, const void* host_states, uint32_t count,
                                    LayoutStates** states) {
  if (!states || (!host_states && count)) return GPURNG_STATUS_NULL_POINTER;
  const gpurngStatus_t rs = reserve_states(e, count, true, states);
  if (rs != GPURNG_STATUS_SUCCESS) return rs;
  LayoutStates* ls = *states;
  if (count == 0) return GPURNG_STATUS_SUCCESS;
  // cuRAND's Philox threads differ only in subsequence and counter (philox_stream::start_state gives every
  // thread the seed's key, and cursors move counters only); the kernels take that key as a launch parameter.
  if (e == cl::engine::philox) ls->philox_key = static_cast<const cl::detail::philox_thread*>(host_states)[0].key;
  return status_of(gpurng::cuda::copy_to_device_landed(ls->data, host_states, state_size(e) * count));
}

void layout_states_free(LayoutStates* states) {
  if (!states) return;
  if (states->last_use) {
    cudaEventSynchronize(states->last_use);
    cudaEventDestroy(states->last_use);
  }
  if (states->data) cudaFree(states->data);
  if (states->scratch) cudaFree(states->scratch);
  delete states;
}

namespace {

// Order work on stream s after the fills queued on `ls` (from any stream), and record that s used it.
gpurngStatus_t follow_fills(LayoutStates* ls, cudaStream_t s) {
  if (ls->recorded_on == s) return GPURNG_STATUS_SUCCESS;
  return status_of(cudaStreamWaitEvent(s, ls->last_use, 0));
}
gpurngStatus_t record_use(LayoutStates* ls, cudaStream_t s) {
  ls->recorded_on = s;
  return status_of(cudaEventRecord(ls->last_use, s));
}

// The plan of a call of engine e (the fill kernels' chunking).
ll::Plan plan_of(cl::engine e, const cl::detail::call_origin& c, uint64_t pos, size_t n, cl::output o) {
  const ll::Eng le = e;
  const ll::Out lo = o;
  const unsigned max_bits = e == cl::engine::xorwow ? ll::kXorwowMaxChunkBits : ll::kMaxChunkBits;
  return make_plan(c, pos, n, cl::words_per_unit(le, lo), cl::outputs_per_unit(le, lo), max_bits,
                   ll::kThreadsPerSm[static_cast<int>(le)],
                   ll::kMinLog2Rounds[static_cast<int>(le)][cl::is_normal(lo) ? 1 : 0]);
}

// Queue one fill over `states` (live_out: see ll::fill), ordered after earlier fills of those states.
gpurngStatus_t queue_fill(cl::engine e, ll::Plan& p, LayoutStates* states, cl::output o, void* out, double mean,
                          double stddev, void* live_out, cudaStream_t s, bool curand_device_normals) {
  for (int r = 0; r < 10; ++r) {  // in the launch's parameters, so each round's xor reads its key directly
    p.philox_k0[r] = states->philox_key.k0 + static_cast<uint32_t>(r) * philox::kW0;
    p.philox_k1[r] = states->philox_key.k1 + static_cast<uint32_t>(r) * philox::kW1;
  }
  const uint32_t* powers = nullptr;
  if (e == cl::engine::xorwow) {
    const gpurngStatus_t st = xorwow_powers(&powers);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  // Fills of one set of states take turns (the scratch states), also from different streams.
  gpurngStatus_t st = follow_fills(states, s);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  st = ll::fill(e, o, curand_device_normals, p, states->data, powers, states->scratch, out, mean, stddev, live_out, s);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  return record_use(states, s);
}

}  // namespace

gpurngStatus_t layout_fill(curand_layout::engine e, const curand_layout::detail::call_origin& c, LayoutStates* states,
                           uint64_t pos, size_t n, curand_layout::output o, void* out, double mean, double stddev,
                           void* stream, bool curand_device_normals) {
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (!states || !out) return GPURNG_STATUS_NULL_POINTER;
  if (states->kind != e || states->count != c.threads || c.threads == 0) return GPURNG_STATUS_INTERNAL_ERROR;
  ll::Plan p = plan_of(e, c, pos, n, o);
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  const gpurngStatus_t st = queue_fill(e, p, states, o, out, mean, stddev, nullptr, s, curand_device_normals);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  return finish(s, stream == nullptr);
}

gpurngStatus_t layout_live_init(curand_layout::engine e, const curand_layout::detail::call_origin& c,
                                LayoutStates* base, uint64_t pos, curand_layout::output o, LayoutStates** live,
                                uint32_t* t_next, void* stream) {
  if (!base || !live || !t_next) return GPURNG_STATUS_NULL_POINTER;
  if (e == cl::engine::philox || base->kind != e || base->count != c.threads || c.threads == 0 || c.shift != 0)
    return GPURNG_STATUS_INTERNAL_ERROR;
  const int W = cl::words_per_unit(e, o), G = cl::outputs_per_unit(e, o);
  // A call of one unit per thread from `pos`: its slot for thread t starts where t's next unit does.
  ll::Plan p = make_plan(c, pos, static_cast<size_t>(c.threads) * G, W, G, ll::kMaxChunkBits, 1, 0);
  gpurngStatus_t st = reserve_states(e, c.threads, false, live);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  const uint32_t* powers = nullptr;
  if (e == cl::engine::xorwow) {
    st = xorwow_powers(&powers);
    if (st != GPURNG_STATUS_SUCCESS) return st;
  }
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  LayoutStates* ls = *live;
  st = follow_fills(ls, s);
  if (st == GPURNG_STATUS_SUCCESS) st = follow_fills(base, s);
  if (st == GPURNG_STATUS_SUCCESS) st = ll::live_init(e, W, p, base->data, ls->data, powers, s);
  if (st == GPURNG_STATUS_SUCCESS) st = record_use(base, s);
  if (st == GPURNG_STATUS_SUCCESS) st = record_use(ls, s);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  uint32_t t = c.t_origin + p.first;
  if (t >= c.threads) t -= c.threads;
  *t_next = t;
  return finish(s, stream == nullptr);
}

gpurngStatus_t layout_live_fill(curand_layout::engine e, uint32_t t_origin, LayoutStates* live, size_t n,
                                curand_layout::output o, void* out, double mean, double stddev, void* stream,
                                bool curand_device_normals) {
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (!live || !out) return GPURNG_STATUS_NULL_POINTER;
  if (e == cl::engine::philox || live->kind != e || t_origin >= live->count) return GPURNG_STATUS_INTERNAL_ERROR;
  // From the live positions every thread starts at its next unit: no common jump, no extra words.
  const cl::detail::call_origin c{live->count, t_origin, 0, 0, 0};
  ll::Plan p = plan_of(e, c, 0, n, o);
  // One chunk: each slot's one thread moves its own state in place. Several (then every thread has a slot):
  // chunk threads read the states before the call while the last chunk's write the other buffer, swapped in.
  const bool in_place = p.chunks == 1;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  const gpurngStatus_t st =
      queue_fill(e, p, live, o, out, mean, stddev, in_place ? live->data : live->scratch, s, curand_device_normals);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  if (!in_place) std::swap(live->data, live->scratch);
  return finish(s, stream == nullptr);
}

gpurngStatus_t sobol_fill(sobol::Kind k, unsigned dims, uint64_t point_offset, size_t n, SobolOutput o, void* out,
                          double mean, double stddev, void* stream, bool curand_device_normals) {
  if (static_cast<int>(k) < static_cast<int>(sobol::Kind::sobol32) ||
      static_cast<int>(k) > static_cast<int>(sobol::Kind::scrambled_sobol64))
    return GPURNG_STATUS_TYPE_ERROR;
  if (dims == 0 || dims > sobol::kMaxDimensions) return GPURNG_STATUS_OUT_OF_RANGE;
  if (n % dims != 0) return GPURNG_STATUS_LENGTH_NOT_MULTIPLE;
  if (n == 0) return GPURNG_STATUS_SUCCESS;
  if (!out) return GPURNG_STATUS_NULL_POINTER;
  const SobolDeviceTable& t = sobol_table(k);
  if (t.error != cudaSuccess) return status_of(t.error);
  if (dims > t.dims) return GPURNG_STATUS_OUT_OF_RANGE;
  const cudaStream_t s = static_cast<cudaStream_t>(stream);
  const gpurngStatus_t st =
      ll::sobol(sobol::is_64bit(k), t.vectors, t.constants, dims, sobol::call_start(k, point_offset), n / dims,
                static_cast<ll::SobolOut>(o), curand_device_normals, out, mean, stddev, s);
  if (st != GPURNG_STATUS_SUCCESS) return st;
  return finish(s, stream == nullptr);
}

}  // namespace cuda
}  // namespace gpurng
