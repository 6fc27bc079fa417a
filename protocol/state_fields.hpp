#pragma once

// Internal to protocol/: the fields of a state and of a result, listed once,
// in the order the wire writes them. The hot path appends them as text
// (state_writer.cpp); the message writer builds them into a JSON tree (a
// welcome's state, a replay's or a spectator's result). Both visit these
// lists, so the two can never disagree.
#include "core/maze/direction.hpp"
#include "core/model/drone_state.hpp"
#include "core/model/run_result.hpp"

namespace ariadne::protocol::detail {

// out.text(key, string_view), out.number(key, integer or double),
// out.boolean(key, bool), and for a result or a set, out.object(key, it).
template <typename Out>
void visit_result(const run_result& r, Out& out) {
  out.text("status", to_string(r.status));
  out.number("steps", r.steps);
  out.number("bumps", r.bumps);
  out.number("score", r.score);
  out.number("optimal", r.optimal);
  out.number("efficiency", r.efficiency);
  if (r.seed) out.number("seed", *r.seed);
  out.number("found", r.found);
  out.number("treasures", r.treasures);
}

template <typename Out>
void visit_set(const set_position& s, Out& out) {
  out.number("attempt", s.attempt);
  out.number("maze", s.maze);
  out.number("mazes", s.mazes);
  if (s.ended) out.boolean("ended", *s.ended);
  if (s.found) out.number("found", *s.found);
  if (s.mark) out.number("mark", *s.mark);
}

// Also out.position(key, cell) and out.directions(key, open mask).
template <typename Out>
void visit_state(const drone_state& s, Out& out) {
  out.number("run", s.run);
  out.position("position", s.position);
  out.directions("open", s.open);
  out.boolean("treasure", s.treasure);
  out.number("steps", s.steps);
  out.number("bumps", s.bumps);
  out.number("found", s.found);
  out.number("treasures", s.treasures);
  if (s.moved) out.boolean("moved", *s.moved);
  if (s.done) out.number("done", *s.done);
  if (s.width) out.number("width", *s.width);
  if (s.height) out.number("height", *s.height);
  if (s.seed) out.number("seed", *s.seed);
  if (s.max_steps) out.number("max_steps", *s.max_steps);
  if (s.maze) out.text("maze", *s.maze);
  if (s.result) out.object("result", *s.result);
  if (s.set) out.object("set", *s.set);
}

}  // namespace ariadne::protocol::detail
