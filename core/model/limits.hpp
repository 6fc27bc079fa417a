#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "core/maze/grid.hpp"
#include "core/maze/maze_spec.hpp"
#include "core/model/request_error.hpp"

namespace ariadne {

// A whole-number field of a request: its wire name, its range and the code
// of the error for a value outside it.
struct integer_limit {
  std::string_view field;
  std::uint64_t min = 0;
  std::uint64_t max = 0;
  errc code = errc::bad_request;
};

// A fractional field.
struct real_limit {
  std::string_view field;
  double min = 0.0;
  double max = 0.0;
  errc code = errc::bad_request;
};

// A text field: 1 to max_length characters (Unicode code points) of
// printable UTF-8: no control characters, no invisible formatting.
struct text_limit {
  std::string_view field;
  std::size_t max_length = 0;
};

// Every range and default of a request, defined once. The codec reads fields
// against them, the rules check every request with them (core/play), and
// ariadne-maze and ariadne-bot check their options with them: the server, the
// local drone and the tools refuse the same values with the same words.
namespace limits {

inline constexpr integer_limit width{"width", 1, grid::max_side, errc::invalid_maze};
inline constexpr integer_limit height{"height", 1, grid::max_side, errc::invalid_maze};
inline constexpr integer_limit seed{"seed", 0, std::numeric_limits<std::uint64_t>::max(),
                                    errc::bad_request};
inline constexpr real_limit loops{"loops", 0.0, 1.0, errc::invalid_maze};
inline constexpr integer_limit treasures{"treasures", 1, 1000, errc::bad_request};
inline constexpr integer_limit max_steps{"max_steps", 1, 1'000'000'000'000ULL, errc::bad_request};
inline constexpr integer_limit reuse_walls_removed{"reuse_walls_removed", 0, 1'000'000,
                                                   errc::bad_request};
inline constexpr integer_limit time_limit_ms{"time_limit_ms", 0, 86'400'000, errc::bad_request};
inline constexpr integer_limit path_letters{"dirs", 1, 4096, errc::bad_request};

// The smallest message limit a server may set (its --max-message-bytes):
// room for the longest path with its envelope and an id of a few hundred
// bytes, so that a path the rules allow is never cut off by the frame limit.
inline constexpr std::size_t min_message_bytes = path_letters.max + 512;

inline constexpr text_limit player_name{"name", 64};
inline constexpr text_limit bot_name{"bot", 64};
inline constexpr text_limit maze_name{"name", 128};
inline constexpr text_limit generator{"generator", 64};
inline constexpr text_limit token{"token", 128};
inline constexpr text_limit challenge{"challenge", 64};
inline constexpr text_limit announcement{"announcement", 280};
// A bot's paint (PROTOCOL.md, "paint"): a mark's text, the cells of one
// message, and the cells of a whole run, clears and all; a line of the bot's
// log, which costs the run's paint budget paint_log_cells cells (its bytes
// as much as those cells': paint_log's memory claim holds).
inline constexpr text_limit paint_text{"text", 4};
inline constexpr text_limit paint_log{"log", 120};
inline constexpr std::size_t paint_log_cells = 4;
inline constexpr std::size_t paint_cells_per_message = 128;
inline constexpr std::size_t paint_cells_per_run = 4096;
inline constexpr integer_limit paint_x{"x", 0, grid::max_side - 1, errc::bad_request};
inline constexpr integer_limit paint_y{"y", 0, grid::max_side - 1, errc::bad_request};

// What an absent field means (a maze's generator and size: default_generator
// and default_side of core/maze/maze_spec.hpp).
inline constexpr double default_loops = 0.0;
inline constexpr std::uint32_t default_treasures = 1;
inline constexpr std::uint32_t default_reuse_walls_removed = 0;
// max_steps absent: this many moves per cell of the maze.
inline constexpr std::uint64_t default_moves_per_cell = 10;
// time_limit_ms absent or 0: no limit of the run's own (the server may cap it).
inline constexpr std::uint64_t default_time_limit_ms = 0;
inline constexpr std::string_view default_player_name = "anonymous";

}  // namespace limits

// The error for a value outside its limit, or nullopt. The wording is the
// same everywhere: "\"width\" must be from 1 to 8192, got 0".
std::optional<request_error> check(const integer_limit& limit, std::uint64_t value);
std::optional<request_error> check(const integer_limit& limit, std::int64_t value);
std::optional<request_error> check(const real_limit& limit, double value);
std::optional<request_error> check(const text_limit& limit, std::string_view value);

// The characters in text when it is UTF-8 without control characters (C0,
// DEL, C1) or invisible formatting (zero widths, direction overrides, the
// byte-order mark), else nullopt.
std::optional<std::size_t> printable_length(std::string_view text);

// The error for a path of `letters` directions outside limits::path_letters:
// "\"dirs\" must hold 1 to 4096 letters".
std::optional<request_error> check_path_length(std::size_t letters);

// "from 1 to 8192": the range as the messages above say it.
std::string describe_range(const integer_limit& limit);

}  // namespace ariadne
