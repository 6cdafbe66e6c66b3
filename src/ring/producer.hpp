// SPDX-License-Identifier: BSD-3-Clause
// The process's producer thread: one thread serves every prefetch ring, round robin, filling a slab of
// whichever ring has room. One thread rather than one per generator: CORSIKA runs 2..16 sequences, and
// on a small machine extra producer threads would compete with the caller for cores; on the GPU path the
// thread mostly queues work and sleeps on events. It starts with the first ring and stops at process
// exit (an atexit handler joins it before the CUDA runtime unloads). After fork() the child has no
// producer: its rings are marked forked away, and a new thread starts with the child's first new ring.
#pragma once

namespace gpurng {
namespace ring {

class PrefetchRing;

namespace producer {

void add(PrefetchRing* r);
// Remove a ring; returns when the producer no longer works on it.
void remove(PrefetchRing* r);
// Wake the producer: a ring started or released a slab.
void notify();
// Return when the producer is not working on `r`.
void wait_idle(PrefetchRing* r);
// True once the process is exiting (the producer has stopped; CUDA must not be called from here on).
bool exiting();
// How many fork() children deep this process is: generators compare it with the value they saw last.
unsigned fork_generation();

}  // namespace producer
}  // namespace ring
}  // namespace gpurng
