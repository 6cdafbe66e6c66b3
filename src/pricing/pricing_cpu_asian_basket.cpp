// SPDX-License-Identifier: BSD-3-Clause
// GPU Gems 3's Asian basket on CPU threads (pricing_cpu_copies.inc).
#define GPURNG_PRICING_CPU_MODEL AsianBasketModel
#include "pricing_cpu_copies.inc"
