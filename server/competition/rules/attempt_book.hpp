#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <variant>

#include "core/model/request_error.hpp"
#include "server/competition/records/records.hpp"

namespace ariadne {

// What every competitor has used of each challenge: the attempts counted,
// the mazes dealt, the latest attempt's set of mazes (under way or ended)
// and the mazes in play. An attempt of K mazes owns the deals of one block
// of K (1..K, K+1..2K, ...), so maze j of a set is always the block's j-th
// deal, as in ariadne-admin simulate. Not thread-safe: competition_hub calls
// it under its lock.
class attempt_book {
 public:
  using key = std::pair<std::int64_t, std::string>;  // competitor, challenge

  // A maze dealt to a start.
  struct dealt {
    std::uint32_t attempt = 0;
    std::uint32_t deal = 0;
    std::uint32_t maze = 1;    // of the attempt's set
    bool new_attempt = false;  // false: it continues a set under way
  };

  // True when a maze's end ends its attempt's set even before its last maze:
  // given up (abandoned, its connection gone past the resume window) or out
  // of time.
  static bool ends_set(ranked_status status);
  // True when maze `maze` of a set of `mazes`, ended with `status`, ends its set.
  static bool set_ends_with(std::uint32_t maze, std::uint32_t mazes, ranked_status status);
  // The maze of its set a run of a challenge of `mazes` mazes played.
  static std::uint32_t maze_of(const ranked_run_record& run, std::uint32_t mazes);

  // A run read back from the store (at startup, or after forget()), in the
  // store's order.
  // A run in play is among in_play()'s only when `here` (this server's):
  // another server's keeps its set from being dealt here, no more.
  void take_stored(const ranked_run_record& run, std::uint32_t mazes, bool here = true);
  // Everything of one competitor on one challenge: before its runs are read
  // back again (another server on the store dealt one of them).
  void forget(const key& k);

  // The next maze for the competitor: its set's next one while a set is
  // under way, else the first of a new attempt (no_attempts_left past
  // `attempts`; run_active while a maze of the set is in play elsewhere).
  std::variant<dealt, request_error> deal(const key& k, std::uint32_t attempts,
                                          std::uint32_t mazes);
  // A maze dealt that could not be set up: not played. True when that
  // undid its attempt (the set's first maze): the attempt is not counted.
  bool give_back(const key& k, std::uint32_t deal);
  // A maze's end.
  void ended(const key& k, std::uint32_t deal, ranked_status status);

  std::uint32_t used(const key& k) const;
  std::uint32_t deals(const key& k) const;
  // The maze the next start deals while a set is under way (2..K) and no
  // maze of it is in play.
  std::optional<std::uint32_t> next_maze(const key& k) const;
  bool in_play(std::int64_t competitor, const std::string& challenge, std::uint32_t deal) const {
    return in_play_.count({competitor, challenge, deal}) > 0;
  }
  bool any_in_play() const { return !in_play_.empty(); }
  bool any_in_play(const std::string& challenge, std::uint32_t deal) const;
  // Every (competitor, challenge) that has been dealt a maze, with its deals
  // and the attempts it has used: visit(key, deals, used).
  template <typename Visit>
  void for_each_tally(Visit visit) const {
    for (const auto& [k, t] : tallies_)
      visit(k, t.deals, t.used);
  }

 private:
  struct tally {
    std::uint32_t deals = 0;  // the end of the latest set's block of deals
    std::uint32_t used = 0;   // attempts counted
  };
  struct set_state {
    std::uint32_t attempt = 0;  // 0: none yet
    std::uint32_t first_deal = 0;
    std::uint32_t mazes = 1;
    std::uint32_t played = 0;  // mazes ended
    bool in_play = false;
    bool ended = true;
  };

  std::map<key, tally> tallies_;
  std::map<key, set_state> sets_;
  // Mazes in play: (competitor, challenge, deal). Their seeds stay secret
  // even after the close, until they end.
  std::set<std::tuple<std::int64_t, std::string, std::uint32_t>> in_play_;
};

}  // namespace ariadne
