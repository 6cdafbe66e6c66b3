// SPDX-License-Identifier: BSD-3-Clause
// CERNLIB V113 RANMAR / RMARIN / RMARUT and V116 RM48 / RM48IN / RM48UT (CERNLIB long writeups V113 and V116
// and their Fortran source; docs/LEGACY.md), each one stream, with the originals' counters and quirks:
//  - RANMAR without RMARIN starts from IJKL 54217137; RMARIN resets the counters after its skip;
//  - RM48 without RM48IN (or with NTOT gone negative) initialises with 54217137; RM48IN skips
//    (NTOT2+1)*NTOT numbers (the original's loop bound bug), keeps its counters, and prints its lines on
//    unit 6 through the Fortran runtime (fortran_io.f90); RM48UT before any call returns (0, -1, 0).
// Where the state lives. The originals keep their tables in COMMON /RANMA1/ (V113: IJKL, NTOT, NTOT2, I97,
// J97, C, U(97)) and /R48ST1/ (V116: U(97), C, I97, J97). A program that declares the block may read or
// write it between calls, so then the block is the state: each call steps the table inside it, as RMMARD
// does with /CRRANMA4/, and whatever the program wrote there is where the next call continues (a crafted
// zero, a counter near its carry). A program without the block cannot see the state: it lives in the
// generator and small calls come from the prefetch ring. The library never defines either block (the
// program's declaration decides), it refers to them weakly (common_blocks.hpp).
#include <stdint.h>

#include <cstdio>
#include <cstring>

#include "common_blocks.hpp"
#include "seed_audit.hpp"
#include "legacy_api.hpp"
#include "legacy_stream.hpp"

extern "C" {
extern char ranma1_[] __attribute__((weak));
extern char r48st1_[] __attribute__((weak));
void gpurng_legacy_rm48_say_initialized(int32_t ijkl, int32_t ntot, int32_t ntot2);
void gpurng_legacy_rm48_say_skipping(int32_t now);
}

namespace gpurng {
namespace legacy {
namespace {

struct V113 {
  bool first = true;
  int32_t ijkl = 0, ntot = 0, ntot2 = 0;
  LegacyStream<float, 24> stream;
};
V113& v113() {
  static V113* s = new V113;  // never destroyed: Fortran codes call until exit
  return *s;
}

struct V116 {
  int32_t ijkl = 0, ntot = -1, ntot2 = 0;
  LegacyStream<double, 48> stream;
};
V116& v116() {
  static V116* s = new V116;
  return *s;
}

// The program's blocks, in the originals' layouts.
struct Ranma1 {
  int32_t ijkl, ntot, ntot2, i97, j97;
  float c;
  float u[kTable];
};
struct R48st1 {
  double u[kTable];
  double c;
  int32_t i97, j97;
};
static_assert(sizeof(Ranma1) == 412 && sizeof(R48st1) == 792, "the originals' COMMON layouts");

// The program's block, or NULL when it has none (or one too small for the original's layout: then the library
// says so once and keeps the state to itself, since writing the whole record would run past the block).
template <typename Block>
Block* program_block(const char* symbol, void* weak_address, const char* name) {
  const CommonBlock c = find_common(symbol, weak_address);
  if (!c.program_owned) return nullptr;
  if (c.size != 0 && c.size < sizeof(Block)) {
    char line[200];
    std::snprintf(line, sizeof line,
                  "the program's %s has %zu bytes, less than the original's %zu: the state is kept privately and "
                  "the block is not updated",
                  name, c.size, sizeof(Block));
    say_once(name, line);
    return nullptr;
  }
  return reinterpret_cast<Block*>(c.base);
}
Ranma1* ranma1() {
  static Ranma1* const b = program_block<Ranma1>("ranma1_", ranma1_, "/RANMA1/");
  return b;
}
R48st1* r48st1() {
  static R48st1* const b = program_block<R48st1>("r48st1_", r48st1_, "/R48ST1/");
  return b;
}

// Fill the block's table at seed IJKL after `skip` numbers (the originals' fill and skip loop, jumped).
template <typename Real, int Bits, typename Block>
void fill_block(Block* b, int32_t ijkl, uint64_t skip) {
  const TableState<Real> t = table_after<Real, Bits>(ijkl, skip);
  std::memcpy(b->u, t.u, sizeof t.u);
  b->c = t.c;
  b->i97 = t.i97;
  b->j97 = t.j97;
}

// The skip RM48IN performs, with its lines on unit 6.
uint64_t rm48_skip(const V116& s) {
  gpurng_legacy_rm48_say_initialized(s.ijkl, s.ntot, s.ntot2);
  uint64_t passes = 0;
  for (int64_t loop2 = 1; loop2 <= static_cast<int64_t>(s.ntot2) + 1; ++loop2) {
    const int32_t now = loop2 == static_cast<int64_t>(s.ntot2) + 1 ? s.ntot : kModcns;
    if (now > 0) {
      gpurng_legacy_rm48_say_skipping(now);
      ++passes;  // each such pass runs NTOT steps, not NOW
    }
  }
  return passes * static_cast<uint64_t>(s.ntot);
}
void rm48_initialise(V116& s) {
  const uint64_t skip = rm48_skip(s);
  if (R48st1* b = r48st1())
    fill_block<double, 48>(b, s.ijkl, skip);
  else
    s.stream.start(s.ijkl, skip);
}

// V113's zero: 2^-24 U(2) of the table after the step, 2^-48 if that is zero too. V116's: 2^-49.
constexpr float kTwoM24 = 1.0f / 16777216.0f;
constexpr double kTwoM49 = 1.0 / 562949953421312.0;

}  // namespace
}  // namespace legacy
}  // namespace gpurng

using namespace gpurng::legacy;

extern "C" GPURNG_LEGACY_API void ranmar_(float* rvec, const int32_t* lenv) {
  V113& s = v113();
  Ranma1* b = ranma1();
  if (s.first) {
    s.first = false;
    if (b) {
      b->ijkl = 54217137;
      b->ntot = b->ntot2 = 0;
      fill_block<float, 24>(b, b->ijkl, 0);
    } else {
      s.ijkl = 54217137;
      s.ntot = s.ntot2 = 0;
      s.stream.start(s.ijkl, 0);
    }
  }
  if (b) {
    float* const u = b->u;
    step_table_any(u, &b->c, &b->i97, &b->j97, kCD<float>, kCM<float>, rvec, *lenv, [u] {
      const float z = kTwoM24 * u[1];
      return z == 0 ? kTwoM24 * kTwoM24 : z;
    });
    count_call(&b->ntot, &b->ntot2, *lenv);
    return;
  }
  s.stream.draw(rvec, *lenv);
  count_call(&s.ntot, &s.ntot2, *lenv);
}

extern "C" GPURNG_LEGACY_API void rmarin_(const int32_t* ijklin, const int32_t* ntotin, const int32_t* nto2in) {
  V113& s = v113();
  check_seed("RMARIN", *ijklin);
  audit_seeding("RMARIN", 0, *ijklin, *ntotin, *nto2in);
  s.first = false;
  const uint64_t skip = restart_skip(*ntotin, *nto2in);
  if (Ranma1* b = ranma1()) {
    b->ijkl = *ijklin;
    fill_block<float, 24>(b, b->ijkl, skip);
    b->ntot = b->ntot2 = 0;
    return;
  }
  s.ijkl = *ijklin;
  s.stream.start(s.ijkl, skip);
  s.ntot = s.ntot2 = 0;  // V113 resets its counters after the skip
}

extern "C" GPURNG_LEGACY_API void rmarut_(int32_t* ijklut, int32_t* ntotut, int32_t* nto2ut) {
  if (const Ranma1* b = ranma1()) {
    *ijklut = b->ijkl;
    *ntotut = b->ntot;
    *nto2ut = b->ntot2;
    return;
  }
  const V113& s = v113();
  *ijklut = s.ijkl;
  *ntotut = s.ntot;
  *nto2ut = s.ntot2;
}

extern "C" GPURNG_LEGACY_API void rm48_(double* rvec, const int32_t* lenv) {
  V116& s = v116();
  if (s.ntot < 0) {
    s.ijkl = 54217137;
    s.ntot = s.ntot2 = 0;
    audit_seeding("RM48(default)", 0, s.ijkl, 0, 0);
    rm48_initialise(s);
  }
  if (R48st1* b = r48st1())
    step_table_any(b->u, &b->c, &b->i97, &b->j97, kCD<double>, kCM<double>, rvec, *lenv, [] { return kTwoM49; });
  else
    s.stream.draw(rvec, *lenv);
  count_call(&s.ntot, &s.ntot2, *lenv);
}

extern "C" GPURNG_LEGACY_API void rm48in_(const int32_t* ijklin, const int32_t* ntotin, const int32_t* ntot2n) {
  V116& s = v116();
  check_seed("RM48IN", *ijklin);
  audit_seeding("RM48IN", 0, *ijklin, *ntotin, *ntot2n);
  s.ijkl = *ijklin;
  s.ntot = *ntotin > 0 ? *ntotin : 0;
  s.ntot2 = *ntot2n > 0 ? *ntot2n : 0;
  rm48_initialise(s);
}

extern "C" GPURNG_LEGACY_API void rm48ut_(int32_t* ijklut, int32_t* ntotut, int32_t* ntot2t) {
  const V116& s = v116();
  *ijklut = s.ijkl;
  *ntotut = s.ntot;
  *ntot2t = s.ntot2;
}
