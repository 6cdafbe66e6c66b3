// SPDX-License-Identifier: BSD-3-Clause
#include "engine_registry.hpp"

#include <map>

namespace gpurng {
namespace core {

namespace {

// A function-local static: engines register from other translation units' static initialisers, in any order.
std::map<int, EngineFactory>& registry() {
  static std::map<int, EngineFactory> engines;
  return engines;
}

}  // namespace

bool register_engine(gpurngRngType_t type, EngineFactory make) {
  return make && registry().emplace(static_cast<int>(type), make).second;
}

EngineFactory find_engine(gpurngRngType_t type) {
  const auto& r = registry();
  const auto it = r.find(static_cast<int>(type));
  return it == r.end() ? nullptr : it->second;
}

}  // namespace core
}  // namespace gpurng
