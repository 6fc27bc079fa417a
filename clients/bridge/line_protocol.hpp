#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/maze/direction.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/paint.hpp"

namespace ariadne::bridge {

// The bridge's line protocol (PROTOCOL.md, "The stdin/stdout bridge"): a
// bot writes one command a line and reads one answer a line.

// A command line: SENSE, MOVE d, PATH dirs, ABANDON, PAINT CLEAR, PAINT
// x y colour [text] (colour "-" for none), up to 128 cells split by ";", or
// LOG text (a line of the bot's log, a paint of its own).
struct line_command {
  enum class kind { sense, move, path, abandon, paint } type = kind::sense;
  std::vector<direction> dirs;    // one for MOVE
  bool clear = false;             // PAINT CLEAR
  std::vector<paint_mark> marks;  // PAINT x y colour [text]; ...
  std::string log;                // LOG text: a paint with only a log line
};

// Reads one line (without its newline); an error sentence when it is not a
// command.
std::variant<line_command, std::string> parse_line(std::string_view line);

// START width height x y open max_steps treasures
std::string start_line(const drone_state& s);
// STATE x y open treasure steps bumps found treasures extra: extra is 1/0
// (moved) after MOVE, the moves made after PATH, "-" after SENSE.
std::string state_line(const drone_state& s, std::string_view extra);
// END status steps bumps score optimal found treasures
std::string end_line(const drone_state& s);
// PAINTED marks: the cells the run's paint marks now.
std::string painted_line(std::uint64_t marks);
// ERROR code sentence
std::string error_line(std::string_view code, std::string_view sentence);

}  // namespace ariadne::bridge
