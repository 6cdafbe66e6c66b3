// SPDX-License-Identifier: BSD-3-Clause
// The LIBOR caplets on CPU threads (pricing_cpu_copies.inc).
#define GPURNG_PRICING_CPU_MODEL LiborModel
#include "pricing_cpu_copies.inc"
