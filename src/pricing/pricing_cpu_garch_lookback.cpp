// SPDX-License-Identifier: BSD-3-Clause
// The GARCH lookback on CPU threads (pricing_cpu_copies.inc).
#define GPURNG_PRICING_CPU_MODEL GarchLookbackModel
#include "pricing_cpu_copies.inc"
