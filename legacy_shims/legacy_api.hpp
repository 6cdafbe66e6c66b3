// SPDX-License-Identifier: BSD-3-Clause
// The legacy library exports only the Fortran entry points (gfortran names: lower case, one trailing
// underscore); everything else is hidden.
#pragma once

#define GPURNG_LEGACY_API __attribute__((visibility("default")))
