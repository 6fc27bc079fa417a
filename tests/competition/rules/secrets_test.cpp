#include "server/competition/rules/secrets.hpp"

#include <gtest/gtest.h>

#include <set>

namespace ariadne {
namespace {

TEST(secrets, seeds_depend_on_every_input_and_nothing_else) {
  const std::string secret = "0123456789abcdef0123456789abcdef";
  const auto seed = deal_seed(secret, "warm-up", 1, "");
  EXPECT_EQ(seed, deal_seed(secret, "warm-up", 1, ""));
  EXPECT_NE(seed, deal_seed(secret, "warm-up", 2, ""));
  EXPECT_NE(seed, deal_seed(secret, "warm-uq", 1, ""));
  EXPECT_NE(seed, deal_seed(secret, "warm-up", 1, "alice"));
  EXPECT_NE(deal_seed(secret, "warm-up", 1, "alice"), deal_seed(secret, "warm-up", 1, "bob"));
  EXPECT_NE(seed, deal_seed("another secret of enough length", "warm-up", 1, ""));
  EXPECT_LT(seed, std::uint64_t{1} << 53U);
}

TEST(secrets, seeds_are_fixed_across_builds) {
  // HMAC-SHA-256 is specified: this value must never change, or a revealed
  // seed would not rebuild the maze a competitor played.
  EXPECT_EQ(deal_seed("secret-secret-secret", "c", 1, ""),
            deal_seed("secret-secret-secret", "c", 1, ""));
  EXPECT_EQ(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(secrets, tokens_are_long_url_safe_and_distinct) {
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) {
    const std::string token = new_token();
    EXPECT_EQ(token.size(), 32U);
    EXPECT_NE(token[0], '-');
    EXPECT_EQ(
        token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
        std::string::npos);
    EXPECT_TRUE(seen.insert(token).second);
  }
  EXPECT_EQ(token_hash("t").size(), 64U);
  EXPECT_EQ(new_secret().size(), 64U);
}

}  // namespace
}  // namespace ariadne
