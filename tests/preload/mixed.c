/* SPDX-License-Identifier: BSD-3-Clause */
/* mixed.c: the random() and drand48() families through their awkward corners, for the preload shim
 * comparison (run_compare.sh runs it without and with LD_PRELOAD; stdout must be identical).
 * Every draw is also checked against the naive reference (legacy_c_reference.h), so a run without
 * the shim checks the reference against live glibc, and a run with it checks the shim on its own.
 * A mismatch prints a MISMATCH line and the exit status is 1.
 * Pointers are printed as "bufK+offset" relative to this program's own buffers, or "default" (the
 * static state differs between glibc and the shim), or "NULL". */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "legacy_c_reference.h"

static int failures;

/* ---------------------------------------------------------------------------------------------
 * random() family. Buffer 0 of the model is the default state; buffers 1..NBUF are ours.
 * ------------------------------------------------------------------------------------------- */
#define NBUF 16
#define BUF_WORDS 80 /* 320 bytes: room for every size below and TYPE_4 */
static int32_t bufs[NBUF + 1][BUF_WORDS];
static size_t buf_bytes[NBUF + 1];   /* the n given to initstate, or the crafted size */
static ref_random_state model[NBUF + 1];
static int cur;                      /* which model buffer is active */
static char *default_ptr;            /* what the first initstate returned for the default state */

static const char *name_ptr(const char *p) {
  static char text[8][48];
  static int slot;
  char *out = text[slot++ % 8];
  int k;
  if (p == NULL) return "NULL";
  for (k = 1; k <= NBUF; ++k)
    if (p >= (const char *)bufs[k] && p < (const char *)bufs[k] + sizeof bufs[k]) {
      snprintf(out, 48, "buf%d+%ld", k, (long)(p - (const char *)bufs[k]));
      return out;
    }
  return "default";
}

static void fill_sentinel(int k) {
  int i;
  for (i = 0; i < BUF_WORDS; ++i) bufs[k][i] = (int32_t)(0xA5A50000u + (uint32_t)i);
}

static void draw_random(const char *what, int count) {
  int i;
  for (i = 0; i < count; ++i) {
    long got = (i % 2) ? random() : (long)rand(); /* the same generator: alternate the names */
    long want = ref_random_next(&model[cur]);
    printf("%s %d: %ld\n", what, i, got);
    if (got != want) {
      printf("MISMATCH %s %d: got %ld, reference %ld\n", what, i, got, want);
      ++failures;
    }
  }
}

/* After a switch away from buffer k, glibc has stored the rear index in word 0: the whole buffer
 * must now be the reference's encoding, and every word beyond it still our sentinel. */
static void check_left_buffer(int k) {
  int32_t want[1 + REF_RANDOM_MAX_DEG];
  int used = model[k].type == 0 ? 2 : 1 + model[k].deg;
  int i;
  ref_random_to_buffer(&model[k], want);
  printf("buf%d words:", k);
  for (i = 0; i < (int)(buf_bytes[k] / 4); ++i) printf(" %08x", (uint32_t)bufs[k][i]);
  printf("\n");
  for (i = 0; i < used; ++i)
    if (bufs[k][i] != want[i]) {
      printf("MISMATCH buf%d word %d: %08x, reference %08x\n", k, i, (uint32_t)bufs[k][i], (uint32_t)want[i]);
      ++failures;
    }
  for (i = used; i < BUF_WORDS; ++i)
    if (bufs[k][i] != (int32_t)(0xA5A50000u + (uint32_t)i)) {
      printf("MISMATCH buf%d word %d beyond the state was written: %08x\n", k, i, (uint32_t)bufs[k][i]);
      ++failures;
    }
}

static void expect_ptr(const char *call, const char *got, int want_buf) {
  const char *want = want_buf < 0 ? "NULL" : want_buf == 0 ? "default" : NULL;
  char tmp[48];
  if (want == NULL) {
    snprintf(tmp, sizeof tmp, "buf%d+0", want_buf);
    want = tmp;
  }
  printf("%s returned %s\n", call, name_ptr(got));
  if (strcmp(name_ptr(got), want) != 0) {
    printf("MISMATCH %s returned %s, expected %s\n", call, name_ptr(got), want);
    ++failures;
  }
}

static void do_initstate(unsigned seed, int k, size_t n) {
  char call[64];
  int type = ref_random_type_for_bytes(n);
  int old = cur;
  char *ret;
  snprintf(call, sizeof call, "initstate(%u, buf%d, %zu)", seed, k, n);
  fill_sentinel(k);
  buf_bytes[k] = n;
  errno = 0;
  ret = initstate(seed, (char *)bufs[k], n);
  if (old == 0 && type >= 0 && default_ptr == NULL) default_ptr = ret;
  if (type < 0) {
    printf("%s errno %s\n", call, errno == EINVAL ? "EINVAL" : "not EINVAL");
    if (errno != EINVAL) ++failures;
    expect_ptr(call, ret, -1);
    printf("buf%d words after the failed call: %08x %08x\n", k, (uint32_t)bufs[k][0], (uint32_t)bufs[k][1]);
    if (bufs[k][0] != (int32_t)0xA5A50000u || bufs[k][1] != (int32_t)0xA5A50001u) ++failures;
    return;
  }
  expect_ptr(call, ret, old);
  ref_random_init(&model[k], type, seed);
  cur = k;
  if (old != 0) check_left_buffer(old);
}

static void do_setstate(int k, const char *label) {
  char call[96];
  int old = cur;
  char *ret;
  snprintf(call, sizeof call, "setstate(%s)", label);
  ret = setstate(k == 0 ? default_ptr : (char *)bufs[k]);
  expect_ptr(call, ret, old);
  cur = k;
  if (old != 0 && old != k) check_left_buffer(old);
}

/* A buffer written by hand: word 0 = 5 * rear + type, then the generator words. */
static void craft(int k, int type, int rear, const int32_t *words) {
  int i, deg = type == 0 ? 1 : ref_random_degrees[type];
  fill_sentinel(k);
  bufs[k][0] = 5 * rear + type;
  for (i = 0; i < deg; ++i) bufs[k][1 + i] = words[i];
  buf_bytes[k] = 4u * (1u + (unsigned)deg);
  if (ref_random_from_buffer(&model[k], bufs[k]) != 0) ++failures;
}

static void random_family(void) {
  static const size_t sizes[] = {8, 16, 31, 32, 50, 64, 100, 128, 200, 256, 300};
  static const unsigned seeds[] = {1, 0, 2147483653u, 4294967295u, 2147483648u, 1009, 123456789, 3141592653u};
  static const int32_t crafted1[7] = {0x12345678, -5, 0x7fffffff, 0, 1, (int32_t)0x80000000u, 42};
  static int32_t crafted2[15];
  static const int32_t crafted0[1] = {(int32_t)0xdeadbeefu};
  int i;
  char label[64];

  /* never seeded: the default state equals srandom(1) */
  ref_random_init(&model[0], 3, 1);
  cur = 0;
  draw_random("unseeded", 12);

  for (i = 0; i < (int)(sizeof seeds / sizeof seeds[0]); ++i) {
    if (i % 2) srandom(seeds[i]); else srand(seeds[i]);
    ref_random_reseed(&model[0], seeds[i]);
    snprintf(label, sizeof label, "srandom(%u)", seeds[i]);
    draw_random(label, 6);
  }

  /* one buffer per size: 10 generators of every TYPE, each seeded differently */
  for (i = 0; i < (int)(sizeof sizes / sizeof sizes[0]); ++i) {
    unsigned seed = i % 3 == 2 ? 0x9E3779B9u + (unsigned)i : 1000u + (unsigned)sizes[i];
    do_initstate(seed, i + 1, sizes[i]);
    snprintf(label, sizeof label, "buf%d", i + 1);
    draw_random(label, 9);
  }
  /* n < 8: NULL and EINVAL, the active state (buf11) goes on untouched */
  do_initstate(5, 12, 7);
  draw_random("after EINVAL", 4);

  /* back and forth among three buffers (TYPE_3 buf8, TYPE_1 buf4, TYPE_4 buf10), then the others */
  {
    static const int order[] = {8, 4, 10, 8, 10, 4, 4, 1, 8, 6, 3, 10, 2, 7, 8, 5, 9, 11, 8};
    for (i = 0; i < (int)(sizeof order / sizeof order[0]); ++i) {
      snprintf(label, sizeof label, "buf%d", order[i]);
      do_setstate(order[i], label);
      draw_random(label, 1 + (i * 7) % 6);
    }
  }
  /* back to the default state, whose pointer we only know from initstate's return value */
  do_setstate(0, "default");
  draw_random("default again", 5);

  /* hand-written buffers: TYPE_1 with rear 4, TYPE_2 with rear 14 (the last index), TYPE_0 whose word
   * 0 also carries a rear (glibc ignores it and writes 0 back) */
  craft(13, 1, 4, crafted1);
  for (i = 0; i < 15; ++i) crafted2[i] = (int32_t)(0x9E3779B9u * (uint32_t)(i + 1));
  craft(14, 2, 14, crafted2);
  craft(15, 0, 2, crafted0);
  do_setstate(13, "crafted TYPE_1");
  draw_random("crafted TYPE_1", 20);
  do_setstate(14, "crafted TYPE_2");
  draw_random("crafted TYPE_2", 20);
  do_setstate(15, "crafted TYPE_0");
  draw_random("crafted TYPE_0", 5);
  do_setstate(13, "crafted TYPE_1 again");
  draw_random("crafted TYPE_1 again", 5);

  /* a copy of a left buffer continues that buffer's stream; the original then replays it */
  do_setstate(10, "buf10");
  draw_random("buf10", 3);
  do_setstate(13, "crafted TYPE_1 again");
  fill_sentinel(16);
  memcpy(bufs[16], bufs[10], 4 * (1 + 63));
  buf_bytes[16] = buf_bytes[10];
  model[16] = model[10];
  do_setstate(16, "copy of buf10");
  draw_random("copy of buf10", 8);
  do_setstate(10, "buf10 replay");
  draw_random("buf10 replay", 8);

  /* setstate of the active buffer: returns it and changes nothing */
  do_setstate(10, "buf10 (active)");
  draw_random("buf10 after self-setstate", 3);

  /* an invalid type word: NULL and EINVAL, the active state goes on */
  {
    static int32_t bad[8] = {-1, 1, 2, 3, 4, 5, 6, 7};
    char *ret;
    errno = 0;
    ret = setstate((char *)bad);
    printf("setstate(invalid type) errno %s\n", errno == EINVAL ? "EINVAL" : "not EINVAL");
    if (errno != EINVAL) ++failures;
    expect_ptr("setstate(invalid type)", ret, -1);
    draw_random("after invalid setstate", 4);
  }

  /* srandom/srand while one of our buffers is active reseeds that buffer, keeping its TYPE */
  do_setstate(4, "buf4");
  srandom(77);
  ref_random_reseed(&model[4], 77);
  draw_random("buf4 srandom(77)", 6);
  do_setstate(1, "buf1");
  srand(2147483649u);
  ref_random_reseed(&model[1], 2147483649u);
  draw_random("buf1 srand(2^31+1)", 6);
  do_setstate(11, "buf11");
  srandom(0);
  ref_random_reseed(&model[11], 0);
  draw_random("buf11 srandom(0)", 6);
  do_setstate(0, "default");
  draw_random("default at the end", 3);
}

/* ---------------------------------------------------------------------------------------------
 * drand48 family
 * ------------------------------------------------------------------------------------------- */
static ref_drand48_state g48;

static void check_long(const char *what, long got, long want) {
  printf("%s: %ld\n", what, got);
  if (got != want) {
    printf("MISMATCH %s: got %ld, reference %ld\n", what, got, want);
    ++failures;
  }
}
static void check_double(const char *what, double got, double want) {
  printf("%s: %a %.17g\n", what, got, got);
  if (got != want) {
    printf("MISMATCH %s: got %a, reference %a\n", what, got, want);
    ++failures;
  }
}
static void check_xsubi(const char *what, const unsigned short *got, const unsigned short *want) {
  printf("%s: %04x %04x %04x\n", what, got[0], got[1], got[2]);
  if (memcmp(got, want, 3 * sizeof *got) != 0) {
    printf("MISMATCH %s: reference %04x %04x %04x\n", what, want[0], want[1], want[2]);
    ++failures;
  }
}

/* i-th call of a mix cycling over all seven draw functions; xs/rx are our xsubi and its model */
static void draw48(const char *what, int i, unsigned short *xs, unsigned short *rx) {
  char label[96];
  snprintf(label, sizeof label, "%s %d", what, i);
  switch (i % 7) {
    case 0: check_double(label, drand48(), ref_drand48(&g48)); break;
    case 1: check_long(label, lrand48(), ref_lrand48(&g48)); break;
    case 2: check_long(label, mrand48(), ref_mrand48(&g48)); break;
    case 3: check_double(label, erand48(xs), ref_erand48(&g48, rx)); break;
    case 4: check_long(label, nrand48(xs), ref_nrand48(&g48, rx)); break;
    case 5: check_long(label, jrand48(xs), ref_jrand48(&g48, rx)); break;
    default: check_double(label, drand48(), ref_drand48(&g48)); break;
  }
  if (i % 7 >= 3 && i % 7 <= 5) check_xsubi(label, xs, rx);
}

static void drand48_family(void) {
  unsigned short xs[3] = {0x1111, 0x2222, 0x3333}, rx[3] = {0x1111, 0x2222, 0x3333};
  static const long seeds[] = {1, 0x100000001L, -1L, 0x123456789ABCL, 0, 2147483648L};
  static const unsigned short v1[3] = {0x1234, 0x5678, 0x9abc}, v2[3] = {0xffff, 0xffff, 0xffff};
  static const unsigned short p[7] = {0x0001, 0x0002, 0x0003, 0xE66D, 0xDEEC, 0x0005, 0x2B};
  static const unsigned short p2[7] = {0xffff, 0, 0x8000, 0xffff, 0xffff, 0xffff, 0xffff};
  unsigned short old_model[3];
  unsigned short *old;
  int i, j;
  char label[64];

  /* never seeded: erand48 on our array first (a and c set lazily), then X = 0 */
  ref_drand48_unseeded(&g48);
  for (i = 0; i < 9; ++i) draw48("unseeded", 3 + i % 3, xs, rx);
  check_double("unseeded drand48", drand48(), ref_drand48(&g48));
  check_long("unseeded lrand48", lrand48(), ref_lrand48(&g48));
  check_long("unseeded mrand48", mrand48(), ref_mrand48(&g48));

  for (j = 0; j < (int)(sizeof seeds / sizeof seeds[0]); ++j) {
    srand48(seeds[j]); /* only the low 32 bits count */
    ref_srand48(&g48, seeds[j]);
    snprintf(label, sizeof label, "srand48(%#lx)", (unsigned long)seeds[j]);
    for (i = 0; i < 14; ++i) draw48(label, i, xs, rx);
  }

  /* seed48 returns the previous X, and resets a and c */
  old = seed48((unsigned short *)v1);
  ref_seed48(&g48, v1, old_model);
  check_xsubi("seed48(v1) old X", old, old_model);
  for (i = 0; i < 7; ++i) draw48("after seed48(v1)", i, xs, rx);
  old = seed48((unsigned short *)v2);
  ref_seed48(&g48, v2, old_model);
  check_xsubi("seed48(v2) old X", old, old_model);
  for (i = 0; i < 7; ++i) draw48("after seed48(v2)", i, xs, rx);

  /* lcong48 changes a and c for erand48/nrand48/jrand48 on our own arrays too */
  lcong48((unsigned short *)p);
  ref_lcong48(&g48, p);
  for (i = 0; i < 21; ++i) draw48("after lcong48(p)", i, xs, rx);
  lcong48((unsigned short *)p2);
  ref_lcong48(&g48, p2);
  for (i = 0; i < 21; ++i) draw48("after lcong48(p2)", i, xs, rx);
  /* seed48 after lcong48: defaults again */
  old = seed48((unsigned short *)v1);
  ref_seed48(&g48, v1, old_model);
  check_xsubi("seed48 after lcong48 old X", old, old_model);
  for (i = 0; i < 7; ++i) draw48("seed48 after lcong48", i, xs, rx);
  lcong48((unsigned short *)p);
  ref_lcong48(&g48, p);
  for (i = 0; i < 7; ++i) draw48("lcong48(p) again", i, xs, rx);
  srand48(42); /* srand48 restores the defaults too */
  ref_srand48(&g48, 42);
  for (i = 0; i < 200; ++i) draw48("srand48(42) mix", i * 3 + i / 7, xs, rx);
}

int main(void) {
  random_family();
  drand48_family();
  printf("failures: %d\n", failures);
  return failures ? 1 : 0;
}
