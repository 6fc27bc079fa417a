#include "clients/mcp/run_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/model/limits.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/text_excerpt.hpp"

namespace ariadne::mcp {

using ordered_json = nlohmann::ordered_json;

namespace {

std::string at_text(cell c) {
  return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
}

ordered_json optional_number(const std::optional<std::uint64_t>& n) {
  return n ? ordered_json(*n) : ordered_json(nullptr);
}

std::optional<std::uint64_t> budget_moves_left(const run_facts& facts) {
  if (!facts.budget.max_moves) return std::nullopt;
  const drone_state& s = *facts.latest;
  const std::uint64_t made = s.steps + s.bumps;
  return made >= *facts.budget.max_moves ? 0 : *facts.budget.max_moves - made;
}

std::optional<std::uint64_t> calls_left(const budget_state& b) {
  if (!b.max_calls) return std::nullopt;
  return b.calls >= *b.max_calls ? 0 : *b.max_calls - b.calls;
}

bool ranked(const run_facts& facts) {
  return facts.first->set.has_value();
}

std::string replay_of(const run_facts& facts) {
  return facts.pages + "api/replays/" + std::to_string(facts.latest->run);
}

std::string efficiency_text(double efficiency) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", efficiency_shown(efficiency));
  return text;
}

// "Run 4", or "Run 1 (handle 5)" when the server's number is not the handle.
std::string run_name(const run_facts& facts, const char* word = "Run") {
  const std::uint64_t run = facts.latest->run;
  return word + (" " + std::to_string(run)) +
         (facts.handle == run ? "" : " (handle " + std::to_string(facts.handle) + ")");
}

// A name the server gave (a maze, a challenge), as the model may read it.
std::string label(const std::optional<std::string>& name) {
  return protocol::printable_excerpt(name.value_or("?"), limits::maze_name.max_length);
}

}  // namespace

std::uint64_t move_limit(const drone_state& first) {
  if (first.max_steps) return *first.max_steps;
  return limits::default_moves_per_cell * static_cast<std::uint64_t>(first.width.value_or(0)) *
         static_cast<std::uint64_t>(first.height.value_or(0));
}

std::optional<std::string> budget_refusal(const drone_state& s, std::uint64_t max_moves,
                                          std::uint64_t moves) {
  if (max_moves == 0) return std::nullopt;
  const std::uint64_t made = s.steps + s.bumps;
  const std::uint64_t left = made >= max_moves ? 0 : max_moves - made;
  if (moves <= left) return std::nullopt;
  return "run " + std::to_string(s.run) + " may make " + std::to_string(left) +
         " more moves (--max-moves " + std::to_string(max_moves) + "); this asks for " +
         std::to_string(moves) + ": nothing was played";
}

double efficiency_shown(double efficiency) {
  if (std::isnan(efficiency)) return 0.0;
  return std::clamp(efficiency, 0.0, 1.0);
}

std::string sides_text(unsigned open) {
  std::string text;
  for (const direction d : all_directions) {
    if (!opens(open, d)) continue;
    if (!text.empty()) text += ", ";
    text += to_char(d);
  }
  return text.empty() ? "none" : text;
}

std::uint64_t moves_left(const run_facts& facts) {
  const drone_state& s = *facts.latest;
  if (s.result || !facts.lost.empty()) return 0;
  const std::uint64_t made = s.steps + s.bumps;
  const std::uint64_t limit = move_limit(*facts.first);
  std::uint64_t left = made >= limit ? 0 : limit - made;
  if (const auto budget = budget_moves_left(facts)) left = std::min(left, *budget);
  return left;
}

ordered_json run_view(const run_facts& facts, report_kind kind) {
  const drone_state& s = *facts.latest;
  const drone_state& first = *facts.first;
  ordered_json view = ordered_json::parse(protocol::write_server_message(s));
  view.erase("type");
  // Every report says what the start said of the maze and its limits.
  if (!view.contains("width")) view["width"] = *first.width;
  if (!view.contains("height")) view["height"] = *first.height;
  if (!view.contains("max_steps")) view["max_steps"] = optional_number(first.max_steps);
  if (!view.contains("maze") && first.maze) view["maze"] = *first.maze;
  if (!view.contains("seed") && first.seed) view["seed"] = *first.seed;
  if (!view.contains("set") && first.set) {
    view["set"] = ordered_json::parse(protocol::write_server_message(first))["set"];
  }
  view["handle"] = facts.handle;
  if (facts.taken_over) {
    // Where it started is not known: the state handed back is where it stood.
    view["taken_over"] = true;
  } else {
    view["start"] = {{"x", first.position.x}, {"y", first.position.y}};
  }
  view["ended"] = s.result.has_value() || !facts.lost.empty();
  view["moves_left"] = moves_left(facts);
  view["budget"] = {{"max_moves", optional_number(facts.budget.max_moves)},
                    {"moves_left", optional_number(budget_moves_left(facts))},
                    {"max_calls", optional_number(facts.budget.max_calls)},
                    {"calls", facts.budget.calls},
                    {"calls_left", optional_number(calls_left(facts.budget))}};
  if (kind == report_kind::start && !ranked(facts)) {
    view["watch"] = facts.pages + "watch/" + std::to_string(s.run);
  }
  if (s.result) {
    view["result"]["efficiency"] = efficiency_shown(s.result->efficiency);
    // A ranked run's replay is shown after the competition's close.
    view["replay"] = ranked(facts) ? ordered_json(nullptr) : ordered_json(replay_of(facts));
  }
  if (!facts.lost.empty()) view["lost"] = facts.lost;
  if (facts.visits != nullptr) {
    view["visits"] = {{"cells", facts.visits->cells},
                      {"most", facts.visits->most},
                      {"ten_or_more", facts.visits->ten_or_more}};
  }
  return view;
}

std::string run_text(const run_facts& facts, report_kind kind) {
  const drone_state& s = *facts.latest;
  const drone_state& first = *facts.first;
  const std::string here = at_text(s.position);
  const std::string sides = "open sides: " + sides_text(s.open) + ".";
  std::string text;
  switch (kind) {
    case report_kind::start: {
      const std::string size = std::to_string(*first.width) + "x" + std::to_string(*first.height);
      text = run_name(facts) + (facts.taken_over ? " is yours again: the server kept it in play "
                                                   "when a connection was lost, and handed it "
                                                   "to this one (taken over); "
                                                 : " started: ");
      if (first.set) {
        text += "challenge " + label(first.maze) + ", maze " + std::to_string(first.set->maze) +
                " of " + std::to_string(first.set->mazes) + " of attempt " +
                std::to_string(first.set->attempt) + ", a " + size + " maze";
      } else {
        text += "a " + size + " maze (" + label(first.maze) +
                (first.seed ? ", seed " + std::to_string(*first.seed) : "") + ")";
      }
      text += ", at most " + std::to_string(move_limit(first)) + " moves. Find " +
              std::to_string(s.treasures) + (s.treasures == 1 ? " treasure" : " treasures") +
              ". x grows east, y grows north; "
              "(0, 0) is the south-west corner. You are at " +
              here + "; " + sides;
      if (!ranked(facts))
        text += " Watch it at " + facts.pages + "watch/" + std::to_string(s.run) + ".";
      if (facts.taken_over && !s.result) text += " Abandon it to start another.";
      break;
    }
    case report_kind::move:
      if (s.moved.value_or(false)) {
        text = std::string("Moved ") + facts.direction + ": you are at " + here + "; " + sides;
      } else {
        text = std::string("Bump: a wall on the ") + facts.direction + " side; you stay at " +
               here + " (a bump counts as a move); " + sides;
      }
      break;
    case report_kind::path:
      text = "Path: " + std::to_string(s.done.value_or(0)) + " of " +
             std::to_string(facts.path_letters) +
             " moves made (a path stops after a bump or a treasure); you are at " + here + "; " +
             sides;
      break;
    case report_kind::abandon:
      text = run_name(facts) + " abandoned at " + here + ".";
      break;
    case report_kind::sense:
    case report_kind::status:
      if (!facts.lost.empty() && !s.result) {
        text = run_name(facts) + " (lost): you were at " + here + "; " + sides;
      } else {
        text = run_name(facts) + (s.result ? " (ended)" : " (in play)") + ": you are at " + here +
               "; " + sides;
      }
      break;
  }
  text += " Steps " + std::to_string(s.steps) + ", bumps " + std::to_string(s.bumps) +
          "; treasures found " + std::to_string(s.found) + " of " + std::to_string(s.treasures) +
          ".";
  if (s.treasure && !s.result) {
    text += " You found a treasure here! The next one is hidden elsewhere (walls may have fallen).";
  }
  if (s.result) {
    const run_result& r = *s.result;
    text += " The run has ended: " + std::string(to_string(r.status)) + ". Score " +
            std::to_string(r.score) + " (steps " + std::to_string(r.steps) + ", bumps " +
            std::to_string(r.bumps) + "), optimal " + std::to_string(r.optimal) + ", efficiency " +
            efficiency_text(r.efficiency) + ".";
    text += ranked(facts) ? " Its replay is shown once the competition has closed."
                          : " Replay: " + facts.pages + "replay?url=/api/replays/" +
                                std::to_string(s.run) + ".";
  } else if (facts.lost.empty()) {
    text += " " + std::to_string(moves_left(facts)) + " moves left.";
  }
  if (!facts.lost.empty()) text += " " + facts.lost;
  const auto& b = facts.budget;
  if (b.max_moves || b.max_calls) {
    text += " Budget:";
    if (const auto left = budget_moves_left(facts)) {
      text += " " + std::to_string(*left) + " of " + std::to_string(*b.max_moves) +
              " moves left for this run (--max-moves)" + (b.max_calls ? "," : ".");
    }
    if (const auto left = calls_left(b)) {
      text += " " + std::to_string(*left) + " of " + std::to_string(*b.max_calls) +
              " tool calls left (--max-calls).";
    }
  }
  if (facts.visits != nullptr && s.result) {
    const std::uint64_t most = facts.visits->most;
    text +=
        " You stood on " + std::to_string(facts.visits->cells) + " different cells, " +
        (most == 1 ? std::string("each once") : "one of them " + std::to_string(most) + " times") +
        ", and on " + std::to_string(facts.visits->ten_or_more) + " cells 10 times or more.";
  }
  return text;
}

ordered_json map_view(const sensed_map& map, const run_facts& facts, std::int32_t radius,
                      std::string& text) {
  const cell at = facts.latest->position;
  if (radius == 0 && (map.width() > 40 || map.height() > 40)) radius = 12;
  cell low{0, 0};
  cell high{map.width() - 1, map.height() - 1};
  if (radius != 0) {
    low = {std::max(0, at.x - radius), std::max(0, at.y - radius)};
    high = {std::min(high.x, at.x + radius), std::min(high.y, at.y + radius)};
  }
  const auto rows = map.render(at, low, high);
  const visit_figures& v = map.figures();
  text = "Map of " + run_name(facts, "run") + ", cells " + at_text(low) + " to " + at_text(high) +
         " of " + std::to_string(map.width()) + "x" + std::to_string(map.height()) +
         ", north up. @: you, at " + at_text(at) +
         ". A number: how many times you stood on that cell. --- and |: walls; a blank side: "
         "open; ?: not known; #: fog (never sensed).\n";
  for (const auto& row : rows)
    text += row + "\n";
  return {{"run", facts.latest->run},
          {"handle", facts.handle},
          {"width", map.width()},
          {"height", map.height()},
          {"position", {{"x", at.x}, {"y", at.y}}},
          {"from", {{"x", low.x}, {"y", low.y}}},
          {"to", {{"x", high.x}, {"y", high.y}}},
          {"rows", rows},
          {"visits", {{"cells", v.cells}, {"most", v.most}, {"ten_or_more", v.ten_or_more}}}};
}

std::string challenges_text(const ordered_json& list) {
  // An int would wrap past 2^31: the number's own text.
  const auto number = [](const ordered_json& n) { return n.is_number() ? n.dump() : "?"; };
  std::string text = "The challenges of " + label(list["competition"].get<std::string>()) + ":";
  for (const auto& c : list["challenges"]) {
    text += "\n- " + label(c["id"].get<std::string>()) + ": " + number(c["width"]) + "x" +
            number(c["height"]) + ", " + number(c["attempts_left"]) + " of " +
            number(c["attempts"]) + " attempts left";
  }
  return text;
}

}  // namespace ariadne::mcp
