#include "clients/bridge/program_bot.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bots/local_drone.hpp"
#include "clients/bridge/child_program.hpp"
#include "protocol/messages.hpp"

namespace ariadne::bridge {
namespace {

using namespace std::chrono_literals;

// A program written in sh, played on a fresh 4x4 prim maze in-process.
struct played {
  run_result result;
  program_run how;
};

played play_script(const std::string& script, std::chrono::milliseconds patience = 10s) {
  local_drone d;
  protocol::start_message start;
  start.maze.generator = "prim";
  start.maze.width = 4;
  start.maze.height = 4;
  start.maze.seed = 3;
  d.start(start);
  program_bot bot("script", {"/bin/sh", "-c", script}, patience);
  bot.play(d);
  return {*d.state().result, bot.last_run()};
}

TEST(program_bot, plays_a_program_over_the_lines_and_tells_it_so) {
  // It knows it speaks the lines; its commands count; END comes last.
  const auto p = play_script(
      "read -r start; [ \"$ARIADNE_LINE_PROTOCOL\" = 1 ] || exit 3; "
      "echo 'MOVE E'; read -r state; echo ABANDON; read -r end; "
      "case $end in 'END abandoned 1 0 '*) exit 0 ;; *) exit 4 ;; esac");
  EXPECT_EQ(p.result.status, run_status::abandoned);
  EXPECT_EQ(p.result.steps, 1u);
  EXPECT_TRUE(p.how.ended_by_bot);
  EXPECT_EQ(p.how.exit, "exit status 0");
}

TEST(program_bot, refuses_bad_lines_and_plays_on) {
  const auto p = play_script(
      "read -r start; echo HELLO; read -r e1; echo 'PAINT 9 9 red'; read -r e2; "
      "echo 'PAINT 0 0 red; 1 0 blue'; read -r painted; "
      "[ \"$painted\" = 'PAINTED 2' ] || exit 5; "
      "case $e1$e2 in 'ERROR bad_line '*'ERROR bad_request the cell (9, 9) is outside the maze') "
      ";; "
      "*) exit 6 ;; esac; echo ABANDON; read -r end");
  EXPECT_EQ(p.how.refused_lines, 2u);
  EXPECT_EQ(p.how.exit, "exit status 0");
}

TEST(program_bot, a_program_that_leaves_or_falls_silent_abandons_its_run) {
  const auto gone = play_script("read -r start; exit 7");
  EXPECT_EQ(gone.result.status, run_status::abandoned);
  EXPECT_FALSE(gone.how.ended_by_bot);
  EXPECT_EQ(gone.how.why_left, "closed its output");
  EXPECT_EQ(gone.how.exit, "exit status 7");

  const auto silent = play_script("read -r start; exec sleep 30", 200ms);
  EXPECT_EQ(silent.result.status, run_status::abandoned);
  EXPECT_FALSE(silent.how.ended_by_bot);
  EXPECT_EQ(silent.how.why_left, "wrote nothing for 0.2 s");
}

TEST(program_bot, a_line_past_its_bound_is_refused_whole) {
  const std::string big = std::to_string(child_program::max_line + 10);
  const auto p = play_script("read -r start; head -c " + big +
                             " /dev/zero | tr '\\0' N; echo; read -r e; "
                             "case $e in 'ERROR bad_line a line longer than'*) echo ABANDON ;; "
                             "*) exit 8 ;; esac; read -r end");
  EXPECT_EQ(p.how.refused_lines, 1u);
  EXPECT_TRUE(p.how.ended_by_bot);
  EXPECT_EQ(p.result.status, run_status::abandoned);
}

TEST(program_bot, a_program_is_named_by_its_file) {
  EXPECT_EQ(program_name({"python3", "bots/my_bot.py", "--fast"}), "my_bot.py");
  EXPECT_EQ(program_name({"./dfs_bot"}), "dfs_bot");
  EXPECT_EQ(program_name({"java", "-jar", "bot.jar"}), "bot.jar");
  EXPECT_EQ(program_name({"mybot"}), "mybot");
}

}  // namespace
}  // namespace ariadne::bridge
