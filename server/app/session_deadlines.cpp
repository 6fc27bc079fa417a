#include "server/app/session_deadlines.hpp"

namespace ariadne::session_deadlines {

namespace {

clock::duration seconds(std::uint64_t s) {
  return std::chrono::seconds(static_cast<std::chrono::seconds::rep>(s));
}

}  // namespace

std::optional<clock::time_point> next_deadline(const clocks& c, const limits& l) {
  std::optional<clock::time_point> next;
  auto sooner = [&](clock::time_point t) {
    if (!next || t < *next) next = t;
  };
  if (!c.greeted) sooner(c.connected_at + seconds(l.hello_seconds));
  if (c.in_run) {
    if (c.run_deadline) sooner(*c.run_deadline);
    if (c.close_deadline) sooner(*c.close_deadline);
    if (l.run_idle_seconds != 0) sooner(c.last_command + seconds(l.run_idle_seconds));
  } else if (l.connection_idle_seconds != 0) {
    sooner(c.last_activity + seconds(l.connection_idle_seconds));
  }
  return next;
}

expiry due(const clocks& c, const limits& l, clock::time_point now) {
  if (!c.greeted && now - c.connected_at >= seconds(l.hello_seconds)) return expiry::hello;
  if (c.in_run) {
    if (c.run_deadline && now >= *c.run_deadline) return expiry::run_time;
    if (c.close_deadline && now >= *c.close_deadline) return expiry::run_closed;
    if (l.run_idle_seconds != 0 && now - c.last_command >= seconds(l.run_idle_seconds)) {
      return expiry::run_idle;
    }
    return expiry::none;
  }
  // Between runs, a connection that says nothing holds a slot for nothing.
  if (!c.starting && l.connection_idle_seconds != 0 &&
      now - c.last_activity >= seconds(l.connection_idle_seconds)) {
    return expiry::connection_idle;
  }
  return expiry::none;
}

}  // namespace ariadne::session_deadlines
