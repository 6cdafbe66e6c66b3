/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gpurng_legacy.h
 * @brief What libgpurng_legacy offers beside the CERNLIB/CORSIKA Fortran entry points (docs/LEGACY.md).
 */
#ifndef GPURNG_LEGACY_H
#define GPURNG_LEGACY_H

#include "gpurng_export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The seeding audit's report. With GPURNG_SEED_AUDIT=<directory> in a run's environment, every RMMAQD, RMMAQ,
 * RMARIN and RM48IN seeding (and RM48's default start) of every process is recorded in <directory>, with the MPI
 * rank the launcher's environment gives (OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK or SLURM_PROCID; -1 without).
 * This reads every process's records from @p directory and writes, for each starting point (IJKL, NTOT, NTOT2)
 * seeded more than once, a line with the routines, the ranks and each rank's count of seedings, then a summary
 * line, to the file @p report_path (NULL: standard output). Two seedings of one starting point give the same
 * numbers, whichever rank or sequence makes them. tools/seed_audit.py prints the same report.
 * @return the number of starting points seeded more than once (0: none); -1 if @p directory is NULL or cannot be
 *         read, or @p report_path cannot be written.
 */
GPURNG_API int gpurng_legacy_seed_audit_report(const char *directory, const char *report_path);

#ifdef __cplusplus
}
#endif

#endif /* GPURNG_LEGACY_H */
