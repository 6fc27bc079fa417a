#include "clients/sdk/server_url.hpp"

#include <gtest/gtest.h>

#include "bots/drone_error.hpp"

namespace ariadne {
namespace {

TEST(server_url, splits_host_port_and_path) {
  const server_url u = parse_server_url("ws://127.0.0.1:8080/ws", "ws://");
  EXPECT_EQ(u.host, "127.0.0.1");
  EXPECT_EQ(u.port, "8080");
  EXPECT_EQ(u.path, "/ws");
  EXPECT_EQ(parse_server_url("ws://example.org", "ws://").port, "80");
  EXPECT_THROW(parse_server_url("http://x/ws", "ws://"), drone_error);
}

TEST(server_url, tls_schemes_go_with_their_plain_ones) {
  const server_url secure = parse_server_url("wss://cup.example.org/ws", "ws://");
  EXPECT_TRUE(secure.secure);
  EXPECT_EQ(secure.host, "cup.example.org");
  EXPECT_EQ(secure.port, "443");
  EXPECT_FALSE(parse_server_url("ws://cup.example.org/ws", "ws://").secure);
  const server_url pages = parse_server_url("https://127.0.0.1:8443/", "ws://|http://");
  EXPECT_TRUE(pages.secure);
  EXPECT_EQ(pages.port, "8443");
  EXPECT_THROW(parse_server_url("https://x/ws", "ws://"), drone_error);
  EXPECT_THROW(parse_server_url("wsss://x/ws", "ws://"), drone_error);
}

TEST(server_url, an_ipv6_address_keeps_its_colons) {
  const server_url u = parse_server_url("wss://[::1]:9443/ws", "ws://");
  EXPECT_EQ(u.host, "::1");
  EXPECT_EQ(u.port, "9443");
  EXPECT_EQ(parse_server_url("ws://[2001:db8::7]/ws", "ws://").port, "80");
  EXPECT_THROW(parse_server_url("ws://[::1/ws", "ws://"), drone_error);
  EXPECT_THROW(parse_server_url("ws://[::1]x/ws", "ws://"), drone_error);
}

TEST(server_url, only_this_machine_is_loopback) {
  EXPECT_TRUE(loopback_host("localhost"));
  EXPECT_TRUE(loopback_host("127.0.0.1"));
  EXPECT_TRUE(loopback_host("127.9.9.9"));
  EXPECT_TRUE(loopback_host("::1"));
  EXPECT_FALSE(loopback_host("cup.example.org"));
  EXPECT_FALSE(loopback_host("10.0.0.1"));
  EXPECT_FALSE(loopback_host("127.example.org"));
}

TEST(server_url, a_drone_url_names_the_pages_of_its_server) {
  EXPECT_EQ(pages_url("ws://127.0.0.1:8080/ws"), "http://127.0.0.1:8080/");
  EXPECT_EQ(pages_url("ws://127.0.0.1:8080/ws", "watch/7"), "http://127.0.0.1:8080/watch/7");
  EXPECT_EQ(pages_url("wss://cup.example.org/ws", "play"), "https://cup.example.org/play");
  EXPECT_EQ(pages_url("ws://[::1]:9000"), "http://[::1]:9000/");
}

}  // namespace
}  // namespace ariadne
