#include "bots/drone.hpp"

namespace ariadne {

const drone_state& drone::accept(drone_state next, bool new_run) {
  if (recording_) {
    if (new_run) trail_.clear();
    if (new_run || next.position != state_.position) trail_.push_back(next.position);
  }
  state_ = std::move(next);
  return state_;
}

const drone_state& drone::start(const protocol::start_message& request) {
  drone_state first = exchange(request);
  width_ = first.width.value_or(0);
  height_ = first.height.value_or(0);
  return accept(std::move(first), true);
}

const drone_state& drone::start_challenge(const std::string& challenge) {
  drone_state first = exchange(protocol::challenge_start_message{challenge});
  width_ = first.width.value_or(0);
  height_ = first.height.value_or(0);
  return accept(std::move(first), true);
}

const drone_state& drone::sense() {
  return accept(exchange(protocol::sense_message{}), false);
}

bool drone::move(direction d) {
  accept(exchange(protocol::move_message{d}), false);
  return state_.moved.value_or(false);
}

std::uint32_t drone::path(std::span<const direction> dirs) {
  if (dirs.empty()) return 0;
  if (!recording_) {
    accept(exchange(protocol::path_message{{dirs.begin(), dirs.end()}}), false);
    return state_.done.value_or(0);
  }
  // With a trail to keep, the cells between are needed: retrace the moves made.
  const cell from = state_.position;
  drone_state next = exchange(protocol::path_message{{dirs.begin(), dirs.end()}});
  const std::uint32_t done = next.done.value_or(0);
  cell at = from;
  for (std::uint32_t i = 0; i < done; ++i) {
    const cell ahead = step(at, dirs[i]);
    // The last move may have been a bump.
    if (i + 1 == done && ahead != next.position) break;
    at = ahead;
    trail_.push_back(at);
  }
  state_ = std::move(next);
  return done;
}

const drone_state& drone::abandon() {
  return accept(exchange(protocol::abandon_message{}), false);
}

}  // namespace ariadne
