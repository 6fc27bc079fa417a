#pragma once

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "clients/mcp/tool_host.hpp"

namespace ariadne::mcp {

// The revision of the Model Context Protocol this adapter implements. An
// initialize asking for another is answered with this one (the client may
// then disconnect), as the specification's version negotiation says.
inline constexpr std::string_view protocol_revision = "2025-06-18";

// JSON-RPC 2.0's error codes.
namespace rpc_error {
inline constexpr int parse_error = -32700;
inline constexpr int invalid_request = -32600;
inline constexpr int method_not_found = -32601;
inline constexpr int invalid_params = -32602;
inline constexpr int internal_error = -32603;
}  // namespace rpc_error

// Who answers initialize (serverInfo).
struct server_identity {
  std::string name;
  std::string title;
  std::string version;
};

// MCP over JSON-RPC 2.0, one message a line, as the stdio transport carries
// it: the lifecycle (initialize and its version negotiation,
// notifications/initialized, ping), tools/list and tools/call, the last two
// handed to a tool_host. Pure: a line in, a line out, no I/O, never throws.
class mcp_dispatcher {
 public:
  // JSON nested deeper than this is refused before it is parsed.
  static constexpr std::size_t max_depth = 32;

  mcp_dispatcher(tool_host& tools, server_identity identity)
      : tools_(tools), identity_(std::move(identity)) {}

  // The answer to one line (a JSON-RPC response, without its newline), or
  // nullopt for a notification, a response of the client's or a blank line.
  std::optional<std::string> handle(std::string_view line);
  // The answer to a line longer than the transport's limit of `limit` bytes.
  std::string too_long(std::size_t limit) const;

  // initialize has been answered.
  bool initialized() const { return initialized_; }

 private:
  std::string request(const nlohmann::json& message, const nlohmann::json& id);
  std::string initialize(const nlohmann::json& params, const nlohmann::json& id);
  std::string tools_list(const nlohmann::json& params, const nlohmann::json& id);
  std::string tools_call(const nlohmann::json& params, const nlohmann::json& id);

  tool_host& tools_;
  server_identity identity_;
  bool initialized_ = false;
};

// A JSON-RPC error response (id: null when the request's could not be read).
std::string rpc_error_line(const nlohmann::json& id, int code, const std::string& message);

// A client's text as an error message may quote it: at most 64 bytes, cut
// between two characters (protocol::shorten).
std::string shown(const std::string& text);

// The depth of the deepest array or object in a JSON text (strings skipped).
std::size_t json_depth(std::string_view text);

}  // namespace ariadne::mcp
