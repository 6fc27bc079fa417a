#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "core/game/maze_catalog.hpp"
#include "core/model/run_request.hpp"
#include "core/model/run_result.hpp"
#include "core/play/run_setup.hpp"

namespace ariadne {

// The largest side a baseline maze may have: the bundled bots play it
// offline on the server, so it stays small.
inline constexpr std::int32_t baseline_max_side = 64;

// The practice maze a query asks for: generator, width, height, loops and
// seed, all required ("generator=prim&width=16&height=16&loops=0&seed=42"),
// checked by the rules and the size limit; or the sentence that refuses it.
std::variant<run_request, std::string> parse_baseline_query(std::string_view query);

// What playing every bundled bot on it costs, in setup_cost units.
std::uint64_t baseline_cost(const run_request& request);

// One bundled bot's result on the maze a request sets up (its seed's),
// played offline and scored as the host scores; time limits do not apply
// (an offline bot never waits). A competition's reference bot plays each
// ranked maze this way.
run_result play_offline(std::string_view bot, run_request request, const maze_catalog& catalog,
                        const host_limits& host);
// What one play_offline on a maze of `cells` with a limit of `moves` costs,
// in setup_cost units: it sets the maze up and plays at most its move limit,
// a move costing about as much as setting up one cell.
std::uint64_t play_offline_cost(std::uint64_t cells, std::uint64_t moves);

// Every bundled bot's result on the maze, played offline:
//   {"maze": {...}, "optimal": N, "bots": [{"bot","status","steps","bumps","score",
//    "optimal","efficiency"}...]}
// Scored as the host scores (its bump penalty).
std::string baseline_json(const run_request& request, const maze_catalog& catalog,
                          const host_limits& host);

}  // namespace ariadne
