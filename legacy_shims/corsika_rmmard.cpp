// SPDX-License-Identifier: BSD-3-Clause
// CORSIKA's RMMARD / RMMAQD (D. Heck's double-precision multi-sequence RANMAR, in the CORSIKA source;
// docs/LEGACY.md), with the state kept live in the program's COMMON /CRRANMA4/ and the constants in /CRRANMA3/.
//
// CORSIKA's inline RANF and QGRAN and EPOS's ranfgt/ranfst read and write /CRRANMA4/ directly, so the
// block is the state: every call steps the table in the block itself (exact double arithmetic, as the
// original), and whatever other code wrote there between calls is where the next call continues.
//
// KSEQ, which fixes the block's layout, is taken from (first match wins):
//   1. the environment variable GPURNG_KSEQ;
//   2. the size of the program's /CRRANMA4/ (KSEQ = (size - 4) / 804), from the dynamic symbol table or,
//      for programs linked with the static library, the executable's symbol table;
//   3. GPURNG_LEGACY_KSEQ, fixed when the library is built (default 16), with private memory when the
//      program has no /CRRANMA4/ of its own.
#include <stdint.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "chopt.hpp"
#include "common_blocks.hpp"
#include "seed_audit.hpp"
#include "legacy_api.hpp"
#include "ranmar_table.hpp"

extern "C" {
extern char crranma3_[] __attribute__((weak));
extern char crranma4_[] __attribute__((weak));
void gpurng_legacy_unit11_write(int32_t ijkl, int32_t ntot, int32_t ntot2, int32_t i97, int32_t j97, double c,
                                const double* u, int32_t nu);
int32_t gpurng_legacy_unit11_read(int32_t* ijkl, int32_t* ntot, int32_t* ntot2, int32_t* i97, int32_t* j97, double* c,
                                  double* u, int32_t nu);
}

#ifndef GPURNG_LEGACY_KSEQ
#define GPURNG_LEGACY_KSEQ 16
#endif

namespace gpurng {
namespace legacy {
namespace {

// /CRRANMA3/: CD, CINT, CM, TWOM24, TWOM48 (REAL*8), MODCNS (INTEGER).
struct Constants {
  double cd, cint, cm, twom24, twom48;
  int32_t modcns;
};

// /CRRANMA4/ for a given KSEQ: C(KSEQ), U(97,KSEQ), IJKL, I97, J97, NTOT, NTOT2 (KSEQ each), JSEQ. The arrays'
// addresses are worked out once, when the block is found (set_layout): a call only adds the sequence's index.
struct Crranma4 {
  char* base;
  int32_t kseq;
  double* c_arr = nullptr;      // C(1)
  double* u_arr = nullptr;      // U(1,1)
  int32_t* int_arr[5] = {};     // IJKL(1), I97(1), J97(1), NTOT(1), NTOT2(1)
  int32_t* jseq_ptr = nullptr;  // JSEQ
  void set_layout() {
    c_arr = reinterpret_cast<double*>(base);
    u_arr = reinterpret_cast<double*>(base + 8 * kseq);
    for (int a = 0; a < 5; ++a) int_arr[a] = reinterpret_cast<int32_t*>(base + 784 * kseq + 4 * kseq * a);
    jseq_ptr = reinterpret_cast<int32_t*>(base + 804 * kseq);
  }
  double* c(int32_t k) const { return c_arr + (k - 1); }
  double* u(int32_t k) const { return u_arr + kTable * (k - 1); }
  double* u_all() const { return u_arr; }
  int32_t* ints(int32_t array, int32_t k) const { return int_arr[array] + (k - 1); }  // 0..4: IJKL .. NTOT2
  int32_t* ijkl(int32_t k) const { return ints(0, k); }
  int32_t* i97(int32_t k) const { return ints(1, k); }
  int32_t* j97(int32_t k) const { return ints(2, k); }
  int32_t* ntot(int32_t k) const { return ints(3, k); }
  int32_t* ntot2(int32_t k) const { return ints(4, k); }
  int32_t* jseq() const { return jseq_ptr; }
  size_t bytes() const { return (static_cast<size_t>(804) * kseq + 4 + 7) / 8 * 8; }

  // The element the original addresses for any index, even outside 1..KSEQ or 1..97 (Fortran does not
  // check): a pointer when it lies inside the block (e.g. U(0,1) is C(KSEQ), IJKL(KSEQ+1) is I97(1)),
  // else NULL, where the original would touch memory outside it.
  size_t size = 0;  // the block's bytes (the program's symbol size when known)
  template <typename T>
  T* inside(int64_t byte) const {
    if (byte < 0 || static_cast<size_t>(byte) + sizeof(T) > size) return nullptr;
    return reinterpret_cast<T*>(base + byte);
  }
  double* c_at(int64_t k) const { return inside<double>(8 * (k - 1)); }
  double* u_at(int64_t i, int64_t k) const { return inside<double>(8 * kseq + 8 * ((i - 1) + kTable * (k - 1))); }
  int32_t* int_at(int array, int64_t k) const {
    return inside<int32_t>(784 * static_cast<int64_t>(kseq) + 4 * kseq * array + 4 * (k - 1));
  }
};

struct Blocks {
  Constants* constants;
  Crranma4 state;
};

int32_t kseq_from_environment() {
  const char* env = std::getenv("GPURNG_KSEQ");
  if (!env || !*env) return 0;
  char* end = nullptr;
  const long v = std::strtol(env, &end, 10);
  if (*end != '\0' || v < 1 || v > 100000) {
    say_once("kseq-env", "GPURNG_KSEQ must be an integer 1..100000; ignored");
    return 0;
  }
  return static_cast<int32_t>(v);
}

Blocks find_blocks() {
  Blocks b{};
  const CommonBlock c3 = find_common("crranma3_", crranma3_);
  b.constants = c3.base ? reinterpret_cast<Constants*>(c3.base) : new Constants{};
  const CommonBlock c4 = find_common("crranma4_", crranma4_);
  int32_t kseq = kseq_from_environment();
  const int32_t from_size = c4.size >= 808 ? static_cast<int32_t>((c4.size - 4) / 804) : 0;
  if (kseq && from_size && kseq != from_size) {
    char line[200];
    std::snprintf(line, sizeof line, "GPURNG_KSEQ=%d but the program's /CRRANMA4/ holds KSEQ=%d; using %d", kseq,
                  from_size, kseq);
    say_once("kseq-mismatch", line);
  }
  if (!kseq) kseq = from_size;
  if (!kseq) {
    kseq = GPURNG_LEGACY_KSEQ;
    if (c4.program_owned) {
      char line[200];
      std::snprintf(line, sizeof line,
                    "cannot find the size of the program's /CRRANMA4/; assuming KSEQ=%d (set GPURNG_KSEQ)", kseq);
      say_once("kseq-unknown", line);
    }
  }
  b.state.kseq = kseq;
  if (c4.program_owned) {
    b.state.base = c4.base;
  } else {
    b.state.base = static_cast<char*>(std::calloc(1, (static_cast<size_t>(804) * kseq + 4 + 7) / 8 * 8));
  }
  b.state.size = c4.program_owned && c4.size >= b.state.bytes() ? c4.size : b.state.bytes();
  b.state.set_layout();
  // The original initialises JSEQ to 1 (DATA JSEQ/1/); a program-owned block starts as zeros.
  if (*b.state.jseq() == 0) *b.state.jseq() = 1;
  return b;
}

Blocks& blocks() {
  static Blocks b = find_blocks();
  return b;
}

// JSEQ must read 1 before any call, as the original's DATA JSEQ/1/ makes it, even for code that looks
// at the block before the first RMMARD: set it when the library is loaded, before the program runs.
__attribute__((constructor)) void initialise_jseq_at_load() { blocks(); }

// RMMARD on a state the original would index out of range (JSEQ outside 1..KSEQ, I97 or J97 outside
// 1..97, as before any RMMAQD): the original's statements in their order, each element addressed as
// the original addresses it. Stops, with a message, at the first access outside the block.
void step_as_addressed(const Crranma4& s, const Constants& kc, int32_t k, double* rvec, int32_t lenv) {
  int32_t* i97 = s.int_at(1, k);
  int32_t* j97 = s.int_at(2, k);
  double* c = s.c_at(k);
  for (int32_t v = 0; v < lenv; ++v) {
    double* ui = i97 ? s.u_at(*i97, k) : nullptr;
    double* uj = j97 ? s.u_at(*j97, k) : nullptr;
    if (!ui || !uj || !c) {
      say_once("rmmard-outside",
               "RMMARD: the state in /CRRANMA4/ makes the original address memory outside the "
               "block; stopped there");
      return;
    }
    double uni = *ui - *uj;
    if (uni < 0) uni += 1;
    *ui = uni;
    *i97 -= 1;
    if (*i97 == 0) *i97 = kTable;
    *j97 -= 1;
    if (*j97 == 0) *j97 = kTable;
    *c -= kc.cd;
    if (*c < 0) *c += kc.cm;
    uni -= *c;
    if (uni < 0) uni += 1;
    if (uni == 0) uni = kc.twom48;
    rvec[v] = uni;
  }
  int32_t* ntot = s.int_at(3, k);
  int32_t* ntot2 = s.int_at(4, k);
  if (ntot && ntot2) count_call(ntot, ntot2, lenv, kc.modcns);
}

bool in_range(int32_t k, int32_t kseq) { return k >= 1 && k <= kseq; }

}  // namespace
}  // namespace legacy
}  // namespace gpurng

using namespace gpurng::legacy;

// The per-call work is the original's: the sequence, the range checks that decide between the exact-addressing
// path and the table loop, the constants' test inside step_table_any and the counters; the block's layout was
// worked out once (Crranma4::set_layout). Everything is read from the live blocks at every call.
extern "C" GPURNG_LEGACY_API void rmmard_(double* rvec, const int32_t* lenv, const int32_t* iseq) {
  Blocks& b = blocks();
  const Crranma4& s = b.state;
  if (__builtin_expect(in_range(*iseq, s.kseq), 1)) {
    *s.jseq() = *iseq;
  } else {
    static std::atomic<bool> said{false};  // the line is formatted once, not at every such call
    if (!said.exchange(true, std::memory_order_relaxed)) {
      char line[160];
      std::snprintf(line, sizeof line,
                    "RMMARD: ISEQ=%d is outside 1..KSEQ=%d; continuing sequence JSEQ as the original does", *iseq,
                    s.kseq);
      say_once("rmmard-iseq", line);
    }
  }
  const int32_t k = *s.jseq();
  const Constants& kc = *b.constants;
  if (__builtin_expect(kc.cm == 0, 0))
    say_once("rmmard-uninit", "RMMARD called before RMMAQD set /CRRANMA3/: the original's zero constants are used");
  if (__builtin_expect(!in_range(k, s.kseq) || !in_range(*s.i97(k), kTable) || !in_range(*s.j97(k), kTable), 0)) {
    step_as_addressed(s, kc, k, rvec, *lenv);
    return;
  }
  const double twom48 = kc.twom48;
  step_table_any(s.u(k), s.c(k), s.i97(k), s.j97(k), kc.cd, kc.cm, rvec, *lenv, [&] { return twom48; });
  count_call(s.ntot(k), s.ntot2(k), *lenv, kc.modcns);
}

extern "C" GPURNG_LEGACY_API void rmmaqd_(int32_t* iseed, int32_t* iseq, const char* chopt, size_t chopt_len) {
  Blocks& b = blocks();
  const Crranma4& s = b.state;
  Constants& kc = *b.constants;
  static bool first = true;
  if (first) {
    kc.twom24 = 1.0 / 16777216.0;
    kc.twom48 = kc.twom24 * kc.twom24;
    kc.cd = kCD<double>;
    kc.cm = kCM<double>;
    kc.cint = kCINT<double>;
    kc.modcns = kModcns;
    first = false;
  }
  Chopt opt = read_chopt(chopt, chopt_len);
  if (opt.blank()) {
    iseed[0] = 54217137;
    iseed[1] = 0;
    iseed[2] = 0;
    opt.text[0] = 'S';
    *s.jseq() = 1;
  }
  if (opt.has('S')) {
    if (in_range(*iseq, s.kseq)) *s.jseq() = *iseq;
    const int32_t k = *s.jseq();
    if (!in_range(k, s.kseq)) {
      say_once("rmmaqd-jseq", "RMMAQD: JSEQ is outside 1..KSEQ; nothing set");
      return;
    }
    if (opt.has('V')) {
      int32_t ijkl, ntot, ntot2, i97, j97;
      double c;
      std::vector<double> u(static_cast<size_t>(kTable) * s.kseq);
      if (gpurng_legacy_unit11_read(&ijkl, &ntot, &ntot2, &i97, &j97, &c, u.data(), kTable * s.kseq) != 0) {
        say_once("rmmaqd-sv", "RMMAQD 'SV': could not read the state records from unit 11; nothing set");
        return;
      }
      *s.ijkl(k) = ijkl;
      *s.ntot(k) = ntot;
      *s.ntot2(k) = ntot2;
      *s.i97(k) = i97;
      *s.j97(k) = j97;
      *s.c(k) = c;
      std::memcpy(s.u_all(), u.data(), u.size() * sizeof(double));
      kc.cd = kCD<double>;
      kc.cm = kCM<double>;
    } else {
      check_seed("RMMAQD", iseed[0]);
      audit_seeding("RMMAQD", k, iseed[0], iseed[1], iseed[2]);
      *s.ijkl(k) = iseed[0];
      *s.ntot(k) = iseed[1];
      *s.ntot2(k) = iseed[2];
      const TableState<double> t = table_after<double, 48>(iseed[0], restart_skip(iseed[1], iseed[2]));
      *s.i97(k) = t.i97;
      *s.j97(k) = t.j97;
      *s.c(k) = t.c;
      std::memcpy(s.u(k), t.u, sizeof t.u);
    }
  } else if (opt.has('R')) {
    if (*iseq > 0) {
      *s.jseq() = *iseq;
    } else {
      *iseq = *s.jseq();
    }
    const int32_t k = *s.jseq();
    // As in the original, k is not checked against KSEQ: IJKL(KSEQ+1) is I97(1), and so on.
    int32_t* f[5] = {s.int_at(0, k), s.int_at(3, k), s.int_at(4, k), s.int_at(1, k), s.int_at(2, k)};
    double* c = s.c_at(k);
    if (!f[0] || !f[1] || !f[2] || (opt.has('V') && (!f[3] || !f[4] || !c))) {
      say_once("rmmaqd-r", "RMMAQD 'R': ISEQ makes the original read outside /CRRANMA4/; ISEED unchanged");
      return;
    }
    if (!in_range(k, s.kseq))
      say_once("rmmaqd-r-range", "RMMAQD 'R': ISEQ is outside 1..KSEQ; read as the original reads it");
    if (opt.has('V')) {
      gpurng_legacy_unit11_write(*f[0], *f[1], *f[2], *f[3], *f[4], *c, s.u_all(), kTable * s.kseq);
    } else {
      iseed[0] = *f[0];
      iseed[1] = *f[1];
      iseed[2] = *f[2];
    }
  } else {
    char line[100];
    std::snprintf(line, sizeof line, "RMMAQD: option '%.12s' has no upper-case S or R; nothing done (as the original)",
                  opt.text);
    say_once("rmmaqd-opt", line);
  }
}
