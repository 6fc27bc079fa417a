#include "server/competition/ledger/applied_marks.hpp"

#include <gtest/gtest.h>

#include <random>

namespace ariadne {
namespace {

// Two challenges: sets of two mazes with every attempt marked, and single
// mazes with the best of three.
competition_rules two_rules() {
  return parse_competition(R"({"name": "cup", "challenges": [
      {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 50,
       "mazes": 2},
      {"id": "b", "maze": {"generator": "wilson", "width": 6, "height": 6}, "attempts": 3,
       "keep": "best"}]})",
                           maze_catalog{}, host_limits{});
}

void expect_same_rows(const std::vector<leaderboard_row>& got,
                      const std::vector<leaderboard_row>& wanted, int step) {
  ASSERT_EQ(got.size(), wanted.size()) << "step " << step;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const leaderboard_row& g = got[i];
    const leaderboard_row& w = wanted[i];
    EXPECT_EQ(g.competitor, w.competitor) << "step " << step;
    EXPECT_EQ(g.rank, w.rank);
    EXPECT_EQ(g.total, w.total);
    EXPECT_EQ(g.total_error, w.total_error);
    EXPECT_EQ(g.total_error_known, w.total_error_known);
    EXPECT_EQ(g.decided, w.decided);
    EXPECT_EQ(g.found, w.found);
    EXPECT_EQ(g.reached_at_ms, w.reached_at_ms);
    ASSERT_EQ(g.challenges.size(), w.challenges.size());
    for (std::size_t c = 0; c < g.challenges.size(); ++c) {
      const challenge_mark& gm = g.challenges[c];
      const challenge_mark& wm = w.challenges[c];
      EXPECT_EQ(gm.mark, wm.mark) << "step " << step << " " << g.competitor << " " << c;
      EXPECT_EQ(gm.error, wm.error);
      EXPECT_EQ(gm.error_known, wm.error_known);
      EXPECT_EQ(gm.status, wm.status);
      EXPECT_EQ(gm.score, wm.score);
      EXPECT_EQ(gm.optimal, wm.optimal);
      EXPECT_EQ(gm.attempts, wm.attempts) << "step " << step << " " << g.competitor << " " << c;
      EXPECT_EQ(gm.best_attempt, wm.best_attempt);
      EXPECT_EQ(gm.found, wm.found);
      EXPECT_EQ(gm.played.size(), wm.played.size());
    }
  }
}

// Runs come in at random, a competitor's runs are now and then read back
// whole (its marks erased and taken again), attempts are in play, the book's
// count of a key comes and goes: the marks
// kept from rebuild to rebuild rank as marking every attempt each time does.
TEST(applied_marks, kept_between_rebuilds_they_rank_as_marking_everything_again) {
  const competition_rules rules = two_rules();
  const auto challenges = challenge_records(rules);
  const std::vector<competitor_record> people{
      {1, "ann", false, 0}, {2, "bo", false, 0}, {3, "cy", false, 0}, {4, "di", false, 0}};
  std::mt19937 random(7);
  mark_table source;
  std::map<applied_marks::key, std::uint32_t> used;
  std::map<applied_marks::key, std::uint32_t> next_attempt;
  std::vector<ranked_run_record> history;
  applied_marks applied(rules);
  std::int64_t clock = 1000;
  for (int step = 0; step < 300; ++step) {
    const std::int64_t who = 1 + static_cast<std::int64_t>(random() % 3);  // di never plays
    const std::string challenge = random() % 2 ? "a" : "b";
    const applied_marks::key k{who, challenge};
    const auto pick = random() % 10;
    if (pick == 0) {
      // Read back from the store: the same runs taken again.
      source.erase(k);
      for (const ranked_run_record& r : history) {
        if (r.competitor == who && r.challenge == challenge) add_run(source, r);
      }
    } else if (pick == 1) {
      used[k] = next_attempt[k] + 1;  // an attempt in play
    } else if (pick == 2) {
      used.erase(k);  // the book's count gone: the mark's own shows
    } else {
      ranked_run_record r;
      r.competitor = who;
      r.challenge = challenge;
      r.attempt = ++next_attempt[k];
      r.deal = r.attempt;
      const bool found = random() % 3 != 0;
      r.status = found ? ranked_status::found : ranked_status::exhausted;
      r.optimal = 5 + random() % 20;
      r.score = r.optimal + random() % 60;
      r.steps = r.score;
      r.found = found ? 1 : 0;
      r.treasures = 1;
      r.ended_at_ms = clock++;
      r.started_at_ms = r.ended_at_ms - 5;
      r.run = static_cast<std::uint64_t>(step + 1);
      add_run(source, r);
      history.push_back(r);
      used[k] = r.attempt;
    }
    if (step % 7 != 0) continue;
    applied.take(source);
    applied.apply(used);
    // What a rebuild did before: every mark copied, the attempts set, all
    // marked again.
    mark_table everything = source;
    for (const auto& [key, n] : used) {
      if (n > 0 || everything.contains(key)) everything[key].attempts = n;
    }
    expect_same_rows(rank_applied(challenges, people, applied.table(), true),
                     rank_competitors(challenges, people, everything), step);
  }
}

// Without attempts a row carries no attempt figures: what a board ranked
// every second copies stays small.
TEST(applied_marks, rows_carry_the_attempts_only_when_asked) {
  const competition_rules rules = two_rules();
  const auto challenges = challenge_records(rules);
  const std::vector<competitor_record> people{{1, "ann", false, 0}};
  mark_table source;
  ranked_run_record r;
  r.competitor = 1;
  r.challenge = "b";
  r.attempt = r.deal = 1;
  r.status = ranked_status::found;
  r.optimal = 10;
  r.score = r.steps = 20;
  r.ended_at_ms = 5;
  add_run(source, r);
  applied_marks applied(rules);
  applied.take(source);
  applied.apply({{{1, "b"}, 1}});
  const auto bare = rank_applied(challenges, people, applied.table(), false);
  EXPECT_TRUE(bare[0].challenges[1].played.empty());
  EXPECT_EQ(bare[0].challenges[1].attempts_played, 1U);
  EXPECT_DOUBLE_EQ(bare[0].challenges[1].mark, 0.5);
  EXPECT_EQ(rank_applied(challenges, people, applied.table(), true)[0].challenges[1].played.size(),
            1U);
}

}  // namespace
}  // namespace ariadne
