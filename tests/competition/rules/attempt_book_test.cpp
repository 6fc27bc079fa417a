#include "server/competition/rules/attempt_book.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

const attempt_book::key relay_key{1, "relay"};

attempt_book::dealt deal(attempt_book& book, std::uint32_t attempts = 2, std::uint32_t mazes = 5) {
  auto d = book.deal(relay_key, attempts, mazes);
  EXPECT_TRUE(std::holds_alternative<attempt_book::dealt>(d));
  return std::get<attempt_book::dealt>(d);
}

errc refusal(attempt_book& book, std::uint32_t attempts = 2, std::uint32_t mazes = 5) {
  auto d = book.deal(relay_key, attempts, mazes);
  EXPECT_TRUE(std::holds_alternative<request_error>(d));
  return std::holds_alternative<request_error>(d) ? std::get<request_error>(d).code : errc::count;
}

ranked_run_record stored(std::uint32_t attempt, std::uint32_t deal, std::string status) {
  ranked_run_record r;
  r.competitor = relay_key.first;
  r.challenge = relay_key.second;
  r.attempt = attempt;
  r.deal = deal;
  r.status = *ranked_status_names.parse(status);
  return r;
}

TEST(attempt_book, a_set_deals_its_block_in_order_and_counts_one_attempt) {
  attempt_book book;
  for (std::uint32_t j = 1; j <= 5; ++j) {
    const auto d = deal(book);
    EXPECT_EQ(d.attempt, 1U);
    EXPECT_EQ(d.maze, j);
    EXPECT_EQ(d.deal, j);
    EXPECT_EQ(d.new_attempt, j == 1);
    EXPECT_EQ(book.used(relay_key), 1U);
    // A maze in play: no second one of the set meanwhile.
    EXPECT_EQ(refusal(book), errc::run_active);
    EXPECT_FALSE(book.next_maze(relay_key));
    book.ended(relay_key, d.deal, ranked_status::found);
    if (j < 5) {
      EXPECT_EQ(book.next_maze(relay_key), j + 1);
    }
  }
  EXPECT_FALSE(book.next_maze(relay_key));
  const auto second = deal(book);
  EXPECT_TRUE(second.new_attempt);
  EXPECT_EQ(second.attempt, 2U);
  EXPECT_EQ(second.deal, 6U);
  EXPECT_TRUE(book.in_play(1, "relay", 6));
  EXPECT_FALSE(book.in_play(1, "relay", 5));
}

TEST(attempt_book, giving_up_or_running_out_of_time_ends_the_set_exhausting_does_not) {
  attempt_book book;
  book.ended(relay_key, deal(book).deal,
             ranked_status::exhausted);  // not found, but played out: on
  EXPECT_EQ(book.next_maze(relay_key), 2U);
  book.ended(relay_key, deal(book).deal, ranked_status::abandoned);
  EXPECT_FALSE(book.next_maze(relay_key));
  // The next attempt starts a new block: mazes 3 to 5 of the first stay unplayed.
  const auto next = deal(book);
  EXPECT_EQ(next.attempt, 2U);
  EXPECT_EQ(next.deal, 6U);
  book.ended(relay_key, next.deal, ranked_status::timeout);
  EXPECT_EQ(refusal(book), errc::no_attempts_left);
  EXPECT_EQ(book.deals(relay_key), 10U);  // both blocks, for the reveal
  EXPECT_TRUE(attempt_book::ends_set(ranked_status::abandoned));
  EXPECT_TRUE(attempt_book::ends_set(ranked_status::timeout));
  EXPECT_FALSE(attempt_book::ends_set(ranked_status::exhausted));
  EXPECT_FALSE(attempt_book::ends_set(ranked_status::found));
}

TEST(attempt_book, a_maze_given_back_is_dealt_again_and_a_first_one_undoes_its_attempt) {
  attempt_book book;
  const auto first = deal(book);
  EXPECT_TRUE(book.give_back(relay_key, first.deal));  // the attempt was never played
  EXPECT_EQ(book.used(relay_key), 0U);
  const auto again = deal(book);
  EXPECT_EQ(again.attempt, 1U);
  EXPECT_EQ(again.deal, 6U);  // a block never shown stays dealt
  book.ended(relay_key, again.deal, ranked_status::found);
  const auto second = deal(book);
  EXPECT_EQ(second.maze, 2U);
  EXPECT_FALSE(book.give_back(relay_key, second.deal));  // the set goes on
  EXPECT_EQ(book.used(relay_key), 1U);
  const auto retry = deal(book);
  EXPECT_EQ(retry.maze, 2U);
  EXPECT_EQ(retry.deal, second.deal);  // the same maze: the set keeps its place
}

TEST(attempt_book, the_store_rebuilds_sets_under_way_and_ended) {
  attempt_book open;
  // An old crash gave the first set back whole; attempt 1 was dealt again.
  open.take_stored(stored(1, 1, "interrupted"), 5);
  open.take_stored(stored(1, 2, "interrupted"), 5);
  open.take_stored(stored(1, 6, "found"), 5);
  open.take_stored(stored(1, 7, "exhausted"), 5);
  EXPECT_EQ(open.used(relay_key), 1U);
  EXPECT_EQ(open.next_maze(relay_key), 3U);
  EXPECT_EQ(open.deals(relay_key), 10U);  // both blocks: every maze is revealed after the close
  const auto d = deal(open);
  EXPECT_FALSE(d.new_attempt);
  EXPECT_EQ(d.attempt, 1U);
  EXPECT_EQ(d.deal, 8U);
  attempt_book done;
  done.take_stored(stored(1, 1, "found"), 5);
  done.take_stored(stored(1, 2, "abandoned"), 5);
  EXPECT_FALSE(done.next_maze(relay_key));
  EXPECT_EQ(done.deals(relay_key), 5U);  // mazes 3 to 5, never played, are revealed too
  const auto next = deal(done);
  EXPECT_TRUE(next.new_attempt);
  EXPECT_EQ(next.attempt, 2U);
  EXPECT_EQ(next.deal, 6U);
}

TEST(attempt_book, one_maze_attempts_are_dealt_as_before_sets) {
  attempt_book book;
  for (std::uint32_t k = 1; k <= 3; ++k) {
    const auto d = deal(book, 3, 1);
    EXPECT_EQ(d.attempt, k);
    EXPECT_EQ(d.deal, k);
    EXPECT_TRUE(d.new_attempt);
  }
  EXPECT_EQ(refusal(book, 3, 1), errc::no_attempts_left);
  EXPECT_TRUE(book.give_back(relay_key, 3));
  EXPECT_EQ(deal(book, 3, 1).deal, 4U);
  EXPECT_EQ(attempt_book::maze_of(stored(1, 4, "found"), 1), 1U);
  EXPECT_EQ(attempt_book::maze_of(stored(1, 8, "found"), 5), 3U);
}

}  // namespace
}  // namespace ariadne
