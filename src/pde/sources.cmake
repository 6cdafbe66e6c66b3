# SPDX-License-Identifier: BSD-3-Clause
# Sources of the one-factor Black-Scholes PDE (gpurng_pde.h), added to target gpurng by src/CMakeLists.txt.
