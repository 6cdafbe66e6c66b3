// SPDX-License-Identifier: BSD-3-Clause
// CERNLIB V113 RANMAR / RMARIN / RMARUT (ranmar.md §3) and V116 RM48 / RM48IN / RM48UT (§5), each one
// stream served by a libgpurng generator (legacy_stream.hpp), with the originals' counters and quirks:
//  - RANMAR without RMARIN starts from IJKL 54217137; RMARIN resets the counters after its skip;
//  - RM48 without RM48IN (or with NTOT gone negative) initialises with 54217137; RM48IN skips
//    (NTOT2+1)*NTOT numbers (the original's loop bound bug), keeps its counters, and prints its lines on
//    unit 6 through the Fortran runtime (fortran_io.f90); RM48UT before any call returns (0, -1, 0).
// The originals keep their tables in /RANMA1/ and /R48ST1/; this library keeps them inside the
// generator, so code that reads those blocks directly is not supported (RMMAR and RMMARD keep theirs live).
#include <stdint.h>

#include <cstdio>

#include "common_blocks.hpp"
#include "legacy_api.hpp"
#include "legacy_stream.hpp"

extern "C" {
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

void rm48_initialise(V116& s) {
  gpurng_legacy_rm48_say_initialized(s.ijkl, s.ntot, s.ntot2);
  uint64_t passes = 0;
  for (int64_t loop2 = 1; loop2 <= static_cast<int64_t>(s.ntot2) + 1; ++loop2) {
    const int32_t now = loop2 == static_cast<int64_t>(s.ntot2) + 1 ? s.ntot : kModcns;
    if (now > 0) {
      gpurng_legacy_rm48_say_skipping(now);
      ++passes;  // each such pass runs NTOT steps, not NOW
    }
  }
  s.stream.start(s.ijkl, passes * static_cast<uint64_t>(s.ntot));
}

}  // namespace
}  // namespace legacy
}  // namespace gpurng

using namespace gpurng::legacy;

extern "C" GPURNG_LEGACY_API void ranmar_(float* rvec, const int32_t* lenv) {
  V113& s = v113();
  if (s.first) {
    s.ijkl = 54217137;
    s.ntot = s.ntot2 = 0;
    s.stream.start(s.ijkl, 0);
    s.first = false;
  }
  s.stream.draw(rvec, *lenv);
  count_call(&s.ntot, &s.ntot2, *lenv);
}

extern "C" GPURNG_LEGACY_API void rmarin_(const int32_t* ijklin, const int32_t* ntotin, const int32_t* nto2in) {
  V113& s = v113();
  check_seed("RMARIN", *ijklin);
  s.first = false;
  s.ijkl = *ijklin;
  s.stream.start(s.ijkl, restart_skip(*ntotin, *nto2in));
  s.ntot = s.ntot2 = 0;  // V113 resets its counters after the skip
}

extern "C" GPURNG_LEGACY_API void rmarut_(int32_t* ijklut, int32_t* ntotut, int32_t* nto2ut) {
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
    rm48_initialise(s);
  }
  s.stream.draw(rvec, *lenv);
  count_call(&s.ntot, &s.ntot2, *lenv);
}

extern "C" GPURNG_LEGACY_API void rm48in_(const int32_t* ijklin, const int32_t* ntotin, const int32_t* ntot2n) {
  V116& s = v116();
  check_seed("RM48IN", *ijklin);
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
