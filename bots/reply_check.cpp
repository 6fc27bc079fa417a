#include "bots/reply_check.hpp"

#include "core/maze/grid.hpp"
#include "core/model/limits.hpp"

namespace ariadne {

namespace {

std::string where(cell c) {
  return "(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")";
}

// What every state must satisfy in a maze of width x height.
std::optional<std::string> check_cell(const drone_state& s, std::int32_t width,
                                      std::int32_t height) {
  if (!within(s.position, width, height)) {
    return "position " + where(s.position) + " is outside the " + std::to_string(width) + "x" +
           std::to_string(height) + " maze";
  }
  if (s.open > 0xFU) return "open sides " + std::to_string(s.open) + " name no side";
  for (const direction d : all_directions) {
    if (opens(s.open, d) && !within(step(s.position, d), width, height)) {
      return std::string("side ") + to_char(d) + " of " + where(s.position) +
             " is open to the outside of the maze";
    }
  }
  if (s.found > s.treasures) {
    return std::to_string(s.found) + " treasures found of " + std::to_string(s.treasures);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_start_reply(const drone_state& first, const run_request* asked,
                                             const drone_limits& limits) {
  if (!first.width || !first.height) return std::string("the start reply has no maze size");
  const std::int32_t width = *first.width;
  const std::int32_t height = *first.height;
  const std::string size = std::to_string(width) + "x" + std::to_string(height);
  if (width < 1 || height < 1 || width > grid::max_side || height > grid::max_side) {
    return "a " + size + " maze is beyond the protocol's sizes";
  }
  const bool size_asked = asked != nullptr && asked->maze.width && asked->maze.height;
  if (size_asked && (*asked->maze.width != width || *asked->maze.height != height)) {
    return "a " + size + " maze answers a request for " + std::to_string(*asked->maze.width) + "x" +
           std::to_string(*asked->maze.height);
  }
  const auto cells = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  if (!size_asked && cells > limits.max_cells) {
    return "a " + size + " maze is more than the " + std::to_string(limits.max_cells) +
           " cells this client accepts";
  }
  if (first.treasures < 1 || first.treasures > limits::treasures.max) {
    return std::to_string(first.treasures) + " treasures is beyond the protocol's range";
  }
  if (asked != nullptr && asked->treasures && *asked->treasures != first.treasures) {
    return std::to_string(first.treasures) + " treasures answer a request for " +
           std::to_string(*asked->treasures);
  }
  if (first.steps != 0 || first.bumps != 0) return std::string("a new run has moves already");
  return check_cell(first, width, height);
}

std::optional<std::string> check_reply(const drone_state& before, const drone_state& next,
                                       const protocol::client_message& sent, std::int32_t width,
                                       std::int32_t height) {
  if (next.run != before.run) {
    return "run " + std::to_string(next.run) + " answers a request in run " +
           std::to_string(before.run);
  }
  if (next.treasures != before.treasures) return std::string("the number of treasures changed");
  if (auto problem = check_cell(next, width, height)) return problem;
  if (const auto* move = std::get_if<protocol::move_message>(&sent)) {
    if (!next.moved) return std::string("a move reply does not say whether it moved");
    const cell expected = *next.moved ? step(before.position, move->dir) : before.position;
    if (next.position != expected) {
      return "a move from " + where(before.position) + " arrived at " + where(next.position);
    }
    // A drone moves through a side it sensed open and bumps into one it
    // sensed closed (walls fall only after a find, which the state shows).
    if (*next.moved != opens(before.open, move->dir) && !(next.result && !*next.moved)) {
      return std::string(*next.moved ? "a move through a wall" : "a bump into an open side");
    }
    const bool timed_out = !*next.moved && next.result && next.steps == before.steps &&
                           next.bumps == before.bumps;  // the run had ended before the move
    const bool counted =
        timed_out || (*next.moved ? next.steps == before.steps + 1 && next.bumps == before.bumps
                                  : next.bumps == before.bumps + 1 && next.steps == before.steps);
    if (!counted) return std::string("a move counted other than once");
    return std::nullopt;
  }
  if (const auto* path = std::get_if<protocol::path_message>(&sent)) {
    if (!next.done) return std::string("a path reply does not say how many moves were made");
    const std::uint32_t done = *next.done;
    if (done > path->dirs.size()) {
      return std::to_string(done) + " moves made of a path of " + std::to_string(path->dirs.size());
    }
    // A path in play makes a move at least (a bump counts); only a run that
    // ended first makes none.
    if (done == 0 && !path->dirs.empty() && !next.result) {
      return std::string("a path made no move and the run goes on");
    }
    // A path stops at its first bump: every move before it was a step.
    const std::uint64_t bumped = next.bumps - before.bumps;
    if (next.bumps < before.bumps || bumped > 1 || bumped > done ||
        next.steps != before.steps + (done - bumped)) {
      return std::string("a path counted other moves than it made");
    }
    cell at = before.position;
    for (std::uint32_t i = 0; i < done - bumped; ++i)
      at = step(at, path->dirs[i]);
    if (next.position != at) {
      return "a path from " + where(before.position) + " arrived at " + where(next.position);
    }
    return std::nullopt;
  }
  // sense and abandon do not move.
  if (next.position != before.position || next.steps != before.steps ||
      next.bumps != before.bumps) {
    return std::string("the drone moved without a move");
  }
  return std::nullopt;
}

}  // namespace ariadne
