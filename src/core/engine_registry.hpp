// SPDX-License-Identifier: BSD-3-Clause
// Which engine a gpurngRngType_t value makes. Every engine registers itself, in its own source file, with
// GPURNG_REGISTER_ENGINE; gpurngCreateGenerator looks the type up here. Nothing else in the library lists
// the engines (CONTRIBUTING.md: adding an engine).
#pragma once

#include <memory>

#include "engine.hpp"
#include "gpurng.h"

namespace gpurng {
namespace core {

// Makes the engine for `type` at its default seed and offset 0; throws std::bad_alloc.
using EngineFactory = std::unique_ptr<Engine> (*)(gpurngRngType_t type);

// Registers `make` for `type`; false (and nothing changes) if the type already has an engine. Call it during
// static initialisation or before the type's first gpurngCreateGenerator; not thread-safe against creation.
bool register_engine(gpurngRngType_t type, EngineFactory make);

// The factory for `type`, or NULL when no engine has that type.
EngineFactory find_engine(gpurngRngType_t type);

}  // namespace core
}  // namespace gpurng

// Registers FACTORY for each listed gpurngRngType_t value, at static initialisation (namespace scope only).
#define GPURNG_REGISTER_ENGINE(NAME, FACTORY, ...)                                                  \
  namespace {                                                                                       \
  const bool gpurng_registered_##NAME = [] {                                                        \
    bool ok = true;                                                                                 \
    for (gpurngRngType_t t : {__VA_ARGS__}) ok = ::gpurng::core::register_engine(t, FACTORY) && ok; \
    return ok;                                                                                      \
  }();                                                                                              \
  }
