// SPDX-License-Identifier: BSD-3-Clause
// The seeding audit (GPURNG_SEED_AUDIT=<directory>, docs/LEGACY.md): every RMMAQD / RMMAQ / RMARIN / RM48IN seeding of
// a run, and RM48's default start, is appended to <directory>/gpurng_seeds.r<rank>.p<pid>.txt, with the rank the MPI
// launcher's environment gives (OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK, SLURM_PROCID; -1 without one). The
// legacy library does not link MPI. Off by default: a relinked program's numbers and output never change.
#pragma once

#include <stdint.h>

namespace gpurng {
namespace legacy {

// Record one seeding (routine name, sequence number or 0, IJKL, NTOT, NTOT2) if the audit is on.
void audit_seeding(const char* routine, int32_t sequence, int32_t ijkl, int32_t ntot, int32_t ntot2);

}  // namespace legacy
}  // namespace gpurng
