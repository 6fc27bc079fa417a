#include "server/net/forwarded_for.hpp"

#include <gtest/gtest.h>

#include "server/net/budget_address.hpp"

namespace ariadne {
namespace {

std::string client(std::string_view header) {
  const auto address = forwarded_client(header);
  return address ? address->to_string() : "none";
}

TEST(forwarded_for, the_last_entry_is_the_one_the_proxy_wrote) {
  EXPECT_EQ(client("203.0.113.7"), "203.0.113.7");
  EXPECT_EQ(client("198.51.100.1, 203.0.113.7"), "203.0.113.7");
  EXPECT_EQ(client("  10.0.0.1 ,\t2001:db8::1 "), "2001:db8::1");
  EXPECT_EQ(client("forged, 192.0.2.9"), "192.0.2.9");
}

TEST(forwarded_for, anything_but_an_address_names_nobody) {
  EXPECT_EQ(client(""), "none");
  EXPECT_EQ(client("203.0.113.7,"), "none");
  EXPECT_EQ(client("unknown"), "none");
  EXPECT_EQ(client("203.0.113.7:443"), "none");
  EXPECT_EQ(client("[2001:db8::1]"), "none");
  EXPECT_EQ(client(std::string(300, '1')), "none");
  EXPECT_EQ(client(std::string_view("1.2.3.4\0", 8)), "none");
}

TEST(forwarded_for, budgets_count_ipv6_by_its_64_and_mapped_ipv4_as_ipv4) {
  EXPECT_EQ(budget_address(*forwarded_client("2001:db8:1:2:3:4:5:6")), "2001:db8:1:2::/64");
  EXPECT_EQ(budget_address(*forwarded_client("::ffff:192.0.2.1")), "192.0.2.1");
  EXPECT_EQ(plain_address(*forwarded_client("::ffff:192.0.2.1")), "192.0.2.1");
  EXPECT_EQ(budget_address(*forwarded_client("192.0.2.1")), "192.0.2.1");
}

}  // namespace
}  // namespace ariadne
