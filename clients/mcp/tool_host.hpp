#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace ariadne::mcp {

// What the MCP dispatcher asks of the tools it serves: their list, a call,
// and the words for the client. The dispatcher knows JSON-RPC and the MCP
// lifecycle; the tools know the game. What goes out is ordered_json, so that
// a reader sees fields in the order they were written.
class tool_host {
 public:
  virtual ~tool_host() = default;

  // The entries of tools/list: name, title, description, inputSchema, outputSchema.
  virtual nlohmann::ordered_json tools() const = 0;
  // Runs a tools/call. Fills result (a CallToolResult: content,
  // structuredContent, isError) and returns nullopt, or returns the sentence
  // of an Invalid params error (an unknown tool, arguments its inputSchema
  // refuses).
  virtual std::optional<std::string> call(const std::string& name, const nlohmann::json& arguments,
                                          nlohmann::ordered_json& result) = 0;
  // initialize's instructions: how to play, for the model.
  virtual std::string instructions() const = 0;
  // The client's name and version, as its initialize said (clientInfo).
  virtual void client_is(const std::string& name, const std::string& version) = 0;
};

}  // namespace ariadne::mcp
