#include "server/app/client_session.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <atomic>

#include "core/maze/micromouse_text.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/queued_sink.hpp"
#include "tests/support/run_world.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;

// A server that begins to drain while a ranked result is being written:
// the result still reaches its connection, which closes (1001) after it.
TEST(drain_result, a_ranked_result_being_written_is_sent_before_the_drain_closes) {
  maze_catalog catalog;
  catalog.add("tiny", read_micromouse_text("o---o---o\n| S   G |\no---o---o\n"));
  testing::ranked_world world(std::chrono::seconds(30), R"({"name": "c", "challenges": [
      {"id": "x", "maze": {"name": "tiny"}, "attempts": 3}]})",
                              std::move(catalog));
  {
    sqlite_store store(world.dir.file("db"));
    ASSERT_TRUE(store.add_competitor("alice", token_hash("alice-token"), 1));
  }
  const auto now = client_session::clock::now();
  const client_session::settings settings;
  std::atomic<bool> draining{false};
  client_session session(world.host, world.play.get(), settings, draining,
                         connection_identity{"s1", "test", "127.0.0.1"}, now);
  auto sink = std::make_shared<testing::queued_sink>();
  session.on_open(sink);
  auto frame = [&](const json& message) {
    std::string reply;
    if (session.handle(message.dump(), reply, now) == client_session::frame_result::answered) {
      sink->take(json::parse(reply));
    }
  };
  frame({{"type", "hello"}, {"name", "a"}, {"token", "alice-token"}});
  ASSERT_FALSE(sink->pump_until("welcome").is_null());
  frame({{"type", "start"}, {"challenge", "x"}});
  ASSERT_FALSE(sink->pump_until("state").is_null());
  // The one move to the treasure: its reply waits for the store.
  frame({{"type", "move"}, {"dir", "E"}});
  draining = true;
  session.on_wake(now);
  EXPECT_FALSE(sink->closed()) << "closed while the result was being written";
  EXPECT_FALSE(session.close_requested());
  const json result = sink->pump_until([](const json& r) { return r.contains("result"); });
  ASSERT_FALSE(result.is_null());
  EXPECT_EQ(result["result"]["status"], "found");
  sink->pump();
  EXPECT_FALSE(sink->closed());
  const auto close = session.close_requested();
  ASSERT_TRUE(close);
  EXPECT_EQ(close->code, 1001);
}

}  // namespace
}  // namespace ariadne
