#pragma once

// The tools of an agent_session called as a host calls them, over an
// in-process drone (no sockets): what agent_session's tests share.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bots/local_drone.hpp"
#include "clients/mcp/agent_session.hpp"

namespace ariadne::mcp {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

inline drone_source in_process() {
  drone_source source;
  source.connect = [](const std::string&) { return std::make_unique<local_drone>(); };
  return source;
}

class session_test : public ::testing::Test {
 protected:
  // The CallToolResult of a call the schemas accept.
  ordered_json call(agent_session& s, const std::string& name, const json& arguments = {}) {
    ordered_json result;
    const auto problem = s.call(name, arguments.is_null() ? json::object() : arguments, result);
    EXPECT_FALSE(problem) << *problem;
    return result;
  }
  static std::string text_of(const ordered_json& result) {
    return result["content"][0]["text"].get<std::string>();
  }
  static std::string code_of(const ordered_json& result) {
    if (!result["isError"].get<bool>()) return "";
    return result["_meta"]["ariadne/error"]["code"].get<std::string>();
  }
};

}  // namespace ariadne::mcp
