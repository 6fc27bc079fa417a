#include "server/competition/rules/leaderboard.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "core/model/run_result.hpp"
#include "server/competition/rules/board_history.hpp"
#include "server/competition/rules/leaderboard_documents.hpp"

namespace ariadne {
namespace {

std::vector<challenge_record> two_challenges() {
  return {{"a", 0, 1.0, "{}"}, {"b", 1, 3.0, "{}"}};
}

ranked_run_record stored_run(std::int64_t who, std::string challenge, std::uint32_t attempt,
                             std::string status, std::uint64_t score, std::uint64_t optimal,
                             std::int64_t ended) {
  ranked_run_record r;
  r.competitor = who;
  r.challenge = std::move(challenge);
  r.deal = attempt;
  r.attempt = attempt;
  r.status = *ranked_status_names.parse(status);
  r.steps = score;
  r.score = score;
  r.optimal = optimal;
  r.ratio = efficiency_of(
      r.status == ranked_status::found ? run_status::found : run_status::exhausted, score, optimal);
  r.started_at_ms = ended - 10;
  r.ended_at_ms = ended;
  return r;
}

TEST(leaderboard, ratio_is_optimal_over_score_for_found_runs_only) {
  EXPECT_DOUBLE_EQ(efficiency_of(run_status::found, 40, 10), 0.25);
  EXPECT_DOUBLE_EQ(efficiency_of(run_status::found, 10, 10), 1.0);
  EXPECT_DOUBLE_EQ(efficiency_of(run_status::exhausted, 10, 10), 0.0);
  EXPECT_DOUBLE_EQ(efficiency_of(run_status::found, 0, 0), 1.0);
}

TEST(leaderboard, total_is_the_weighted_mean_of_best_marks) {
  const std::vector<competitor_record> people{{1, "ann", false, 0}, {2, "bo", false, 0}};
  const std::vector<ranked_run_record> runs{
      stored_run(1, "a", 1, "found", 20, 10, 100),      // 0.5
      stored_run(1, "a", 2, "found", 10, 10, 200),      // 1.0: the best stands
      stored_run(1, "b", 1, "exhausted", 99, 10, 300),  // 0
      stored_run(2, "b", 1, "found", 40, 10, 150),      // 0.25
      stored_run(2, "b", 2, "found", 80, 10, 400),      // worse: ignored
  };
  const auto rows = rank_competitors(two_challenges(), people, runs);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].competitor, "ann");  // 100 x (1 x 1.0 + 3 x 0) / 4
  EXPECT_DOUBLE_EQ(rows[0].total, 25.0);
  EXPECT_EQ(rows[0].challenges[0].score, 10U);  // the best attempt's figures
  EXPECT_EQ(rows[0].challenges[0].attempts, 2U);
  EXPECT_EQ(rows[0].found, 1U);
  EXPECT_EQ(rows[1].competitor, "bo");  // 100 x 3 x 0.25 / 4
  EXPECT_DOUBLE_EQ(rows[1].total, 18.75);
  EXPECT_EQ(rows[1].rank, 2U);
}

TEST(leaderboard, ties_break_on_found_then_time_and_share_ranks) {
  const std::vector<competitor_record> people{{1, "ann", false, 0},
                                              {2, "bo", false, 0},
                                              {3, "cy", false, 0},
                                              {4, "di", false, 0},
                                              {5, "ed", true, 0}};
  const std::vector<ranked_run_record> runs{
      stored_run(1, "a", 1, "found", 10, 10, 500),  // total 25, found 1, at 500
      stored_run(2, "a", 1, "found", 10, 10, 300),  // total 25, found 1, at 300: ahead of ann
      stored_run(3, "a", 1, "found", 10, 10, 300),  // same as bo: shares the rank
      stored_run(5, "a", 1, "found", 10, 10, 1),    // revoked: not ranked
  };
  const auto rows = rank_competitors(two_challenges(), people, runs);
  ASSERT_EQ(rows.size(), 4U);
  EXPECT_EQ(rows[0].competitor, "bo");
  EXPECT_EQ(rows[0].rank, 1U);
  EXPECT_EQ(rows[1].competitor, "cy");
  EXPECT_EQ(rows[1].rank, 1U);
  EXPECT_EQ(rows[2].competitor, "ann");
  EXPECT_EQ(rows[2].rank, 3U);
  EXPECT_EQ(rows[3].competitor, "di");  // never played: total 0
  EXPECT_EQ(rows[3].rank, 4U);
  EXPECT_EQ(rows[3].challenges[0].attempts, 0U);
}

TEST(leaderboard, interrupted_runs_count_nothing_and_in_play_ones_use_an_attempt) {
  const std::vector<competitor_record> people{{1, "ann", false, 0}};
  const std::vector<ranked_run_record> runs{stored_run(1, "a", 1, "interrupted", 0, 0, 10),
                                            stored_run(1, "a", 1, "in_play", 0, 0, 0)};
  const auto rows = rank_competitors(two_challenges(), people, runs);
  EXPECT_EQ(rows[0].challenges[0].attempts, 1U);
  EXPECT_DOUBLE_EQ(rows[0].total, 0.0);
  EXPECT_TRUE(rows[0].challenges[0].status.empty());
}

TEST(leaderboard, csv_fields_are_quoted_and_never_formulas) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("=SUM(A1)"), "'=SUM(A1)");
  EXPECT_EQ(csv_field("-1"), "'-1");
  // A reader splitting at ';' takes a quote in the middle of a line for a
  // character: "a;=cmd" is the cells `"a` and `=cmd`, so that cell is text.
  EXPECT_EQ(csv_field("a;=cmd|' /C calc'!A0"), "\"a;'=cmd|' /C calc'!A0\"");
  EXPECT_EQ(csv_field("a; \"@x"), "\"a;' \"\"@x\"");
  EXPECT_EQ(csv_field("a,-1"), "\"a,'-1\"");
  EXPECT_EQ(csv_field("a;b"), "\"a;b\"");
  EXPECT_EQ(csv_field("\t=1"), "\"'\t=1\"");
  EXPECT_EQ(csv_field("a\tb"), "\"a\tb\"");
}

// The cells a spreadsheet reads from one line split at `separator`, a quote
// counting only at a cell's start (RFC 4180 as LibreOffice and Excel read it).
std::vector<std::string> spreadsheet_cells(const std::string& line, char separator) {
  std::vector<std::string> cells;
  std::size_t i = 0;
  while (i <= line.size()) {
    std::string cell;
    if (i < line.size() && line[i] == '"') {
      for (++i; i < line.size(); ++i) {
        if (line[i] != '"') {
          cell += line[i];
        } else if (i + 1 < line.size() && line[i + 1] == '"') {
          cell += line[++i];
        } else {
          ++i;
          break;
        }
      }
    }
    while (i < line.size() && line[i] != separator)
      cell += line[i++];
    cells.push_back(cell);
    ++i;
  }
  return cells;
}

TEST(leaderboard, no_hostile_name_starts_a_cell_under_either_separator) {
  const std::vector<std::string> names{"a;=cmd|x",    "=1+1",    "a,=1",   "x;;+2",   "b; -3",
                                       "c;\"@SUM(1)", "d,\";=4", "e;\t=5", "f\"=6\";"};
  for (const auto& name : names) {
    const std::string line = "1," + csv_field(name) + ",42";
    for (const char separator : {',', ';'}) {
      for (const auto& cell : spreadsheet_cells(line, separator)) {
        const auto first = cell.find_first_not_of(' ');
        EXPECT_TRUE(first == std::string::npos ||
                    std::string_view("=+-@\t\r").find(cell[first]) == std::string_view::npos)
            << name << " gave the cell " << cell << " splitting at " << separator;
      }
    }
  }
}

}  // namespace
}  // namespace ariadne

namespace ariadne {
namespace {

TEST(leaderboard, keep_rules_all_last_and_best) {
  const std::vector<competitor_record> people{{1, "ann", false, 0}, {2, "bo", false, 0}};
  const auto challenge = [](const char* keep) {
    return std::vector<challenge_record>{
        {"a", 0, 1.0,
         std::string(R"({"attempts":3,"keep":")") + keep + R"(","maze":{},"move_budget":100})"}};
  };
  const std::vector<ranked_run_record> runs{
      stored_run(1, "a", 1, "found", 20, 10, 100),  // 0.5
      stored_run(1, "a", 2, "found", 10, 10, 200),  // 1.0
      stored_run(1, "a", 3, "found", 40, 10, 300),  // 0.25, the latest
      stored_run(2, "a", 1, "found", 10, 10, 150),  // 1.0, then no more attempts
  };
  const auto all = rank_competitors(challenge("all"), people, runs);
  // ann: (10 + 10 + 10) / (20 + 10 + 40); bo: 10 / (10 + 100 + 100), its two
  // attempts not played costing their move budget.
  EXPECT_EQ(all[0].competitor, "ann");
  EXPECT_DOUBLE_EQ(all[0].total, 100 * 30.0 / 70);
  EXPECT_DOUBLE_EQ(all[1].total, 100 * 10.0 / 210);
  EXPECT_EQ(all[0].challenges[0].score, 40U);  // the latest attempt's figures
  EXPECT_EQ(all[0].found, 1U);
  const auto last = rank_competitors(challenge("last"), people, runs);
  EXPECT_EQ(last[0].competitor, "bo");
  EXPECT_DOUBLE_EQ(last[1].total, 25.0);
  const auto best = rank_competitors(challenge("best"), people, runs);
  EXPECT_DOUBLE_EQ(best[0].total, 100.0);
  EXPECT_DOUBLE_EQ(best[1].total, 100.0);
  EXPECT_EQ(best[0].competitor, "bo");  // reached 1.0 first (150 < 200)
  // A definition of the days before keep: best.
  EXPECT_EQ(scoring_of({"a", 0, 1.0, R"({"attempts":2})"}).keep, attempts_rule::best);
  EXPECT_EQ(scoring_of({"a", 0, 1.0, R"({"attempts":2})"}).attempts, 2U);
  EXPECT_EQ(scoring_of({"a", 0, 1.0, "not json"}).keep, attempts_rule::best);
}

}  // namespace
}  // namespace ariadne

namespace ariadne {
namespace {

// A set's maze: attempt `attempt`, deal `deal`.
ranked_run_record maze(std::uint32_t attempt, std::uint32_t deal, std::string status,
                       std::uint64_t score, std::uint64_t optimal, std::int64_t ended) {
  ranked_run_record r = stored_run(1, "s", attempt, std::move(status), score, optimal, ended);
  r.deal = deal;
  return r;
}

TEST(leaderboard, sets_are_marked_whole_and_shown_as_sums) {
  const std::vector<competitor_record> ann{{1, "ann", false, 0}};
  const auto sets = [](const char* keep) {
    return std::vector<challenge_record>{{"s", 0, 1.0,
                                          std::string(R"({"attempts":2,"keep":")") + keep +
                                              R"(","mazes":3,"maze":{},"move_budget":100})"}};
  };
  const std::vector<ranked_run_record> runs{
      maze(1, 1, "found", 20, 10, 100), maze(1, 2, "found", 30, 10, 110),
      maze(1, 3, "exhausted", 100, 10, 120),
      // The second attempt, under way (or given up): one maze of three played.
      maze(2, 4, "found", 10, 10, 200)};
  const auto all = rank_competitors(sets("all"), ann, runs);
  // Every maze of both attempts: (10 + 10 + 10) / (20 + 30 + 100 + 10 + 2 x 100).
  EXPECT_DOUBLE_EQ(all[0].total, 100 * 30.0 / 360);
  const challenge_mark& shown = all[0].challenges[0];
  EXPECT_EQ(shown.attempts, 2U);
  EXPECT_EQ(shown.score, 10U);            // the latest attempt's sums
  EXPECT_EQ(shown.status, "unfinished");  // found so far, two mazes to go
  EXPECT_TRUE(all[0].total_error_known);
  EXPECT_EQ(all[0].found, 0U);  // no attempt found every maze of its set
  // The second set played out, every maze found: now it counts.
  std::vector<ranked_run_record> more = runs;
  more.push_back(maze(2, 5, "found", 10, 10, 210));
  more.push_back(maze(2, 6, "found", 10, 10, 220));
  const auto done = rank_competitors(sets("all"), ann, more);
  EXPECT_EQ(done[0].challenges[0].status, "found");
  EXPECT_EQ(done[0].found, 1U);
  const auto best = rank_competitors(sets("best"), ann, runs);
  // Attempt 1: 20 / 150; attempt 2: 10 / 210, its mazes not played costing the budget.
  EXPECT_DOUBLE_EQ(best[0].total, 100 * 20.0 / 150);
  EXPECT_EQ(best[0].challenges[0].best_attempt, 1U);
  EXPECT_EQ(best[0].challenges[0].score, 150U);  // its three mazes
  EXPECT_EQ(best[0].challenges[0].status, "exhausted");
  EXPECT_EQ(best[0].challenges[0].reached_at_ms, 120);  // its last maze's end
}

TEST(leaderboard, standard_errors_tell_which_places_are_decided) {
  const std::vector<competitor_record> people{
      {1, "ann", false, 0}, {2, "bo", false, 0}, {3, "cy", false, 0}};
  const std::vector<challenge_record> ten{
      {"a", 0, 1.0, R"({"attempts":10,"keep":"all","maze":{},"move_budget":1000})"}};
  std::vector<ranked_run_record> runs;
  for (std::uint32_t k = 1; k <= 10; ++k) {
    runs.push_back(stored_run(1, "a", k, "found", 20, 10, 100 + k));  // always 0.5
    // bo and cy alternate 0.9 and 0.1 in opposite phase: about 0.2 apart in
    // total, no more than their spread.
    runs.push_back(stored_run(2, "a", k, "found", k % 2 ? 11 : 100, 10, 200 + k));
    runs.push_back(stored_run(3, "a", k, "found", k % 2 ? 100 : 12, 10, 300 + k));
  }
  const auto rows = rank_competitors(ten, people, runs);
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_EQ(rows[0].competitor, "ann");
  EXPECT_TRUE(rows[0].total_error_known);
  EXPECT_NEAR(rows[0].total_error, 0, 1e-9);  // ten identical mazes
  EXPECT_GT(rows[1].total_error, 1.0);
  EXPECT_TRUE(rows[0].decided);
  EXPECT_FALSE(rows[1].decided);  // bo and cy: within their errors
  EXPECT_FALSE(rows[2].decided);
  const std::string doc = leaderboard_json("cup", 0, ten, rows, 30);
  EXPECT_NE(doc.find(R"("decided":true)"), std::string::npos);
  EXPECT_NE(doc.find(R"("total_error":0.0)"), std::string::npos);
  EXPECT_NE(leaderboard_csv(ten, rows).find(",yes,"), std::string::npos);
  // Before the details may be shown, the errors rounded as the marks and
  // totals are (never finer than a mark of one maze), and the verdicts those
  // rounded figures give (the exact ones would tell a little more).
  const auto hidden = nlohmann::json::parse(leaderboard_json("cup", 0, ten, rows, 30, false));
  const auto apart = [&](std::size_t a, std::size_t b) {
    const auto& x = hidden["rows"][a];
    const auto& y = hidden["rows"][b];
    const double ex = x["total_error"].get<double>();
    const double ey = y["total_error"].get<double>();
    return std::abs(x["total"].get<double>() - y["total"].get<double>()) >
           2 * std::sqrt(ex * ex + ey * ey);
  };
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = hidden["rows"][i];
    EXPECT_EQ(row["decided"].get<bool>(),
              (i == 0 || apart(i - 1, i)) && (i + 1 == rows.size() || apart(i, i + 1)));
    EXPECT_EQ(row["total_error"].get<double>(), std::round(rows[i].total_error));
    const double error = row["challenges"]["a"]["error"].get<double>();
    EXPECT_EQ(error, std::round(rows[i].challenges[0].error * 100) / 100);
    EXPECT_TRUE(row["challenges"]["a"]["score"].is_null());
  }
  EXPECT_GT(hidden["rows"][1]["total_error"].get<double>(), 0);
  const std::string hidden_csv = leaderboard_csv(ten, rows, false);
  EXPECT_NE(hidden_csv.find(",0,yes,"), std::string::npos) << hidden_csv;  // ann
  EXPECT_NE(hidden_csv.find(",no,"), std::string::npos) << hidden_csv;
  // A mark of one maze has no error anyone can tell: never decided.
  const auto one =
      rank_competitors(two_challenges(), people,
                       std::vector<ranked_run_record>{stored_run(1, "a", 1, "found", 20, 10, 1)});
  EXPECT_FALSE(one[0].total_error_known);
  EXPECT_FALSE(one[0].decided);
  EXPECT_NE(leaderboard_json("cup", 0, two_challenges(), one, 1).find(R"("total_error":null)"),
            std::string::npos);
}

TEST(leaderboard, history_ranks_the_results_ended_by_each_moment) {
  const std::vector<competitor_record> people{
      {1, "ann", false, 0}, {2, "bo", false, 0}, {3, "cy", false, 0}};
  std::vector<ranked_run_record> runs{
      stored_run(2, "b", 1, "found", 40, 10, 1000),  // bo leads at first: 100 x 3 x 0.25 / 4
      stored_run(1, "a", 1, "found", 10, 10, 1500),  // ann: 25, bo still ahead
      stored_run(1, "b", 1, "found", 10, 10, 3000),  // ann: 100
  };
  runs.push_back(stored_run(3, "a", 1, "found", 10, 10, 2000));
  runs.back().status = ranked_status::interrupted;  // never counted
  runs.push_back(stored_run(1, "a", 2, "found", 10, 10, 0));
  runs.back().status = ranked_status::in_play;
  const auto doc =
      nlohmann::json::parse(board_history_json(two_challenges(), people, runs, true, 5));
  EXPECT_EQ(doc["times"], nlohmann::json::parse("[1000, 1500, 2000, 2500, 3000]"));
  ASSERT_EQ(doc["leaders"].size(), 2U);               // cy never played
  EXPECT_EQ(doc["leaders"][0]["competitor"], "ann");  // the board's order now
  EXPECT_EQ(doc["leaders"][0]["totals"], nlohmann::json::parse("[0, 25, 25, 25, 100]"));
  EXPECT_EQ(doc["leaders"][1]["competitor"], "bo");
  EXPECT_EQ(doc["leaders"][1]["totals"], nlohmann::json::parse("[18.8, 18.8, 18.8, 18.8, 18.8]"));
  // Without the details the totals are whole, as the board shows them.
  const auto rounded =
      nlohmann::json::parse(board_history_json(two_challenges(), people, runs, false, 2));
  EXPECT_EQ(rounded["leaders"][1]["totals"], nlohmann::json::parse("[19, 19]"));
  EXPECT_EQ(rounded["leaders"][0]["totals"], nlohmann::json::parse("[0, 100]"));
  // A leader count keeps the first ones; no result, no line.
  const auto one =
      nlohmann::json::parse(board_history_json(two_challenges(), people, runs, true, 3, 1));
  EXPECT_EQ(one["leaders"].size(), 1U);
  const auto none = nlohmann::json::parse(board_history_json(two_challenges(), people, {}, true));
  EXPECT_TRUE(none["times"].empty() && none["leaders"].empty());
}

}  // namespace
}  // namespace ariadne
