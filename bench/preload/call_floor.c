/* SPDX-License-Identifier: BSD-3-Clause */
/* The least a call into a shared library can cost in preload_bench's loop: a counter bumped in memory
 * behind a PLT call, as rand() is. Reported beside the real functions so their figures can be read
 * against what no implementation can beat on the same machine. */
static unsigned counter;
__attribute__((visibility("default"))) int bench_call_floor(void) { return (int)counter++; }
