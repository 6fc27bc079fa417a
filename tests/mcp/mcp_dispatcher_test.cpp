// The JSON-RPC and MCP lifecycle layer, line in, line out, over a fake tool host.
#include "clients/mcp/mcp_dispatcher.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace ariadne::mcp {
using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

namespace {

class echo_tools : public tool_host {
 public:
  ordered_json tools() const override { return ordered_json::array({{{"name", "echo"}}}); }
  std::optional<std::string> call(const std::string& name, const json& arguments,
                                  ordered_json& result) override {
    if (name != "echo") return "unknown tool \"" + name + "\"";
    result = {{"content", ordered_json::array()}, {"structuredContent", arguments}};
    ++calls;
    return std::nullopt;
  }
  std::string instructions() const override { return "play"; }
  void client_is(const std::string& name, const std::string& version) override {
    client = name + " " + version;
  }
  int calls = 0;
  std::string client;
};

class dispatcher_test : public ::testing::Test {
 protected:
  json ask(const std::string& line) {
    const auto answer = dispatcher_.handle(line);
    if (!answer) return nullptr;
    return json::parse(*answer);
  }
  int error_of(const std::string& line) {
    const json reply = ask(line);
    return reply.is_object() && reply.contains("error") ? reply["error"]["code"].get<int>() : 0;
  }
  void initialize() {
    ask(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",)"
        R"("capabilities":{},"clientInfo":{"name":"host","version":"2"}}})");
  }

  echo_tools tools_;
  mcp_dispatcher dispatcher_{tools_, {"ariadne-mcp", "Ariadne", "0.1.0"}};
};

TEST_F(dispatcher_test, initialize_negotiates_the_version_and_names_both_ends) {
  const json reply = ask(
      R"({"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":"2024-11-05",)"
      R"("capabilities":{},"clientInfo":{"name":"host","version":"2"}}})");
  EXPECT_EQ(reply["id"], "a");
  EXPECT_EQ(reply["result"]["protocolVersion"], "2025-06-18");
  EXPECT_EQ(reply["result"]["serverInfo"]["name"], "ariadne-mcp");
  EXPECT_EQ(reply["result"]["instructions"], "play");
  EXPECT_TRUE(reply["result"]["capabilities"].contains("tools"));
  EXPECT_EQ(tools_.client, "host 2");
  EXPECT_TRUE(dispatcher_.initialized());
  EXPECT_EQ(
      error_of(
          R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18"}})"),
      rpc_error::invalid_request);
}

TEST_F(dispatcher_test, initialize_needs_a_version) {
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})"),
            rpc_error::invalid_params);
  EXPECT_EQ(
      error_of(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}})"),
      rpc_error::invalid_params);
  EXPECT_FALSE(dispatcher_.initialized());
}

TEST_F(dispatcher_test, only_ping_before_initialize) {
  EXPECT_EQ(ask(R"({"jsonrpc":"2.0","id":1,"method":"ping"})")["result"], json::object());
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})"),
            rpc_error::invalid_request);
  initialize();
  EXPECT_EQ(ask(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})")["result"]["tools"][0]["name"],
            "echo");
}

TEST_F(dispatcher_test, malformed_messages_get_their_codes) {
  initialize();
  EXPECT_EQ(error_of("{\"jsonrpc\":"), rpc_error::parse_error);
  EXPECT_EQ(error_of("{\"a\":\"\xff\"}"), rpc_error::parse_error);
  EXPECT_EQ(error_of(R"([{"jsonrpc":"2.0","id":1,"method":"ping"}])"), rpc_error::invalid_request);
  EXPECT_EQ(error_of("7"), rpc_error::invalid_request);
  EXPECT_EQ(error_of(R"({"jsonrpc":"1.0","id":1,"method":"ping"})"), rpc_error::invalid_request);
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":null,"method":"ping"})"), rpc_error::invalid_request);
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1.5,"method":"ping"})"), rpc_error::invalid_request);
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1,"method":["ping"]})"), rpc_error::invalid_request);
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1})"), rpc_error::invalid_request);
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1,"method":"prompts/list"})"),
            rpc_error::method_not_found);
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":[1]})"),
            rpc_error::invalid_params);
  EXPECT_EQ(error_of(std::string(100, '[') + std::string(100, ']')), rpc_error::invalid_request);
  // The id is echoed when it could be read, null otherwise.
  EXPECT_EQ(ask(R"({"jsonrpc":"2.0","id":"x","method":"nope"})")["id"], "x");
  EXPECT_TRUE(ask("[]")["id"].is_null());
  const json too_long = json::parse(dispatcher_.too_long(1024));
  EXPECT_EQ(too_long["error"]["code"], rpc_error::invalid_request);
  EXPECT_TRUE(too_long["id"].is_null());
}

TEST_F(dispatcher_test, notifications_responses_and_blank_lines_are_not_answered) {
  initialize();
  EXPECT_FALSE(dispatcher_.handle(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"));
  EXPECT_FALSE(dispatcher_.handle(R"({"jsonrpc":"2.0","method":"anything/at/all"})"));
  EXPECT_FALSE(dispatcher_.handle(R"({"jsonrpc":"2.0","id":5,"result":{}})"));
  EXPECT_FALSE(dispatcher_.handle("   "));
  EXPECT_FALSE(dispatcher_.handle(""));
}

TEST_F(dispatcher_test, tools_call_checks_its_params_and_hands_the_rest_on) {
  initialize();
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}})"),
            rpc_error::invalid_params);
  EXPECT_EQ(
      error_of(
          R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":[]}})"),
      rpc_error::invalid_params);
  EXPECT_EQ(error_of(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fly"}})"),
            rpc_error::invalid_params);
  EXPECT_EQ(tools_.calls, 0);
  const json reply = ask(
      R"({"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"echo","arguments":{"a":1}}})");
  EXPECT_EQ(reply["result"]["structuredContent"]["a"], 1);
  EXPECT_EQ(tools_.calls, 1);
  EXPECT_EQ(
      ask(R"({"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"2"}})")["error"]
                                                                                      ["code"],
      rpc_error::invalid_params);
}

TEST(json_depth, counts_brackets_outside_strings) {
  EXPECT_EQ(json_depth("1"), 0U);
  EXPECT_EQ(json_depth(R"({"a":[1,{"b":2}]})"), 3U);
  EXPECT_EQ(json_depth(R"({"a":"[[[[\"[["})"), 1U);
}

}  // namespace
}  // namespace ariadne::mcp
