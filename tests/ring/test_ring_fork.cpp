// SPDX-License-Identifier: BSD-3-Clause
// fork() with rings running: the child goes on from its exact position on the CPU (the parent's producer
// thread and GPU context do not exist there), and the parent goes on as before.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ring_checker.hpp"
#include "targets.hpp"

namespace {

using namespace gpurng_test;

// Draw `calls` requests of 1..16 numbers and compare them with the reference; true if all agree.
bool draw_and_check(gpurngGenerator_t g, StreamChecker<double>& ref, int calls) {
  double x[16];
  for (int c = 0; c < calls; ++c) {
    const size_t n = 1 + static_cast<size_t>(c) % 16;
    if (gpurngGenerateUniformDouble(g, x, n) != GPURNG_STATUS_SUCCESS || !ref.check(x, n)) return false;
  }
  return true;
}

TEST(RingFork, ParentAndChildBothContinue) {
  for (const Target& t : all_targets()) {
    if (t.device_memory) continue;
    SCOPED_TRACE(t.name);
    gpurngGenerator_t g = make_generator(t, GPURNG_RNG_PSEUDO_RANMAR48);
    StreamChecker<double> ref(GPURNG_RNG_PSEUDO_RANMAR48, GPURNG_RANMAR_DEFAULT_SEED);
    ASSERT_TRUE(draw_and_check(g, ref, 30000));  // the ring is running, ahead of the caller
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      // The child: no gtest reporting here, only the exit status.
      const bool ok = draw_and_check(g, ref, 100000);
      gpurngBackend_t b = GPURNG_BACKEND_CUDA;
      gpurngGetBackend(g, &b);
      gpurngDestroyGenerator(g);
      _exit(ok && b == GPURNG_BACKEND_CPU ? 0 : 1);
    }
    EXPECT_TRUE(draw_and_check(g, ref, 100000));
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
    gpurngDestroyGenerator(g);
  }
}

}  // namespace
