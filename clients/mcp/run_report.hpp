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
  const drone_state* first = nullptr;   // the start reply (or the state taken over)
  const drone_state* latest = nullptr;  // the latest state
  std::uint64_t handle = 0;             // the run's handle in this session (run_handles)
  bool taken_over = false;  // handed back at hello: first is where it stood then, not its start
  budget_state budget;
  const visit_figures* visits = nullptr;  // null with --memory none
  std::string pages;                      // the server's pages: "http://HOST:PORT/"
  std::uint64_t path_letters = 0;         // the letters a path asked for
  char direction = 0;                     // the letter a move asked for
  std::string lost;                       // why the run was lost with its connection
};

// The run's move limit: its max_steps, or the rules' default when the
// server did not say it.
std::uint64_t move_limit(const drone_state& first);

// Moves the run may still make: before its max_steps and the agent's
// --max-moves, whichever comes first (0 once it has ended or was lost).
std::uint64_t moves_left(const run_facts& facts);

// Why `moves` more cannot be played in the run at `s` under --max-moves
// `max_moves` (0: no budget): nothing is played then. Or nullopt.
std::optional<std::string> budget_refusal(const drone_state& s, std::uint64_t max_moves,
                                          std::uint64_t moves);

// An efficiency as the schemas allow it: from 0 to 1 (a server that says
// more, or not a number, is not believed past the range).
double efficiency_shown(double efficiency);

// The structured content of a state: the protocol's own state fields
// (protocol::write_server_message, without "type"), then the maze's size,
// limits and start from the start reply, and the adapter's additions: handle,
// ended, moves_left, budget, the watch and replay addresses, visits.
nlohmann::ordered_json run_view(const run_facts& facts, report_kind kind);

// The same for the model, in sentences.
std::string run_text(const run_facts& facts, report_kind kind);

// The memory_map tool's structured content, and its text in `text`: the
// map of the cells up to `radius` from the drone (0: the whole maze up to
// 40 x 40, else 12).
nlohmann::ordered_json map_view(const sensed_map& map, const run_facts& facts, std::int32_t radius,
                                std::string& text);

// list_challenges' text for its structured content: each challenge's size
// and attempts left, numbers as the server wrote them.
std::string challenges_text(const nlohmann::ordered_json& list);

// "N, E" (or "none") for an open-sides mask.
std::string sides_text(unsigned open);

}  // namespace ariadne::mcp
