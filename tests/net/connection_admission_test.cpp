#include "server/net/connection_admission.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "server/net/connection_registry.hpp"

namespace ariadne {
namespace {

TEST(connection_admission, admits_within_the_budgets_then_refuses_then_closes) {
  connection_admission admission(3, 2);
  std::vector<connection_slot> held;
  held.push_back(admission.admit("a"));
  held.push_back(admission.admit("a"));
  EXPECT_TRUE(held[0].admitted());
  EXPECT_TRUE(held[1].admitted());
  // The address's share: 2.
  connection_slot third = admission.admit("a");
  EXPECT_TRUE(third.refused());
  held.push_back(admission.admit("b"));
  EXPECT_TRUE(held.back().admitted());
  // In all: 3.
  EXPECT_TRUE(admission.admit("c").refused());
  EXPECT_EQ(admission.admitted(), 3U);
  // Refusals have a budget of their own; past it, nothing (close at once).
  std::vector<connection_slot> refusals;
  while (refusals.size() < connection_admission::refusal_budget) {
    refusals.push_back(admission.admit("c"));
    if (!refusals.back().refused()) break;
  }
  EXPECT_FALSE(admission.admit("c").refused());
  EXPECT_FALSE(admission.admit("c").admitted());
  // A slot moves with its socket and is given back once.
  connection_slot moved = std::move(held[0]);
  held[0].release();
  EXPECT_EQ(admission.admitted(), 3U);
  moved.release();
  moved.release();
  EXPECT_EQ(admission.admitted(), 2U);
  EXPECT_TRUE(admission.admit("a").admitted());
}

TEST(connection_admission, forgets_addresses_that_hold_nothing_and_admits_nothing_once_stopped) {
  connection_admission admission(10, 10);
  {
    connection_slot a = admission.admit("a");
    connection_slot b = admission.admit("b");
    EXPECT_EQ(admission.addresses(), 2U);
  }
  EXPECT_EQ(admission.addresses(), 0U);
  admission.stop();
  EXPECT_FALSE(admission.admit("a").admitted());
}

// A connection the registry can ask to close; it leaves when asked.
class fake_connection : public closable {
 public:
  explicit fake_connection(connection_registry& registry) : registry_(registry) {}
  void join(const std::shared_ptr<fake_connection>& self) { key_ = registry_.add(self); }
  void shutdown() override {
    ++asked_;
    if (leaves_) registry_.remove(key_);
  }
  int asked_ = 0;
  bool leaves_ = true;

 private:
  connection_registry& registry_;
  std::uint64_t key_ = 0;
};

TEST(connection_registry, close_all_asks_every_live_connection_and_waits_for_them) {
  connection_registry registry;
  auto a = std::make_shared<fake_connection>(registry);
  auto b = std::make_shared<fake_connection>(registry);
  a->join(a);
  b->join(b);
  EXPECT_EQ(registry.size(), 2U);
  EXPECT_FALSE(registry.stopping());
  EXPECT_TRUE(registry.close_all(std::chrono::milliseconds(1000)));
  EXPECT_TRUE(registry.stopping());
  EXPECT_EQ(a->asked_, 1);
  EXPECT_EQ(b->asked_, 1);
  EXPECT_EQ(registry.size(), 0U);
}

TEST(connection_registry, close_all_gives_up_after_its_wait) {
  connection_registry registry;
  auto stubborn = std::make_shared<fake_connection>(registry);
  stubborn->leaves_ = false;
  stubborn->join(stubborn);
  EXPECT_FALSE(registry.close_all(std::chrono::milliseconds(10)));
  EXPECT_EQ(stubborn->asked_, 1);
}

}  // namespace
}  // namespace ariadne
