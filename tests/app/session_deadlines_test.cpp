#include "server/app/session_deadlines.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

using session_deadlines::clock;
using session_deadlines::clocks;
using session_deadlines::due;
using session_deadlines::expiry;
using session_deadlines::next_deadline;
using limits = session_deadlines::limits;
using std::chrono::seconds;

clocks at(clock::time_point t) {
  clocks c;
  c.connected_at = c.last_activity = c.last_command = t;
  return c;
}

TEST(session_deadlines, the_hello_comes_first) {
  const auto t = clock::now();
  const limits l{10, 120, 600};
  clocks c = at(t);
  EXPECT_EQ(next_deadline(c, l), t + seconds(10));
  EXPECT_EQ(due(c, l, t + seconds(9)), expiry::none);
  EXPECT_EQ(due(c, l, t + seconds(10)), expiry::hello);
  c.greeted = true;
  EXPECT_EQ(next_deadline(c, l), t + seconds(600));
  EXPECT_EQ(due(c, l, t + seconds(10)), expiry::none);
}

TEST(session_deadlines, a_run_ends_at_its_limit_or_when_idle) {
  const auto t = clock::now();
  const limits l{10, 120, 600};
  clocks c = at(t);
  c.greeted = true;
  c.in_run = true;
  EXPECT_EQ(next_deadline(c, l), t + seconds(120));
  c.run_deadline = t + seconds(30);
  EXPECT_EQ(next_deadline(c, l), t + seconds(30));
  EXPECT_EQ(due(c, l, t + seconds(30)), expiry::run_time);
  c.run_deadline.reset();
  c.last_command = t + seconds(100);
  EXPECT_EQ(due(c, l, t + seconds(200)), expiry::none);
  EXPECT_EQ(due(c, l, t + seconds(220)), expiry::run_idle);
  // The connection's idle limit does not apply during a run.
  EXPECT_EQ(due(c, limits{10, 0, 600}, t + seconds(1000)), expiry::none);
  EXPECT_EQ(next_deadline(c, limits{10, 0, 600}), std::nullopt);
}

TEST(session_deadlines, a_silent_connection_between_runs_is_closed_unless_a_start_is_pending) {
  const auto t = clock::now();
  const limits l{10, 120, 600};
  clocks c = at(t);
  c.greeted = true;
  EXPECT_EQ(due(c, l, t + seconds(600)), expiry::connection_idle);
  c.starting = true;
  EXPECT_EQ(due(c, l, t + seconds(600)), expiry::none);
  c.starting = false;
  EXPECT_EQ(due(c, limits{10, 120, 0}, t + seconds(6000)), expiry::none);
  EXPECT_EQ(next_deadline(c, limits{10, 120, 0}), std::nullopt);
}

TEST(session_deadlines, a_ranked_run_ends_once_the_close_and_its_grace_have_passed) {
  const auto t = clock::now();
  const limits l{10, 0, 600};
  clocks c = at(t);
  c.greeted = true;
  c.in_run = true;
  c.last_command = t;
  c.close_deadline = t + seconds(90);
  EXPECT_EQ(next_deadline(c, l), t + seconds(90));
  EXPECT_EQ(due(c, l, t + seconds(89)), expiry::none);
  EXPECT_EQ(due(c, l, t + seconds(90)), expiry::run_closed);
  // The run's own limit, when sooner, comes first.
  c.run_deadline = t + seconds(30);
  EXPECT_EQ(next_deadline(c, l), t + seconds(30));
  EXPECT_EQ(due(c, l, t + seconds(95)), expiry::run_time);
}

}  // namespace
}  // namespace ariadne
