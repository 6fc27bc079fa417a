#include "protocol/spectator_json.hpp"

#include <cstdio>

#include "protocol/json_values.hpp"
#include "protocol/paint_json.hpp"
#include "protocol/state_writer.hpp"

namespace ariadne::protocol {
namespace {

using namespace detail;

std::string dump(const json& doc) {
  return doc.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

std::string write_spectator_message(const spectator_paint& paint) {
  return dump({{"type", "paint"}, {"events", paint_events_json(paint.events)}});
}

std::string write_spectator_message(const spectator_snapshot& s) {
  char boot[17];
  std::snprintf(boot, sizeof boot, "%016llx", static_cast<unsigned long long>(s.boot));
  return dump({{"type", "snapshot"},
               {"run", s.run},
               {"boot", boot},
               {"player", s.player},
               {"bot", s.bot.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.bot)},
               {"maze", s.maze},
               {"ranked", s.ranked},
               {"width", s.width},
               {"height", s.height},
               {"start", cell_json(s.start)},
               {"treasures", s.treasures},
               {"max_steps", s.max_steps},
               {"bump_penalty", s.bump_penalty},
               {"seq", s.seq},
               {"trail", s.trail},
               {"finds", s.finds},
               {"sensed", s.sensed},
               {"position", cell_json(s.position)},
               {"steps", s.steps},
               {"bumps", s.bumps},
               {"found", s.found},
               {"score", s.score},
               {"status", to_string(s.status)}});
}

std::string write_spectator_message(const spectator_steps& s) {
  return dump({{"type", "steps"},
               {"seq", s.seq},
               {"trail", s.trail},
               {"open", s.open},
               {"finds", s.finds},
               {"position", cell_json(s.position)},
               {"steps", s.steps},
               {"bumps", s.bumps},
               {"found", s.found},
               {"score", s.score}});
}

std::string write_spectator_message(const spectator_end& e) {
  std::string out = "{\"type\":\"end\",\"seq\":" + std::to_string(e.seq) + ",\"result\":";
  append_result(out, e.result);
  out += ",\"replay\":";
  out += e.replay.empty() ? std::string("null") : json(e.replay).dump();
  if (e.elapsed_ms) out += ",\"elapsed_ms\":" + std::to_string(*e.elapsed_ms);
  out += '}';
  return out;
}

}  // namespace ariadne::protocol
