#include "server/live/move_log.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>

namespace ariadne {
namespace {

TEST(move_log, keeps_every_letter_across_chunks) {
  move_log log;
  std::string expected;
  for (int i = 0; i < 300'000; ++i) {
    const auto d = static_cast<direction>((i * 7 + i / 3) % 4);
    log.append(d);
    expected += to_char(d);
  }
  ASSERT_EQ(log.size(), expected.size());
  std::string all;
  log.copy(0, log.size(), all);
  EXPECT_EQ(all, expected);
  for (const auto& [from, to] :
       {std::pair<std::size_t, std::size_t>{0, 1}, {255, 257}, {767, 1800}, {65'000, 200'000}}) {
    std::string part;
    log.copy(from, to, part);
    EXPECT_EQ(part, expected.substr(from, to - from)) << from << ".." << to;
  }
}

// A reader copying while the run appends sees a prefix, never a torn letter.
TEST(move_log, counts_the_chunks_it_holds_not_only_the_letters) {
  move_log log;
  EXPECT_EQ(log.bytes(), 0U);
  for (int i = 0; i < 300; ++i)
    log.append(direction::north);
  // Chunks of 256 and 512 letters, the second mostly empty, and their list.
  EXPECT_GE(log.bytes(), 768U);
  EXPECT_LT(log.bytes(), 768U + 256U);
  EXPECT_LE(log.bytes(), move_log::bytes_for(1024));
}

TEST(move_log, readers_see_a_prefix_while_the_run_appends) {
  constexpr std::uint64_t total = 2'000'000;
  move_log log(total);
  std::thread run([&] {
    for (std::uint64_t i = 0; i < total; ++i)
      log.append(static_cast<direction>(i % 4));
  });
  std::uint64_t seen = 0;
  while (seen < total) {
    const std::uint64_t size = log.size();
    std::string part;
    log.copy(seen, size, part);
    for (std::size_t i = 0; i < part.size(); ++i) {
      ASSERT_EQ(part[i], to_char(static_cast<direction>((seen + i) % 4)));
    }
    seen = size;
  }
  run.join();
  EXPECT_FALSE(log.full());
}

// Past its capacity the log keeps nothing more and says so.
TEST(move_log, stops_at_its_capacity) {
  move_log log(1000);
  for (int i = 0; i < 999; ++i)
    log.append(direction::east);
  EXPECT_FALSE(log.full());
  log.append(direction::north);
  EXPECT_EQ(log.size(), 1000U);
  EXPECT_FALSE(log.full());
  log.append(direction::west);
  EXPECT_TRUE(log.full());
  EXPECT_EQ(log.size(), 1000U);
  std::string all;
  log.copy(0, log.size(), all);
  EXPECT_EQ(all, std::string(999, 'E') + "N");
  move_log none(0);
  none.append(direction::south);
  EXPECT_TRUE(none.full());
  EXPECT_EQ(none.size(), 0U);
}

}  // namespace
}  // namespace ariadne
