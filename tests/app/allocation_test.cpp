// A run's moves allocate nothing on the heap in steady state. This binary
// replaces the global operator new with a counting one, then plays moves
// through the session layer and through the whole server over a socket.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <nlohmann/json.hpp>

#include "server/app/client_session.hpp"
#include "server/app/server_context.hpp"
#include "tests/support/run_world.hpp"
#include "tests/support/running_server.hpp"
#include "tests/support/test_client.hpp"

namespace {

std::atomic<std::uint64_t> allocations{0};

void* counted(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

}  // namespace

void* operator new(std::size_t size) {
  return counted(size);
}
void* operator new[](std::size_t size) {
  return counted(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace ariadne {
namespace {

// A run on a big maze with loops, and two open sides of the start cell to
// shuttle through: the drone never reaches the treasure, so nothing but moves happens.
const char* start_message =
    R"({"type":"start","maze":{"generator":"recursive_backtracker","width":64,"height":64,"seed":9,"loops":1.0},"max_steps":1000000000000})";

std::vector<std::string> shuttle_frames(const nlohmann::json& started) {
  const std::string there = started["open"][0];
  const std::string back = there == "N" ? "S" : there == "S" ? "N" : there == "E" ? "W" : "E";
  return {R"({"type":"move","dir":")" + there + "\"}", R"({"type":"sense","id":7})",
          R"({"type":"move","dir":")" + back + R"(","id":"m"})",
          R"({"type":"path","dirs":")" + there + back + there + back + R"("})"};
}

// Plays 20,000 moves through the session layer, with or without a listener
// on the run's feed; returns the allocations they made beyond the run's move
// log, which takes a chunk now and then (every 64 Ki moves at most, once warm).
std::uint64_t session_allocations(bool listening) {
  testing::run_world world;
  client_session::settings settings;
  settings.rate_limit = 0;  // direct calls outrun any network client
  const std::atomic<bool> draining{false};
  client_session session(world.host, nullptr, settings, draining,
                         connection_identity{"s", "test", "127.0.0.1"},
                         std::chrono::steady_clock::now());
  std::string reply;
  session.handle(R"({"type":"hello"})", reply, std::chrono::steady_clock::now());
  reply.clear();
  session.handle(start_message, reply, std::chrono::steady_clock::now());
  const auto frames = shuttle_frames(nlohmann::json::parse(reply));
  std::shared_ptr<run_subscription> listener;
  if (listening) listener = world.runs.live().front()->subscribe();
  std::uint64_t events = 0;
  reply.reserve(1024);
  auto play = [&](int count) {
    for (int i = 0; i < count; ++i) {
      reply.clear();
      session.handle(frames[static_cast<std::size_t>(i) % frames.size()], reply,
                     std::chrono::steady_clock::now());
      if (listener) listener->drain([&](const feed_event&) { ++events; });
    }
  };
  play(100);
  const move_log& log = world.runs.live().front()->moves();
  const auto before = allocations.load() - log.allocations();
  play(20000);
  const auto used = allocations.load() - log.allocations() - before;
  EXPECT_NE(reply.find("\"done\":4"), std::string::npos) << reply;
  if (listening) {
    EXPECT_GT(events, 20000U);
    EXPECT_FALSE(listener->dropped());
  }
  return used;
}

TEST(allocations, session_moves_allocate_nothing) {
  EXPECT_EQ(session_allocations(false), 0U);
}

TEST(allocations, session_moves_with_a_listener_allocate_nothing) {
  EXPECT_EQ(session_allocations(true), 0U);
}

// Plays 10,000 request/reply cycles over a real socket, optionally with a
// listener draining the run's feed; returns the allocations in the process.
std::uint64_t socket_allocations(bool listening) {
  testing::running_server s(testing::loopback_config(1));
  testing::test_client client(s.port());
  auto call = [&](const std::string& text) { return client.exchange(text); };
  call(R"({"type":"hello"})");
  const auto frames = shuttle_frames(nlohmann::json::parse(call(start_message)));
  std::shared_ptr<run_subscription> listener;
  if (listening) listener = s.context().runs().live().front()->subscribe();
  std::uint64_t events = 0;
  auto play = [&](int count) {
    for (int i = 0; i < count; ++i) {
      call(frames[static_cast<std::size_t>(i) % frames.size()]);
      if (listener) listener->drain([&](const feed_event&) { ++events; });
    }
  };
  play(1000);
  const move_log& log = s.context().runs().live().front()->moves();
  const auto before = allocations.load() - log.allocations();
  constexpr int measured = 10000;
  play(measured);
  const auto used = allocations.load() - log.allocations() - before;
  if (listening) {
    EXPECT_GT(events, static_cast<std::uint64_t>(measured));
  }
  s.stop();
  return used;
}

TEST(allocations, server_moves_over_a_socket_allocate_nothing) {
  const auto used = socket_allocations(false);
  // Both ends live in this process: the count covers the client too.
  RecordProperty("allocations_per_10000_moves", static_cast<int>(used));
  EXPECT_EQ(used, 0U) << used << " allocations for 10000 request/reply cycles";
}

TEST(allocations, server_moves_with_a_listener_allocate_nothing) {
  const auto used = socket_allocations(true);
  EXPECT_EQ(used, 0U) << used << " allocations for 10000 request/reply cycles";
}

}  // namespace
}  // namespace ariadne
