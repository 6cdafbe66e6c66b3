/* SPDX-License-Identifier: BSD-3-Clause */
/* legacy_c_reference.h: a deliberately naive oracle for the C-library and gfortran generators that
 * libgpurng_preload.so replaces, written straight from their public definitions (glibc's random_r.c, rand_r.c
 * and drand48-iter.c, POSIX drand48, Park and Miller 1988, libgfortran's intrinsics/rand.c). No tables, no
 * jump-ahead, no tricks: each function is the textbook loop, so that a test comparing the shim (or glibc
 * itself) with it compares against something obviously right.
 * Header-only; compiles as C99 and as C++17. Everything is `static inline` and prefixed `ref_`. */
#ifndef GPURNG_TESTS_LEGACY_C_REFERENCE_H
#define GPURNG_TESTS_LEGACY_C_REFERENCE_H

#include <math.h>
#include <stdint.h>

/* ---------------------------------------------------------------------------------------------
 * glibc random()/srandom()/initstate()/setstate() (glibc random.c, random_r.c)
 * ------------------------------------------------------------------------------------------- */

#define REF_RANDOM_MAX_TYPES 5
#define REF_RANDOM_MAX_DEG 63

typedef struct {
  int32_t r[REF_RANDOM_MAX_DEG]; /* the generator words (TYPE_0: r[0] is the LCG state) */
  int type;                      /* 0..4 */
  int deg;                       /* 0, 7, 15, 31, 63 */
  int sep;                       /* 0, 3, 1, 3, 1 */
  int f, b;                      /* front and rear (glibc's fptr and rptr) as indices into r */
} ref_random_state;

static const int ref_random_degrees[REF_RANDOM_MAX_TYPES] = {0, 7, 15, 31, 63};
static const int ref_random_seps[REF_RANDOM_MAX_TYPES] = {0, 3, 1, 3, 1};

/* The TYPE initstate() picks for a buffer of n bytes; -1 when n < 8 (glibc: NULL, errno EINVAL). */
static inline int ref_random_type_for_bytes(unsigned long n) {
  if (n < 8) return -1;
  if (n < 32) return 0;
  if (n < 64) return 1;
  if (n < 128) return 2;
  if (n < 256) return 3;
  return 4;
}

/* One output. TYPE_0 is the plain LCG; the others the additive lagged-Fibonacci step. */
static inline int32_t ref_random_next(ref_random_state *s) {
  if (s->type == 0) {
    uint32_t v = ((uint32_t)s->r[0] * 1103515245u + 12345u) & 0x7fffffffu;
    s->r[0] = (int32_t)v;
    return (int32_t)v;
  }
  s->r[s->f] = (int32_t)((uint32_t)s->r[s->f] + (uint32_t)s->r[s->b]); /* uint32 wrap-around */
  {
    int32_t out = (int32_t)((uint32_t)s->r[s->f] >> 1);
    s->f = (s->f + 1) % s->deg;
    s->b = (s->b + 1) % s->deg;
    return out;
  }
}

/* srandom(seed) on a state whose type is already set (as glibc's __srandom_r). */
static inline void ref_random_reseed(ref_random_state *s, unsigned int seed) {
  int i;
  int32_t word;
  if (seed == 0) seed = 1;
  s->r[0] = (int32_t)seed; /* stored raw: seeds >= 2^31 become negative words */
  if (s->type == 0) return;
  word = (int32_t)seed;
  for (i = 1; i < s->deg; ++i) {
    /* Schrage's 16807 mod (2^31-1) with C's truncating division on long: for a negative word the
     * signs of hi and lo are part of the definition. */
    long hi = (long)word / 127773;
    long lo = (long)word % 127773;
    word = (int32_t)(16807 * lo - 2836 * hi);
    if (word < 0) word += 2147483647;
    s->r[i] = word;
  }
  s->f = s->sep;
  s->b = 0;
  for (i = 0; i < 10 * s->deg; ++i) (void)ref_random_next(s);
}

/* A fresh generator of the given TYPE (0..4) seeded as initstate(seed, buf, n) seeds it. */
static inline void ref_random_init(ref_random_state *s, int type, unsigned int seed) {
  int i;
  for (i = 0; i < REF_RANDOM_MAX_DEG; ++i) s->r[i] = 0;
  s->type = type;
  s->deg = ref_random_degrees[type];
  s->sep = ref_random_seps[type];
  s->f = 0;
  s->b = 0;
  ref_random_reseed(s, seed);
}

/* The int32 words glibc keeps in a caller's initstate() buffer: word 0 = MAX_TYPES * rear + type
 * (TYPE_0 stores 0), generator words from word 1. `words` needs 1 + deg entries (2 for TYPE_0). */
static inline void ref_random_to_buffer(const ref_random_state *s, int32_t *words) {
  int i;
  words[0] = s->type == 0 ? 0 : REF_RANDOM_MAX_TYPES * s->b + s->type;
  if (s->type == 0) {
    words[1] = s->r[0];
    return;
  }
  for (i = 0; i < s->deg; ++i) words[1 + i] = s->r[i];
}

/* The inverse (what setstate() decodes): rear = w0 / 5, front = (rear + sep) % deg. Returns 0, or -1
 * for an invalid type (glibc: NULL, errno EINVAL). */
static inline int ref_random_from_buffer(ref_random_state *s, const int32_t *words) {
  int i, type = (int)(words[0] % REF_RANDOM_MAX_TYPES);
  if (type < 0) return -1; /* C's remainder: a negative word 0 gives a negative type */
  s->type = type;
  s->deg = ref_random_degrees[type];
  s->sep = ref_random_seps[type];
  if (type == 0) {
    s->r[0] = words[1];
    s->f = s->b = 0;
    return 0;
  }
  for (i = 0; i < s->deg; ++i) s->r[i] = words[1 + i];
  s->b = (int)(words[0] / REF_RANDOM_MAX_TYPES);
  s->f = (s->b + s->sep) % s->deg;
  return 0;
}

/* ---------------------------------------------------------------------------------------------
 * rand_r (glibc rand_r.c): three LCG steps, 11 + 10 + 10 bits.
 * ------------------------------------------------------------------------------------------- */
static inline int ref_rand_r(unsigned int *seed) {
  unsigned int next = *seed;
  unsigned int result;
  next = next * 1103515245u + 12345u;
  result = (next / 65536u) % 2048u;
  next = next * 1103515245u + 12345u;
  result <<= 10;
  result ^= (next / 65536u) % 1024u;
  next = next * 1103515245u + 12345u;
  result <<= 10;
  result ^= (next / 65536u) % 1024u;
  *seed = next;
  return (int)result;
}

/* ---------------------------------------------------------------------------------------------
 * drand48 family (POSIX drand48; glibc drand48-iter.c). One explicit struct for the global X, a, c.
 * ------------------------------------------------------------------------------------------- */
#define REF_DRAND48_MASK ((((uint64_t)1) << 48) - 1)
#define REF_DRAND48_A UINT64_C(0x5DEECE66D)
#define REF_DRAND48_C UINT64_C(0xB)

typedef struct {
  uint64_t x, a, c;
} ref_drand48_state;

/* glibc before any seeding: X = 0, a and c the defaults (set lazily on first use). */
static inline void ref_drand48_unseeded(ref_drand48_state *g) {
  g->x = 0;
  g->a = REF_DRAND48_A;
  g->c = REF_DRAND48_C;
}

/* X' = (a*X + c) mod 2^48; the uint64 product may wrap, which is harmless modulo 2^48. */
static inline uint64_t ref_drand48_step_x(const ref_drand48_state *g, uint64_t x) {
  return (g->a * x + g->c) & REF_DRAND48_MASK;
}
static inline uint64_t ref_drand48_step(ref_drand48_state *g) { return g->x = ref_drand48_step_x(g, g->x); }

static inline double ref_drand48_double(uint64_t x) { return ldexp((double)x, -48); }
static inline long ref_drand48_lbits(uint64_t x) { return (long)(x >> 17); }
static inline long ref_drand48_mbits(uint64_t x) { return (long)(int32_t)(uint32_t)(x >> 16); }

static inline double ref_drand48(ref_drand48_state *g) { return ref_drand48_double(ref_drand48_step(g)); }
static inline long ref_lrand48(ref_drand48_state *g) { return ref_drand48_lbits(ref_drand48_step(g)); }
static inline long ref_mrand48(ref_drand48_state *g) { return ref_drand48_mbits(ref_drand48_step(g)); }

/* xsubi[3] (x[0] = low 16 bits) <-> 48-bit X */
static inline uint64_t ref_drand48_pack(const unsigned short v[3]) {
  return (uint64_t)v[0] | ((uint64_t)v[1] << 16) | ((uint64_t)v[2] << 32);
}
static inline void ref_drand48_unpack(uint64_t x, unsigned short v[3]) {
  v[0] = (unsigned short)(x & 0xffff);
  v[1] = (unsigned short)((x >> 16) & 0xffff);
  v[2] = (unsigned short)((x >> 32) & 0xffff);
}
/* erand48/nrand48/jrand48: the caller's X, but the GLOBAL a and c (POSIX: lcong48 sets them for all; easy to miss). */
static inline double ref_erand48(const ref_drand48_state *g, unsigned short xsubi[3]) {
  uint64_t x = ref_drand48_step_x(g, ref_drand48_pack(xsubi));
  ref_drand48_unpack(x, xsubi);
  return ref_drand48_double(x);
}
static inline long ref_nrand48(const ref_drand48_state *g, unsigned short xsubi[3]) {
  uint64_t x = ref_drand48_step_x(g, ref_drand48_pack(xsubi));
  ref_drand48_unpack(x, xsubi);
  return ref_drand48_lbits(x);
}
static inline long ref_jrand48(const ref_drand48_state *g, unsigned short xsubi[3]) {
  uint64_t x = ref_drand48_step_x(g, ref_drand48_pack(xsubi));
  ref_drand48_unpack(x, xsubi);
  return ref_drand48_mbits(x);
}

/* srand48: only the low 32 bits of the long seed count, even on LP64. */
static inline void ref_srand48(ref_drand48_state *g, long seed) {
  g->x = (((uint64_t)seed & 0xffffffffu) << 16) | 0x330E;
  g->a = REF_DRAND48_A;
  g->c = REF_DRAND48_C;
}
/* seed48: X = v[2]:v[1]:v[0], defaults for a and c; `old` receives the previous X. */
static inline void ref_seed48(ref_drand48_state *g, const unsigned short v[3], unsigned short old[3]) {
  ref_drand48_unpack(g->x, old);
  g->x = ref_drand48_pack(v);
  g->a = REF_DRAND48_A;
  g->c = REF_DRAND48_C;
}
/* lcong48: X = p[0..2], a = p[3..5], c = p[6]. */
static inline void ref_lcong48(ref_drand48_state *g, const unsigned short p[7]) {
  g->x = ref_drand48_pack(p);
  g->a = ref_drand48_pack(p + 3);
  g->c = p[6];
}

/* ---------------------------------------------------------------------------------------------
 * Park-Miller / Lehmer (Park and Miller, CACM 31 (1988) 1192), in 64-bit arithmetic rather than Schrage
 * so that it is independent of any Schrage implementation.
 * ------------------------------------------------------------------------------------------- */
static inline uint32_t ref_park_miller_next(uint32_t a, uint32_t x) {
  return (uint32_t)(((uint64_t)a * x) % UINT64_C(2147483647));
}

/* ---------------------------------------------------------------------------------------------
 * gfortran RAND / IRAND / SRAND (libgfortran intrinsics/rand.c): Park-Miller 16807 on a 64-bit unsigned seed.
 * ------------------------------------------------------------------------------------------- */
typedef struct {
  uint64_t seed; /* default 1 */
} ref_gfortran_state;

static inline void ref_gfortran_default(ref_gfortran_state *g) { g->seed = 1; }

/* SRAND(i): the INTEGER(4) argument is sign-extended to 64 bits and kept as unsigned. */
static inline void ref_gfortran_srand(ref_gfortran_state *g, int32_t i) {
  g->seed = i ? (uint64_t)(int64_t)i : UINT64_C(123459876);
}

/* IRAND(flag): 0 next value, 1 reseed as SRAND(0) first, any other k reseed with k first. The
 * product wraps modulo 2^64 before the remainder (it matters after a negative SRAND). */
static inline int32_t ref_gfortran_irand(ref_gfortran_state *g, int32_t flag) {
  if (flag == 1)
    ref_gfortran_srand(g, 0);
  else if (flag != 0)
    ref_gfortran_srand(g, flag);
  g->seed = (UINT64_C(16807) * g->seed) % UINT64_C(2147483647);
  return (int32_t)g->seed;
}

/* RAND(flag): top 23 bits of irand - 1, times 2^-31; exact in float. */
static inline float ref_gfortran_rand(ref_gfortran_state *g, int32_t flag) {
  uint32_t bits = ((uint32_t)ref_gfortran_irand(g, flag) - 1u) & (~0u << 9);
  return (float)ldexp((double)bits, -31);
}

#endif /* GPURNG_TESTS_LEGACY_C_REFERENCE_H */
