/* SPDX-License-Identifier: BSD-3-Clause */
/* libconst_random.so: rand()/random() always return 2^30 and the seeding calls do nothing. Preloaded
 * under a real program (lua5.3), it proves that the program's numbers come from the C library's
 * interposable random()/rand() (math.random(1,1000000000) then prints 500000001 every time), so that
 * the with/without-shim comparison of that program really exercises the shim. */
long random(void) { return 1L << 30; }
int rand(void) { return 1 << 30; }
void srandom(unsigned seed) { (void)seed; }
void srand(unsigned seed) { (void)seed; }
