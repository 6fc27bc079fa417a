#include "server/competition/ledger/stored_runs.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "core/model/utc_time.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/leaderboard.hpp"
#include "server/competition/rules/leaderboard_documents.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/temp_dir.hpp"

namespace ariadne {
namespace {

competition_rules view_rules() {
  return parse_competition(R"({"name": "cup", "challenges": [
        {"id": "a", "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 30},
        {"id": "b", "maze": {"generator": "prim", "width": 8, "height": 8}, "attempts": 12,
         "mazes": 2}]})",
                           maze_catalog{}, host_limits{});
}

// The board a mirror ranks, as the hub publishes it (the book's attempts used).
std::string view_board(const results_mirror& m, const competition_rules& rules,
                       const std::vector<competitor_record>& competitors) {
  mark_table marks = m.marks;
  m.book.for_each_tally([&marks](const attempt_book::key& k, std::uint32_t, std::uint32_t used) {
    if (used > 0 || marks.contains(k)) marks[k].attempts = used;
  });
  const auto challenges = challenge_records(rules);
  return leaderboard_json("cup", 0, challenges, rank_competitors(challenges, competitors, marks),
                          m.tally.ranked());
}

// What a deal gives, as text: the dealt maze or the error's code.
std::string dealt_of(const std::variant<attempt_book::dealt, request_error>& d) {
  if (const auto* e = std::get_if<request_error>(&d)) return std::string(to_string(e->code));
  const auto& m = std::get<attempt_book::dealt>(d);
  return std::to_string(m.attempt) + "/" + std::to_string(m.deal) + "/" + std::to_string(m.maze) +
         (m.new_attempt ? " new" : "");
}

// Runs started, ended, handed over and given back at random, read now and
// then: the view read bit by bit ranks as a mirror of every run read at once,
// and the latest attempt's runs (results_store::latest_attempt) deal the next
// maze as the whole history does.
TEST(stored_runs, read_bit_by_bit_it_ranks_as_every_run_read_at_once) {
  testing::temp_dir dir;
  const std::string path = dir.file("cup.db");
  const competition_rules rules = view_rules();
  sqlite_store store(path);
  for (const char* name : {"ann", "bob", "cy"})
    ASSERT_TRUE(store.add_competitor(name, std::string("h-") + name, 1));
  const auto competitors = store.competitors();
  sqlite_store reader(path, sqlite_store::access::read_only);
  stored_runs view(rules);
  std::mt19937 random(7);
  std::vector<ranked_run_record> in_play;
  std::uint64_t run = 0;
  int given_back = 0;
  int dealt_again = 0;
  std::set<std::tuple<std::int64_t, std::string, std::uint32_t>> attempts_seen;
  for (int step = 0; step < 400; ++step) {
    const auto pick = random() % 10;
    if (pick < 4 || in_play.empty()) {
      ranked_run_record r;
      r.competitor = competitors[random() % competitors.size()].id;
      r.challenge = random() % 2 == 0 ? "a" : "b";
      // Dealt as a server deals, from every run of the key: the attempts
      // given back are dealt again; one maze of a key in play at a time
      // (its competitor plays on one connection).
      if (std::any_of(in_play.begin(), in_play.end(), [&r](const ranked_run_record& o) {
            return o.competitor == r.competitor && o.challenge == r.challenge;
          })) {
        continue;
      }
      const challenge& ch = *rules.find(r.challenge);
      attempt_book server;
      for (const ranked_run_record& o : store.runs_of(r.competitor))
        if (o.challenge == r.challenge) server.take_stored(o, ch.mazes);
      const auto next = server.deal({r.competitor, r.challenge}, ch.attempts, ch.mazes);
      const auto* dealt = std::get_if<attempt_book::dealt>(&next);
      if (dealt == nullptr) continue;  // no attempt left
      r.deal = dealt->deal;
      r.attempt = dealt->attempt;
      if (dealt->new_attempt &&
          !attempts_seen.insert({r.competitor, r.challenge, r.attempt}).second)
        ++dealt_again;
      r.status = ranked_status::in_play;
      // Two starts in one millisecond now and then, as two servers make them.
      r.started_at_ms = step - static_cast<int>(random() % 2);
      r.run = ++run;
      r.node = "one";
      ASSERT_TRUE(store.insert_run(r));
      in_play.push_back(r);
    } else if (pick < 8) {
      ranked_run_record r = in_play.back();
      in_play.pop_back();
      r.status = pick < 7 ? ranked_status::found : ranked_status::abandoned;
      r.steps = r.score = 10 + random() % 90;
      r.optimal = 10;
      r.ratio = r.status == ranked_status::found ? 10.0 / static_cast<double>(r.score) : 0;
      r.found = r.treasures = r.status == ranked_status::found ? 1 : 0;
      r.ended_at_ms = step;
      store.finish_run(r);
    } else if (pick == 8) {
      EXPECT_TRUE(store.hand_off_run(in_play.back().run, in_play.back().node, "two", ""));
      in_play.back().node = "two";
    } else {
      const ranked_run_record r = in_play.back();
      in_play.pop_back();
      // The whole attempt (every maze of its set) is given back.
      ++given_back;
      EXPECT_GE(store.interrupt_attempt(r.competitor, r.challenge, r.attempt, step), 1U);
      std::erase_if(in_play, [&r](const ranked_run_record& o) {
        return o.competitor == r.competitor && o.challenge == r.challenge && o.attempt == r.attempt;
      });
    }
    if (random() % 5 == 0) {
      view.read(reader, false);
      const auto everything = results_mirror::of(reader.runs(), rules);
      ASSERT_EQ(view_board(view.mirror(), rules, competitors),
                view_board(everything, rules, competitors))
          << "after step " << step;
      EXPECT_EQ(view.size(), reader.runs().size());
      // Every run as the store lists them (the board's history reads these).
      EXPECT_EQ(view.runs(), reader.runs()) << "after step " << step;
      EXPECT_EQ(view.in_play().size(), in_play.size());
      EXPECT_EQ(view.mirror().book.any_in_play(), !in_play.empty());
      // A claim's book from the latest attempt only deals as one from every run.
      for (const competitor_record& c : competitors) {
        for (const challenge& ch : rules.challenges) {
          const attempt_book::key k{c.id, ch.id};
          attempt_book whole;
          attempt_book latest;
          for (const ranked_run_record& r : reader.runs_of(c.id))
            if (r.challenge == ch.id) whole.take_stored(r, ch.mazes);
          for (const ranked_run_record& r : reader.latest_attempt(c.id, ch.id))
            latest.take_stored(r, ch.mazes);
          attempt_book kept = view.mirror().book;
          const auto wanted = dealt_of(whole.deal(k, ch.attempts, ch.mazes));
          EXPECT_EQ(dealt_of(latest.deal(k, ch.attempts, ch.mazes)), wanted)
              << c.name << " " << ch.id << " after step " << step;
          // And the view's book, kept from the touched attempts, as well.
          EXPECT_EQ(dealt_of(kept.deal(k, ch.attempts, ch.mazes)), wanted)
              << c.name << " " << ch.id << " after step " << step;
          EXPECT_EQ(view.mirror().book.used(k), everything.book.used(k));
          EXPECT_EQ(view.mirror().book.next_maze(k), everything.book.next_maze(k));
        }
      }
    }
  }
  EXPECT_GT(run, 100U);
  EXPECT_GT(given_back, 5);
  EXPECT_GT(dealt_again, 0) << "an attempt given back is dealt again";
  // A reset (every run deleted) is read again from scratch.
  store.delete_runs();
  view.read(reader, true);
  EXPECT_EQ(view.size(), 0U);
  EXPECT_TRUE(view.in_play().empty());
  EXPECT_EQ(view.mirror().tally.ranked(), 0U);
}

}  // namespace
}  // namespace ariadne
