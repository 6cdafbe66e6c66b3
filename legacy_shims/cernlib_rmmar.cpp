// SPDX-License-Identifier: BSD-3-Clause
// CERNLIB V113 RMMAR / RMMAQ (V113 long writeup and KERNLIB source; docs/LEGACY.md): 24-bit multi-sequence
// RANMAR with its state in the program's COMMON /RANMA2/ JSEQ, IU(103*N). Record k starts at word 1 + 103(k-1):
// IJKL, NTOT, NTOT2, U(1..97) and C as REAL bit patterns, I97, J97. The CERNLIB write-up has users enlarge
// /RANMA2/ for N sequences; the original does no bounds check, the library checks against the program's block
// and says so on stderr instead of writing past it. A program without /RANMA2/ gets private records.
#include <stdint.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "chopt.hpp"
#include "common_blocks.hpp"
#include "seed_audit.hpp"
#include "legacy_api.hpp"
#include "ranmar_table.hpp"

extern "C" {
extern char ranma2_[] __attribute__((weak));
}

namespace gpurng {
namespace legacy {
namespace {

constexpr int32_t kRecordWords = 103;
typedef float __attribute__((may_alias)) aliased_float;
typedef int32_t __attribute__((may_alias)) aliased_int;

struct Record {
  aliased_int* w;
  aliased_float* u() const { return reinterpret_cast<aliased_float*>(w + 3); }  // U(1..97)
  aliased_float* c() const { return reinterpret_cast<aliased_float*>(w + 100); }
  aliased_int* i97() const { return w + 101; }
  aliased_int* j97() const { return w + 102; }
};

struct Ranma2 {
  aliased_int* words = nullptr;         // word 0: JSEQ
  int32_t sequences = 0;                // records the block holds; 0 = unknown size (trusted)
  std::vector<int32_t>* own = nullptr;  // private block when the program has none
  aliased_int* jseq() const { return words; }
  // Record k, or NULL when it lies outside the program's block.
  aliased_int* record(int32_t k) {
    if (k < 1) return nullptr;
    if (own) {
      if (k > 1000000) return nullptr;
      const size_t need = 1 + static_cast<size_t>(kRecordWords) * k;
      if (own->size() < need) {
        own->resize(need, 0);
        words = reinterpret_cast<aliased_int*>(own->data());
      }
    } else if (sequences && k > sequences) {
      return nullptr;
    }
    return words + 1 + static_cast<size_t>(kRecordWords) * (k - 1);
  }
};

Ranma2& block() {
  static Ranma2 b = [] {
    Ranma2 r;
    const CommonBlock c = find_common("ranma2_", ranma2_);
    if (c.program_owned) {
      r.words = reinterpret_cast<aliased_int*>(c.base);
      r.sequences = c.size >= 4 + 4 * kRecordWords ? static_cast<int32_t>((c.size - 4) / (4 * kRecordWords)) : 0;
    } else {
      r.own = new std::vector<int32_t>(1 + kRecordWords, 0);
      r.words = reinterpret_cast<aliased_int*>(r.own->data());
    }
    return r;
  }();
  return b;
}

void say_outside(const char* who, int32_t k) {
  char line[200];
  std::snprintf(line, sizeof line,
                "%s: sequence %d lies outside the program's /RANMA2/ (enlarge it to 1+103*N words); nothing done", who,
                k);
  say_once(who, line);
}

}  // namespace
}  // namespace legacy
}  // namespace gpurng

using namespace gpurng::legacy;

extern "C" GPURNG_LEGACY_API void rmmar_(float* rvec, const int32_t* lenv, const int32_t* iseq) {
  Ranma2& b = block();
  if (*iseq > 0) *b.jseq() = *iseq;
  const int32_t k = *b.jseq();
  aliased_int* w = b.record(k);
  aliased_int* w1 = b.record(1);
  if (!w || !w1) return say_outside("RMMAR", k);
  const Record r{w};
  if (*r.i97() < 1 || *r.i97() > kTable || *r.j97() < 1 || *r.j97() > kTable) {
    say_once("rmmar-uninit", "RMMAR: the sequence was never set by RMMAQ (I97/J97 out of range); nothing generated");
    return;
  }
  // The zero replacement reads U(2) without the sequence base: sequence 1's, whatever ISEQ is.
  const aliased_float* u2_of_sequence_1 = Record{w1}.u() + 1;
  const float twom24 = 1.0f / 16777216.0f;
  float c = *r.c();
  int32_t i97 = *r.i97(), j97 = *r.j97();
  step_table_any<float>(reinterpret_cast<float*>(r.u()), &c, &i97, &j97, kCD<float>, kCM<float>, rvec, *lenv, [&] {
    const float z = twom24 * *u2_of_sequence_1;
    return z != 0 ? z : twom24 * twom24;
  });
  *r.c() = c;
  *r.i97() = i97;
  *r.j97() = j97;
  count_call(&w[1], &w[2], *lenv);
}

extern "C" GPURNG_LEGACY_API void rmmaq_(int32_t* iseed, int32_t* iseq, const char* chopt, size_t chopt_len) {
  Ranma2& b = block();
  Chopt opt = read_chopt(chopt, chopt_len);
  if (opt.blank()) {
    iseed[0] = 54217137;
    iseed[1] = 0;
    iseed[2] = 0;
    *b.jseq() = 1;
    opt.text[0] = 'S';
  }
  if (opt.has('S')) {
    if (*iseq > 0) *b.jseq() = *iseq;
    const int32_t k = *b.jseq();
    aliased_int* w = b.record(k);
    if (!w) return say_outside("RMMAQ", k);
    if (opt.has('V')) {
      std::memcpy(w, iseed, sizeof(int32_t) * kRecordWords);
      return;
    }
    check_seed("RMMAQ", iseed[0]);
    audit_seeding("RMMAQ", k, iseed[0], iseed[1], iseed[2]);
    w[0] = iseed[0];
    w[1] = iseed[1];
    w[2] = iseed[2];
    const TableState<float> t = table_after<float, 24>(iseed[0], restart_skip(iseed[1], iseed[2]));
    const Record r{w};
    std::memcpy(r.u(), t.u, sizeof t.u);
    *r.c() = t.c;
    *r.i97() = t.i97;
    *r.j97() = t.j97;
  } else if (opt.has('R')) {
    if (*iseq > 0) {
      *b.jseq() = *iseq;
    } else {
      *iseq = *b.jseq();
    }
    const int32_t k = *b.jseq();
    aliased_int* w = b.record(k);
    if (!w) return say_outside("RMMAQ", k);
    std::memcpy(iseed, w, sizeof(int32_t) * (opt.has('V') ? kRecordWords : 3));
  } else {
    char line[100];
    std::snprintf(line, sizeof line, "RMMAQ: option '%.12s' has no upper-case S or R; nothing done (as the original)",
                  opt.text);
    say_once("rmmaq-opt", line);
  }
}
