#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "bots/drone.hpp"
#include "clients/mcp/sensed_map.hpp"

namespace ariadne::mcp {

// The agent's budgets (ariadne-mcp --max-moves, --max-calls) as they stand.
struct budget_state {
  std::optional<std::uint64_t> max_moves;  // per run
  std::optional<std::uint64_t> max_calls;  // per session
  std::uint64_t calls = 0;                 // tool calls made so far
};

// What the tool was: it decides the first sentence of the text.
enum class report_kind { start, sense, move, path, abandon, status };

// One run as a tool reports it: its start, its latest state, the budgets,
// and the adapter's memory when it shows one.
struct run_facts {
  const drone_state* first = nullptr;   // the start reply
  const drone_state* latest = nullptr;  // the latest state
  budget_state budget;
  const visit_figures* visits = nullptr;  // null with --memory none
  std::string pages;                      // the server's pages: "http://HOST:PORT/"
  std::uint64_t path_letters = 0;         // the letters a path asked for
  char direction = 0;                     // the letter a move asked for
  std::string lost;                       // why the run was lost with its connection
};

// Moves the run may still make: before its max_steps and the agent's
// --max-moves, whichever comes first (0 once it has ended).
std::uint64_t moves_left(const run_facts& facts);

// The structured content of a state: the protocol's own state fields
// (protocol::write_server_message, without "type"), then the maze's size,
// limits and start from the start reply, and the adapter's additions: ended,
// moves_left, budget, the watch and replay addresses, visits.
nlohmann::ordered_json run_view(const run_facts& facts, report_kind kind);

// The same for the model, in sentences.
std::string run_text(const run_facts& facts, report_kind kind);

// The memory_map tool's structured content, and its text in `text`: the
// map of the cells up to `radius` from the drone at `at` (0: the whole maze
// up to 40 x 40, else 12).
nlohmann::ordered_json map_view(const sensed_map& map, std::uint64_t run, cell at,
                                std::int32_t radius, std::string& text);

// "N, E" (or "none") for an open-sides mask.
std::string sides_text(unsigned open);

}  // namespace ariadne::mcp
