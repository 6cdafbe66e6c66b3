// SPDX-License-Identifier: BSD-3-Clause
// The headers' translation units are generated beside this file (tests/headers/CMakeLists.txt); that they compiled
// is the test. This only reports how many there were.
#include <stdio.h>

int main() {
  printf("%d headers of include/gpurng/ compile on their own\n", GPURNG_HEADER_COUNT);
  return 0;
}
