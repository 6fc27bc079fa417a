#include "bots/drone.hpp"

#include <algorithm>

namespace ariadne {

const drone_state& drone::accept(drone_state next, bool new_run) {
  if (recording_) {
    if (new_run) trail_.clear();
    if (new_run || next.position != state_.position) trail_.push_back(next.position);
  }
  state_ = std::move(next);
  return state_;
}

namespace {

[[noreturn]] void refuse(const std::string& why) {
  throw drone_error("the server's reply is impossible: " + why);
}

}  // namespace

const drone_state& drone::begin(drone_state first, const run_request* asked) {
  if (auto problem = check_start_reply(first, asked, limits_)) refuse(*problem);
  return settle(std::move(first), asked);
}

const drone_state& drone::take_over(drone_state taken) {
  drone_state as_started = taken;
  as_started.steps = 0;
  as_started.bumps = 0;
  if (auto problem = check_start_reply(as_started, nullptr, limits_)) refuse(*problem);
  if (taken.result) refuse("run " + std::to_string(taken.run) + " was handed back ended");
  return settle(std::move(taken), nullptr);
}

const drone_state& drone::settle(drone_state first, const run_request* asked) {
  width_ = *first.width;
  height_ = *first.height;
  // What the request asked for is allowed in full; otherwise the limits cap
  // what the server announces.
  const std::uint64_t own_moves =
      asked != nullptr && asked->max_steps ? *asked->max_steps : limits_.max_moves;
  move_budget_ = std::min(first.max_steps.value_or(own_moves), own_moves);
  const auto asked_time =
      std::chrono::milliseconds(asked != nullptr ? asked->time_limit_ms.value_or(0) : 0);
  run_time_ = std::max<std::chrono::milliseconds>(limits_.max_run_time, asked_time) +
              std::chrono::seconds(5);  // the server's timer, and the network, may be late
  deadline_ = std::chrono::steady_clock::now() + run_time_;
  return accept(std::move(first), true);
}

drone_state drone::ask(const protocol::client_message& message) {
  drone_state next = exchange(message);
  if (auto problem = check_reply(state_, next, message, width_, height_)) refuse(*problem);
  // An honest server ends a run at its max_steps. (Its time limit is the
  // network drone's to hold: run_deadline(); an in-process run keeps its own.)
  if (!next.result && next.steps + next.bumps >= move_budget_) {
    throw drone_error("run " + std::to_string(next.run) + " is still in play after " +
                      std::to_string(move_budget_) + " moves");
  }
  return next;
}

std::chrono::steady_clock::time_point drone::run_deadline() const {
  if (width_ == 0 || finished()) return std::chrono::steady_clock::time_point::max();
  return deadline_;
}

std::string drone::run_overdue() const {
  return "run " + std::to_string(state_.run) + " is still in play after " +
         std::to_string(std::chrono::duration_cast<std::chrono::seconds>(run_time_).count()) + " s";
}

const drone_state& drone::start(const protocol::start_message& request) {
  return begin(exchange(request), &request);
}

const drone_state& drone::start_challenge(const std::string& challenge) {
  return begin(exchange(protocol::challenge_start_message{challenge}), nullptr);
}

const drone_state& drone::sense() {
  return accept(ask(protocol::sense_message{}), false);
}

bool drone::move(direction d) {
  accept(ask(protocol::move_message{d}), false);
  return state_.moved.value_or(false);
}

std::uint32_t drone::path(std::span<const direction> dirs) {
  if (dirs.empty()) return 0;
  if (!recording_) {
    accept(ask(protocol::path_message{{dirs.begin(), dirs.end()}}), false);
    return state_.done.value_or(0);
  }
  // With a trail to keep, the cells between are needed: retrace the moves made.
  const cell from = state_.position;
  drone_state next = ask(protocol::path_message{{dirs.begin(), dirs.end()}});
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

void drone::trim_trail() {
  if (trail_.size() > 1) trail_.erase(trail_.begin(), trail_.end() - 1);
}

const drone_state& drone::abandon() {
  return accept(ask(protocol::abandon_message{}), false);
}

}  // namespace ariadne
