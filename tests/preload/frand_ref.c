/* SPDX-License-Identifier: BSD-3-Clause */
/* The naive gfortran RAND/IRAND/SRAND reference (legacy_c_reference.h) for frand.f90, through plain
 * C entry points bound with ISO_C_BINDING. One state, default seed 1, as libgfortran's. */
#include <stdint.h>

#include "legacy_c_reference.h"

static ref_gfortran_state state = {1};

int32_t frand_ref_irand(int32_t flag) { return ref_gfortran_irand(&state, flag); }
float frand_ref_rand(int32_t flag) { return ref_gfortran_rand(&state, flag); }
void frand_ref_srand(int32_t seed) { ref_gfortran_srand(&state, seed); }
