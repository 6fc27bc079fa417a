#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/game/maze_catalog.hpp"
#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"
#include "core/model/run_result.hpp"
#include "core/model/utc_time.hpp"
#include "core/play/run_setup.hpp"
#include "server/competition/records/records.hpp"
#include "server/competition/rules/marks.hpp"

namespace ariadne {

// A competition file that cannot be used: one line naming the field.
class competition_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// How a challenge's mazes are seeded: the same maze for everyone on a given
// deal, or each competitor's own.
enum class seed_mode { shared, per_competitor };

// One ranked challenge: the maze and run options of a practice start (never
// a seed: seeds come from the server's secret), its weight and attempts, the
// mazes of an attempt (a set, played one after another) and how they are
// marked.
struct challenge {
  std::string id;
  run_request request;  // maze.seed absent
  double weight = 1;
  std::uint32_t attempts = 1;
  std::uint32_t mazes = 1;  // per attempt
  mark_rule mark = mark_rule::sum_ratio;
  attempts_rule keep = default_keep;
  std::int32_t width = 0;  // resolved, a named maze's too
  std::int32_t height = 0;
  std::string label;       // the generator or the maze's name
  std::string definition;  // canonical JSON of everything above but the id

  // A maze's move limit: max_steps, or what the rules allow when it is absent.
  std::uint64_t move_budget() const;
  challenge_scoring scoring() const { return {attempts, mazes, mark, keep, move_budget()}; }
};

// A competition as its file defines it (docs/competition.md).
struct competition_rules {
  using time_point = std::chrono::system_clock::time_point;

  std::string name;
  std::optional<time_point> opens_at;
  std::optional<time_point> closes_at;
  bool practice = true;  // unranked practice starts allowed
  seed_mode seeds = seed_mode::shared;
  std::vector<challenge> challenges;

  const challenge* find(std::string_view id) const;
  // True when the challenge's mark needs the reference bot's cost on each
  // maze (reference_sum); reference_cost is that cost from its result.
  bool needs_reference(std::string_view challenge) const;
  std::uint64_t reference_cost(std::string_view challenge, const run_result& played) const;
  // What a start of a challenge not in the file is told: the ones there are.
  request_error unknown(std::string_view id) const;
  bool closed(time_point now) const { return closes_at && now >= *closes_at; }
  bool not_yet_open(time_point now) const { return opens_at && now < *opens_at; }
};

// Reads a competition file's text; checks every challenge against the host
// (generators, named mazes, sizes). Throws competition_error.
competition_rules parse_competition(std::string_view text, const maze_catalog& catalog,
                                    const host_limits& host);
// The same, from a file; the error names the file.
competition_rules load_competition(const std::string& path, const maze_catalog& catalog,
                                   const host_limits& host);

std::string_view to_string(seed_mode mode);

// The challenges as the store records them, in the file's order.
std::vector<challenge_record> challenge_records(const competition_rules& rules);

}  // namespace ariadne
