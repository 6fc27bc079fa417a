#include "clients/sdk/reconnect_policy.hpp"

#include <gtest/gtest.h>

namespace ariadne {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

// A server that stopped answering: each new connection waits out the
// timeout for its handshake, hello and the request again, after its wait.
TEST(reconnect_policy, worst_case_adds_the_waits_and_three_timeouts_a_try) {
  const reconnect_policy policy;  // 8 tries, 250 ms doubling up to 4 s
  EXPECT_EQ(policy.worst_case(seconds(2)),
            milliseconds(250 + 500 + 1000 + 2000 + 4000 * 4) + 8 * 3 * seconds(2));
  reconnect_policy off;
  off.enabled = false;
  EXPECT_EQ(off.worst_case(seconds(30)), milliseconds(0));
}

TEST(reconnect_policy, within_keeps_the_tries_that_fit) {
  const reconnect_policy policy{true, 8, seconds(1), seconds(4)};
  // 1 + 6, then 2 + 6: 15 s for two tries.
  const reconnect_policy two = policy.within(seconds(15), seconds(2));
  EXPECT_EQ(two.tries, 2U);
  EXPECT_TRUE(two.enabled);
  EXPECT_LE(two.worst_case(seconds(2)), seconds(15));
  EXPECT_EQ(policy.within(seconds(14), seconds(2)).tries, 1U);
  // The adapter's defaults (--timeout 10, --call-seconds 60: 29 s left): none.
  const reconnect_policy none = policy.within(seconds(29), seconds(10));
  EXPECT_EQ(none.tries, 0U);
  EXPECT_FALSE(none.enabled);
  EXPECT_EQ(policy.within(seconds(3600), seconds(1)).tries, 8U);
}

}  // namespace
}  // namespace ariadne
