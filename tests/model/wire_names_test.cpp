#include "core/model/wire_names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game/run_event.hpp"
#include "core/maze/direction.hpp"
#include "core/model/errc.hpp"
#include "core/model/run_status.hpp"

namespace ariadne {
namespace {

template <typename Enum>
std::vector<std::string> names_of(const wire_names<Enum>& table) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < table.size; ++i) {
    const auto value = static_cast<Enum>(i);
    names.emplace_back(table.name(value));
    EXPECT_EQ(table.parse(table.name(value)), value);
  }
  EXPECT_FALSE(table.parse("nope").has_value());
  EXPECT_FALSE(table.parse("").has_value());
  return names;
}

// The wire names are the protocol: written out here so that a rename or a
// reordering is a deliberate change to this test and to PROTOCOL.md.
TEST(wire_names, error_codes) {
  EXPECT_EQ(
      names_of(errc_names),
      (std::vector<std::string>{"bad_json", "bad_request", "unknown_type", "hello_required",
                                "no_run", "run_active", "invalid_maze", "unknown_maze", "too_large",
                                "rate_limited", "server_busy", "unauthorized", "unknown_challenge",
                                "no_attempts_left", "competition_not_open", "competition_closed"}));
}

TEST(wire_names, run_statuses) {
  EXPECT_EQ(names_of(run_status_names),
            (std::vector<std::string>{"active", "found", "exhausted", "abandoned", "timeout"}));
}

TEST(wire_names, run_events) {
  EXPECT_EQ(names_of(run_event_kind_names),
            (std::vector<std::string>{"started", "moved", "bumped", "found", "walls_removed",
                                      "treasure_hidden", "finished"}));
}

TEST(wire_names, direction_letters_both_ways) {
  std::string letters;
  for (const direction d : all_directions) {
    letters += to_char(d);
    EXPECT_EQ(direction_from_letter(to_char(d)), d);
  }
  EXPECT_EQ(letters, "NESW");
  for (const char c : std::string("nesw x?"))
    EXPECT_FALSE(direction_from_letter(c).has_value());
}

// complete() is what each enum's static_assert relies on: a missing or
// repeated name fails it.
enum class sample : unsigned char { one, two, three, count };

TEST(wire_names, complete_catches_a_value_without_its_name) {
  static_assert(wire_names<sample>({"one", "two", "three"}).complete());
  static_assert(!wire_names<sample>({"one", "two"}).complete());
  static_assert(!wire_names<sample>({"one", "two", "one"}).complete());
  static_assert(wire_names<sample>::size == 3);
}

}  // namespace
}  // namespace ariadne
