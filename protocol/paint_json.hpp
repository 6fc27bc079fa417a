#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "core/model/paint.hpp"

namespace ariadne::protocol {

// Painted cells as every message writes them: [{"x","y"} with "colour"
// and "text" when they are set].
nlohmann::json paint_cells_json(const std::vector<paint_mark>& cells);
// A run's paints as its spectator stream and replay write them:
// [{"at", "clear", "cells"} and "log" when the paint carries one].
nlohmann::json paint_events_json(const std::vector<paint_event>& events);

}  // namespace ariadne::protocol
