// SPDX-License-Identifier: BSD-3-Clause
#include "common_blocks.hpp"

#include <dlfcn.h>
#include <elf.h>
#include <link.h>

#include <cstdio>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace gpurng {
namespace legacy {

namespace {

// The size of `symbol` in the executable's full symbol table (.symtab), for programs linked with the
// static library, whose COMMONs are not in the dynamic table. 0 if stripped or not found.
size_t size_from_executable(const char* symbol) {
  FILE* f = std::fopen("/proc/self/exe", "rb");
  if (!f) return 0;
  size_t found = 0;
  ElfW(Ehdr) eh;
  std::vector<ElfW(Shdr)> sh;
  if (std::fread(&eh, sizeof eh, 1, f) == 1 && std::memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 &&
      eh.e_shentsize == sizeof(ElfW(Shdr)) && eh.e_shnum > 0 &&
      std::fseek(f, static_cast<long>(eh.e_shoff), SEEK_SET) == 0) {
    sh.resize(eh.e_shnum);
    if (std::fread(sh.data(), sizeof(ElfW(Shdr)), sh.size(), f) != sh.size()) sh.clear();
  }
  const size_t want = std::strlen(symbol);
  for (const ElfW(Shdr) & s : sh) {
    if (s.sh_type != SHT_SYMTAB || s.sh_link >= sh.size() || s.sh_entsize != sizeof(ElfW(Sym))) continue;
    const ElfW(Shdr)& strtab = sh[s.sh_link];
    std::vector<char> names(strtab.sh_size + 1, '\0');
    std::vector<ElfW(Sym)> syms(s.sh_size / sizeof(ElfW(Sym)));
    if (std::fseek(f, static_cast<long>(strtab.sh_offset), SEEK_SET) != 0 ||
        std::fread(names.data(), 1, strtab.sh_size, f) != strtab.sh_size)
      continue;
    if (std::fseek(f, static_cast<long>(s.sh_offset), SEEK_SET) != 0 ||
        std::fread(syms.data(), sizeof(ElfW(Sym)), syms.size(), f) != syms.size())
      continue;
    for (const ElfW(Sym) & y : syms)
      if (y.st_name < strtab.sh_size && y.st_shndx != SHN_UNDEF &&
          std::strncmp(&names[y.st_name], symbol, want + 1) == 0)
        found = y.st_size;
  }
  std::fclose(f);
  return found;
}

}  // namespace

CommonBlock find_common(const char* symbol, void* weak_address) {
  CommonBlock b;
  if (!weak_address) return b;
  b.base = static_cast<char*>(weak_address);
  b.program_owned = true;
  Dl_info info;
  void* entry = nullptr;
  const bool found = dladdr1(weak_address, &info, &entry, RTLD_DL_SYMENT) != 0;
  const ElfW(Sym)* sym = static_cast<const ElfW(Sym)*>(entry);
  if (found && sym && info.dli_saddr == weak_address) b.size = sym->st_size;
  if (!b.size) b.size = size_from_executable(symbol);
  return b;
}

void say_once(const char* key, const char* line) {
  static std::mutex m;
  static std::set<std::string>* said = new std::set<std::string>;  // never destroyed: used until exit
  std::lock_guard<std::mutex> lk(m);
  if (!said->insert(key).second) return;
  std::fprintf(stderr, "libgpurng_legacy: %s\n", line);
}

void check_seed(const char* who, int ijkl) {
  if (ijkl >= 0 && ijkl <= 900000000) return;
  char line[160];
  std::snprintf(line, sizeof line, "%s: seed %d is outside 0..900000000; used as the original uses it", who, ijkl);
  say_once(who, line);
}

}  // namespace legacy
}  // namespace gpurng
