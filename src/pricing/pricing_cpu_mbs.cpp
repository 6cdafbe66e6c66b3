// SPDX-License-Identifier: BSD-3-Clause
// The mortgage-backed security on CPU threads (pricing_cpu_copies.inc).
#define GPURNG_PRICING_CPU_MODEL MbsModel
#include "pricing_cpu_copies.inc"
