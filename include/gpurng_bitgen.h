/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng_bitgen.h
 * @brief A generator's flat stream behind numpy's bit-generator interface (numpy/random/bitgen.h's bitgen_t), so that
 *        numpy.random.Generator draws every distribution from the library's engines with no Python per number
 *        (the Python package's gpurng.bitgen; docs/PYTHON.md has the table below with examples).
 *
 * A bit generator takes over a pseudo-random generator (gpurngCreateGenerator or gpurngCreateGeneratorHost, with its
 * seed, stream, offset and ordering as the caller set them) and serves its raw stream, the words of gpurngGenerate
 * (32-bit outputs) or gpurngGenerateLongLong (RANMAR48, RANMAR48X, DRAND48), in bulk: a slab lent by the
 * generator's prefetch ring (gpurngAcquire, no copy) where the ring serves the engine, else a buffer it refills
 * through those calls (CPU threads or the GPU, as the generator routes host calls); the same words either way.
 * Each word has b significant bits:
 *   b = 24  RANMAR                          b = 31  MINSTD, MINSTD48271, glibc random TYPE_0 .. TYPE_4
 *   b = 32  XORWOW, MRG32k3a, Philox4_32_10, hybrid Taus            b = 48  RANMAR48, RANMAR48X, DRAND48
 * The callbacks, each taking whole words from the stream in order (none is split or kept for a later call):
 *   next_raw     one word, as it is;
 *   next_uint32  the top 32 bits of the next ceil(32 / b) words written one after the other, the first word most
 *                significant: b = 32: w0; b = 24 or 31: (w0 << (32 - b)) | (w1 >> (2 b - 32)); b = 48: w0 >> 16;
 *   next_uint64  likewise the top 64 bits of the next ceil(64 / b) words: b = 32: (w0 << 32) | w1; b = 48:
 *                (w0 << 16) | (w1 >> 32); b = 24: (w0 << 40) | (w1 << 16) | (w2 >> 8); b = 31: (w0 << 33) |
 *                (w1 << 2) | (w2 >> 29);
 *   next_double  b = 48: one word, gpurngGenerateUniformDouble's value (RANMAR48, RANMAR48X: w 2^-48, an exact 0
 *                replaced by 2^-48, as RMMARD; DRAND48: w 2^-48, as drand48); other engines: (next_uint64 >> 11)
 *                2^-53, numpy's formula for its own bit generators.
 * MINSTD's words lie in 1 .. 2^31 - 2 and MRG32k3a's below 2^32 - 209, so their packed bits are not exactly uniform.
 * Quasi-random engines have no such stream: refused.
 *
 * Threads: one caller at a time per bit generator (numpy's Generator holds the bit generator's lock).
 */
#ifndef GPURNG_BITGEN_H
#define GPURNG_BITGEN_H

#include <stddef.h>
#include <stdint.h>

#include "gpurng.h"

#ifdef __cplusplus
extern "C" {
#endif

/** numpy's bitgen_t, member for member: hand its address to numpy in a capsule named "BitGenerator". */
typedef struct gpurngBitgen {
  void *state;                          /**< the library's state block: pass it to the callbacks */
  uint64_t (*next_uint64)(void *state); /**< above */
  uint32_t (*next_uint32)(void *state); /**< above */
  double (*next_double)(void *state);   /**< above */
  uint64_t (*next_raw)(void *state);    /**< above */
} gpurngBitgen_t;

/**
 * Make a bit generator of @p generator, which it owns from now on (gpurngDestroyBitgen destroys it; make no other call
 * on it meanwhile). Its position starts at the generator's offset.
 * @param buffer_words  words a refill takes (0: 65536); at least 64 are taken
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NULL_POINTER if @p bitgen is NULL; GPURNG_STATUS_NOT_INITIALIZED if
 *         @p generator is NULL; GPURNG_STATUS_TYPE_ERROR for a quasi-random engine (the generator then stays the
 *         caller's); GPURNG_STATUS_ALLOCATION_FAILED. On failure *bitgen is NULL.
 */
GPURNG_API gpurngStatus_t gpurngCreateBitgen(gpurngBitgen_t **bitgen, gpurngGenerator_t generator, size_t buffer_words);

/** Destroy @p bitgen and its generator (NULL: nothing). @return GPURNG_STATUS_SUCCESS. */
GPURNG_API gpurngStatus_t gpurngDestroyBitgen(gpurngBitgen_t *bitgen);

/**
 * The bits b of each raw word (above).
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p bitgen is NULL; GPURNG_STATUS_NULL_POINTER if
 *         @p bits is NULL.
 */
GPURNG_API gpurngStatus_t gpurngBitgenWordBits(const gpurngBitgen_t *bitgen, int *bits);

/**
 * The position of the next raw word the callbacks take: the generator's offset (gpurngGetGeneratorOffset) it is at.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p bitgen is NULL; GPURNG_STATUS_NULL_POINTER if
 *         @p offset is NULL.
 */
GPURNG_API gpurngStatus_t gpurngBitgenGetPosition(const gpurngBitgen_t *bitgen, unsigned long long *offset);

/**
 * Move to @p offset of the generator's stream (gpurngSetGeneratorOffset; the jump is O(log offset)); the buffer is
 * dropped and the error state (gpurngBitgenStatus) cleared.
 * @return as gpurngSetGeneratorOffset; GPURNG_STATUS_NOT_INITIALIZED if @p bitgen is NULL.
 */
GPURNG_API gpurngStatus_t gpurngBitgenSetPosition(gpurngBitgen_t *bitgen, unsigned long long offset);

/**
 * The generator's seed, stream and offset settings as gpurngSetPseudoRandomGeneratorSeed and
 * gpurngSetGeneratorStream take them, for a bit generator (re)placed on them: @p seed, then @p stream, then @p offset
 * (each as those calls set it); the buffer is dropped and the error state cleared.
 * @return the first failing call's status; GPURNG_STATUS_NOT_INITIALIZED if @p bitgen is NULL.
 */
GPURNG_API gpurngStatus_t gpurngBitgenPlace(gpurngBitgen_t *bitgen, unsigned long long seed, unsigned long long stream,
                                            unsigned long long offset);

/**
 * Write the next @p n raw words into @p output (host memory), as n next_raw calls would, in bulk.
 * @return GPURNG_STATUS_SUCCESS; GPURNG_STATUS_NOT_INITIALIZED if @p bitgen is NULL; GPURNG_STATUS_NULL_POINTER if
 *         @p output is NULL and n > 0; a refill's status (the words before it are written, the position is past
 *         them).
 */
GPURNG_API gpurngStatus_t gpurngBitgenFillRaw(gpurngBitgen_t *bitgen, unsigned long long *output, size_t n);

/**
 * The callbacks cannot return a status: the first refill that failed (a stream's end, GPURNG_STATUS_STREAM_END, or
 * a GPU error) is kept here, and from then on the callbacks return 0 (0.0 from next_double) until
 * gpurngBitgenSetPosition or gpurngBitgenPlace. A caller checks it after drawing.
 * @return the kept status (GPURNG_STATUS_SUCCESS if none); GPURNG_STATUS_NOT_INITIALIZED if @p bitgen is NULL.
 */
GPURNG_API gpurngStatus_t gpurngBitgenStatus(const gpurngBitgen_t *bitgen);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_BITGEN_H */
