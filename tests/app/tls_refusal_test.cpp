#include <gtest/gtest.h>

#include "server/app/server_config.hpp"

namespace ariadne {
namespace {

server_config competition_on(std::string bind) {
  server_config c;
  c.competition = "cup.json";
  c.bind = std::move(bind);
  return c;
}

TEST(tls_refusal, a_competition_beyond_loopback_needs_tls_or_a_tls_proxy) {
  EXPECT_TRUE(tls_refusal(competition_on("0.0.0.0")).has_value());
  EXPECT_TRUE(tls_refusal(competition_on("::")).has_value());
  EXPECT_TRUE(tls_refusal(competition_on("192.0.2.10")).has_value());
  server_config with_tls = competition_on("0.0.0.0");
  with_tls.tls_cert = "cert.pem";
  with_tls.tls_key = "key.pem";
  EXPECT_FALSE(tls_refusal(with_tls).has_value());
  server_config behind_proxy = competition_on("0.0.0.0");
  behind_proxy.tls_proxies = {"10.0.0.2"};
  EXPECT_FALSE(tls_refusal(behind_proxy).has_value());
  // A proxy that only forwards addresses does not protect tokens.
  server_config trusted_only = competition_on("0.0.0.0");
  trusted_only.trusted_proxies = {"10.0.0.2"};
  EXPECT_TRUE(tls_refusal(trusted_only).has_value());
}

TEST(tls_refusal, loopback_and_practice_start_as_before) {
  EXPECT_FALSE(tls_refusal(competition_on("127.0.0.1")).has_value());
  EXPECT_FALSE(tls_refusal(competition_on("127.0.0.2")).has_value());
  EXPECT_FALSE(tls_refusal(competition_on("::1")).has_value());
  server_config practice;
  practice.bind = "0.0.0.0";
  EXPECT_FALSE(tls_refusal(practice).has_value());
}

}  // namespace
}  // namespace ariadne
