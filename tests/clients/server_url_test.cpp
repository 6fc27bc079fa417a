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

TEST(server_url, a_drone_url_names_the_pages_of_its_server) {
  EXPECT_EQ(pages_url("ws://127.0.0.1:8080/ws"), "http://127.0.0.1:8080/");
  EXPECT_EQ(pages_url("ws://127.0.0.1:8080/ws", "watch/7"), "http://127.0.0.1:8080/watch/7");
  EXPECT_EQ(pages_url("wss://cup.example.org/ws", "play"), "https://cup.example.org/play");
  EXPECT_EQ(pages_url("ws://[::1]:9000"), "http://[::1]:9000/");
}

}  // namespace
}  // namespace ariadne
