// SPDX-License-Identifier: BSD-3-Clause
#include "seed_audit.hpp"

#include <dirent.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "gpurng_legacy.h"
#include "legacy_api.hpp"

namespace gpurng {
namespace legacy {

namespace {

// The MPI rank the launcher put in the environment, or -1.
long launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID"}) {
    const char* v = std::getenv(name);
    if (v && *v) return std::strtol(v, nullptr, 10);
  }
  return -1;
}

struct AuditFile {
  std::mutex m;
  FILE* f = nullptr;
  bool tried = false;
  long rank = -1;
};

AuditFile& audit_file() {
  static AuditFile a;
  return a;
}

}  // namespace

void audit_seeding(const char* routine, int32_t sequence, int32_t ijkl, int32_t ntot, int32_t ntot2) {
  static const char* dir = std::getenv("GPURNG_SEED_AUDIT");
  if (!dir || !*dir) return;
  AuditFile& a = audit_file();
  std::lock_guard<std::mutex> lock(a.m);
  if (!a.tried) {
    a.tried = true;
    a.rank = launcher_rank();
    const std::string path = std::string(dir) + "/gpurng_seeds.r" + std::to_string(a.rank) + ".p" +
                             std::to_string(static_cast<long>(getpid())) + ".txt";
    a.f = std::fopen(path.c_str(), "a");
    if (!a.f)
      std::fprintf(stderr, "GPURNG_SEED_AUDIT: cannot write %s; no seeding audit for this process\n", path.c_str());
  }
  if (!a.f) return;
  std::fprintf(a.f, "%s rank=%ld pid=%ld seq=%d ijkl=%d ntot=%d ntot2=%d\n", routine, a.rank,
               static_cast<long>(getpid()), sequence, ijkl, ntot, ntot2);
  std::fflush(a.f);  // a rank that dies later still leaves its records
}

}  // namespace legacy
}  // namespace gpurng

extern "C" GPURNG_LEGACY_API int gpurng_legacy_seed_audit_report(const char* directory, const char* report_path) {
  if (!directory) return -1;
  DIR* d = opendir(directory);
  if (!d) return -1;
  // (ijkl, ntot, ntot2) -> rank -> seedings; and the routines seen for each seed.
  using Seed = std::tuple<long, long, long>;
  std::map<Seed, std::map<long, long>> uses;
  std::map<Seed, std::string> routines;
  long records = 0, files = 0;
  while (const dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.rfind("gpurng_seeds.r", 0) != 0 || name.size() < 4 || name.substr(name.size() - 4) != ".txt") continue;
    FILE* f = std::fopen((std::string(directory) + "/" + name).c_str(), "r");
    if (!f) continue;
    ++files;
    char routine[32];
    long rank, pid, seq, ijkl, ntot, ntot2;
    while (std::fscanf(f, "%31s rank=%ld pid=%ld seq=%ld ijkl=%ld ntot=%ld ntot2=%ld", routine, &rank, &pid, &seq,
                       &ijkl, &ntot, &ntot2) == 7) {
      const Seed s{ijkl, ntot, ntot2};
      ++uses[s][rank];
      std::string& r = routines[s];
      if (r.find(routine) == std::string::npos) r += (r.empty() ? "" : ",") + std::string(routine);
      ++records;
    }
    std::fclose(f);
  }
  closedir(d);
  FILE* out = report_path ? std::fopen(report_path, "w") : stdout;
  if (!out) return -1;
  int duplicated = 0;
  for (const auto& u : uses) {
    long total = 0;
    for (const auto& r : u.second) total += r.second;
    if (total < 2) continue;
    ++duplicated;
    std::fprintf(out, "seed IJKL=%ld NTOT=%ld NTOT2=%ld (%s) seeded %ld times:", std::get<0>(u.first),
                 std::get<1>(u.first), std::get<2>(u.first), routines[u.first].c_str(), total);
    for (const auto& r : u.second) std::fprintf(out, " rank %ld x%ld", r.first, r.second);
    std::fprintf(out, "\n");
  }
  std::fprintf(out, "%d seed(s) used more than once in %ld seedings from %ld file(s)\n", duplicated, records, files);
  if (report_path) std::fclose(out);
  return duplicated;
}
