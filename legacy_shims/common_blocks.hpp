// SPDX-License-Identifier: BSD-3-Clause
// Finding the program's COMMON blocks. gfortran emits a COMMON as a common symbol (`crranma4_`, ...)
// sized by the program's declaration, and the linker keeps the largest declaration. The library
// therefore never defines the blocks whose layout depends on the program (a definition of its own would
// enlarge the program's block and hide its size): it refers to them weakly, asks for their size at run
// time, and uses private memory only when the program has no such block (then no other code can see it).
#pragma once

#include <stddef.h>

namespace gpurng {
namespace legacy {

struct CommonBlock {
  char* base = nullptr;  // the program's block, or private memory
  size_t size = 0;       // bytes; 0 when the program has the block but its size could not be found
  bool program_owned = false;
};

// `weak_address` is the address of the weak reference (NULL when the program has no such block).
// The size comes from the dynamic symbol table (dladdr1), else from the executable's own symbol table
// (static links), else 0.
CommonBlock find_common(const char* symbol, void* weak_address);

// One line on stderr, the first time `key` is seen (legacy codes call in loops: never flood).
void say_once(const char* key, const char* line);

// Says once per entry point when a seed lies outside the documented 0..900000000 (the originals accept
// it and so does the library, with the same numbers).
void check_seed(const char* who, int ijkl);

}  // namespace legacy
}  // namespace gpurng
