// The shared document of many pollers: built once per max_age, at once for a
// new key, and shared (never rebuilt) by the readers in between.
#include "server/app/answer_cache.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace ariadne {
namespace {

TEST(answer_cache, pollers_share_one_build_per_max_age) {
  answer_cache cache;
  int builds = 0;
  const auto t0 = answer_cache::clock::now();
  auto build = [&] { return "list " + std::to_string(++builds); };
  for (int i = 0; i < 1000; ++i) {
    EXPECT_EQ(*cache.get(0, t0 + std::chrono::microseconds(i), build), "list 1");
  }
  EXPECT_EQ(*cache.get(0, t0 + answer_cache::max_age, build), "list 2");
  EXPECT_EQ(builds, 2);
}

TEST(answer_cache, a_new_key_rebuilds_at_once) {
  answer_cache cache;
  const auto t0 = answer_cache::clock::now();
  EXPECT_EQ(*cache.get(0, t0, [] { return std::string("hidden"); }), "hidden");
  EXPECT_EQ(*cache.get(1, t0, [] { return std::string("revealed"); }), "revealed");
  EXPECT_EQ(*cache.get(1, t0, [] { return std::string("again"); }), "revealed");
}

TEST(answer_cache, readers_on_many_threads_build_once) {
  answer_cache cache;
  std::atomic<int> builds{0};
  const auto t0 = answer_cache::clock::now();
  std::vector<std::thread> readers;
  for (int t = 0; t < 8; ++t) {
    readers.emplace_back([&] {
      for (int i = 0; i < 200; ++i) {
        const auto doc = cache.get(0, t0, [&] { return std::to_string(++builds); });
        EXPECT_FALSE(doc->empty());
      }
    });
  }
  for (auto& r : readers)
    r.join();
  EXPECT_EQ(builds.load(), 1);
}

}  // namespace
}  // namespace ariadne
