#include "server/live/paint_log.hpp"

#include <gtest/gtest.h>

#include "core/model/errc.hpp"
#include "core/model/limits.hpp"

namespace ariadne {
namespace {

paint_event paint_of(std::uint64_t at, std::vector<paint_mark> cells, bool clear = false) {
  return {at, clear, std::move(cells), {}};
}

TEST(paint_log, counts_the_marks_after_erases_and_clears) {
  paint_log log;
  ASSERT_FALSE(log.add(paint_of(0, {{0, 0, "red", ""}, {1, 0, "", "a"}})));
  EXPECT_EQ(log.marks(), 2U);
  ASSERT_FALSE(log.add(paint_of(3, {{0, 0, "", ""}})));  // neither: erased
  EXPECT_EQ(log.marks(), 1U);
  ASSERT_FALSE(log.add(paint_of(5, {{2, 2, "blue", ""}}, true)));
  EXPECT_EQ(log.marks(), 1U);
  std::vector<paint_event> all;
  EXPECT_EQ(log.copy(0, all), 3U);
  EXPECT_EQ(all.back().at, 5U);
}

TEST(paint_log, refuses_past_the_run_budget_and_keeps_what_it_has) {
  paint_log log;
  const std::vector<paint_mark> cells(127, paint_mark{1, 1, "teal", ""});
  std::size_t added = 0;
  while (!log.add(paint_of(0, cells)))  // no error: taken
    ++added;
  EXPECT_EQ(added, limits::paint_cells_per_run / 128);  // each paint counts one more
  std::vector<paint_event> all;
  EXPECT_EQ(log.copy(0, all), added);
  const auto refused = log.add(paint_of(0, {}));  // the budget is spent to the last cell
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->code, errc::too_large);
}

TEST(paint_log, a_spectator_gets_no_paint_ahead_of_the_moves_and_a_batch_at_most) {
  paint_log log;
  for (std::uint64_t at = 0; at < 10; ++at)
    ASSERT_FALSE(log.add(paint_of(at, std::vector<paint_mark>(100, paint_mark{0, 0, "red", ""}))));
  std::vector<paint_event> sent;
  EXPECT_EQ(log.copy(0, sent, 4, 10'000), 5U);  // moves 0 to 4
  sent.clear();
  EXPECT_EQ(log.copy(5, sent, 100, 250), 7U);  // two paints fit 250 cells
  sent.clear();
  EXPECT_EQ(log.copy(9, sent, 100, 50), 10U);  // one always goes, however big
}

TEST(paint_log, a_log_line_costs_its_cells_of_the_budget_and_of_a_batch) {
  paint_log log;
  std::size_t lines = 0;
  while (!log.add({0, false, {}, "a line of the bot's log"}))
    ++lines;
  // Each a paint (one) and its line (paint_log_cells): a flood is bounded.
  EXPECT_EQ(lines, limits::paint_cells_per_run / (1 + limits::paint_log_cells));
  EXPECT_EQ(log.marks(), 0U);
  EXPECT_LE(log.bytes(), paint_log::worst_bytes);
  std::vector<paint_event> sent;
  EXPECT_EQ(log.copy(0, sent, 0, 3 * limits::paint_log_cells), 3U);
  EXPECT_EQ(sent.front().log, "a line of the bot's log");
}

}  // namespace
}  // namespace ariadne
