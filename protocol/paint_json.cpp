#include "protocol/paint_json.hpp"

namespace ariadne::protocol {

nlohmann::json paint_cells_json(const std::vector<paint_mark>& cells) {
  nlohmann::json list = nlohmann::json::array();
  for (const paint_mark& m : cells) {
    nlohmann::json cell = {{"x", m.x}, {"y", m.y}};
    if (!m.colour.empty()) cell["colour"] = m.colour;
    if (!m.text.empty()) cell["text"] = m.text;
    list.push_back(std::move(cell));
  }
  return list;
}

nlohmann::json paint_events_json(const std::vector<paint_event>& events) {
  nlohmann::json list = nlohmann::json::array();
  for (const paint_event& e : events) {
    nlohmann::json event = {{"at", e.at}, {"clear", e.clear}, {"cells", paint_cells_json(e.cells)}};
    if (!e.log.empty()) event["log"] = e.log;
    list.push_back(std::move(event));
  }
  return list;
}

}  // namespace ariadne::protocol
