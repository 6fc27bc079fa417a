#include "clients/mcp/mcp_dispatcher.hpp"

#include <exception>
#include <nlohmann/json.hpp>

#include "protocol/text_excerpt.hpp"

namespace ariadne::mcp {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

namespace {

std::string dump(const ordered_json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string result_line(const json& id, const ordered_json& result) {
  return R"({"jsonrpc":"2.0","id":)" + id.dump() + R"(,"result":)" + dump(result) + "}";
}

bool valid_id(const json& id) {
  // MCP: a string or an integer, never null.
  return id.is_string() || id.is_number_integer();
}

// Names a JSON value's type as JSON Schema does.
std::string type_name(const json& value) {
  if (value.is_object()) return "an object";
  if (value.is_array()) return "an array";
  if (value.is_string()) return "a string";
  if (value.is_boolean()) return "a boolean";
  if (value.is_null()) return "null";
  return "a number";
}

}  // namespace

std::string shown(const std::string& text) {
  return protocol::shorten(text, 64);
}

std::string rpc_error_line(const json& id, int code, const std::string& message) {
  ordered_json error = {{"code", code}, {"message", message}};
  return R"({"jsonrpc":"2.0","id":)" + id.dump() + R"(,"error":)" + dump(error) + "}";
}

std::size_t json_depth(std::string_view text) {
  std::size_t depth = 0;
  std::size_t deepest = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

std::string mcp_dispatcher::too_long(std::size_t limit) const {
  return rpc_error_line(nullptr, rpc_error::invalid_request,
                        "Invalid Request: a message is at most " + std::to_string(limit) +
                            " bytes on one line; this one was longer and was dropped");
}

std::optional<std::string> mcp_dispatcher::handle(std::string_view line) {
  if (line.find_first_not_of(" \t\r\n") == std::string_view::npos) return std::nullopt;
  if (json_depth(line) > max_depth) {
    return rpc_error_line(
        nullptr, rpc_error::invalid_request,
        "Invalid Request: JSON nested deeper than " + std::to_string(max_depth) + " levels");
  }
  const json message = json::parse(line, nullptr, false);
  if (message.is_discarded()) {
    return rpc_error_line(nullptr, rpc_error::parse_error,
                          "Parse error: the line is not one JSON value in UTF-8");
  }
  if (message.is_array()) {
    return rpc_error_line(nullptr, rpc_error::invalid_request,
                          "Invalid Request: batches are not supported (MCP 2025-06-18 removed "
                          "JSON-RPC batching); send one message a line");
  }
  if (!message.is_object()) {
    return rpc_error_line(nullptr, rpc_error::invalid_request,
                          "Invalid Request: a message is a JSON object, not " + type_name(message));
  }
  const auto id_at = message.find("id");
  const bool has_id = id_at != message.end();
  if (has_id && !valid_id(*id_at)) {
    return rpc_error_line(
        nullptr, rpc_error::invalid_request,
        "Invalid Request: \"id\" must be a string or an integer, not " + type_name(*id_at));
  }
  const json id = has_id ? *id_at : json(nullptr);
  const auto version = message.find("jsonrpc");
  if (version == message.end() || *version != "2.0") {
    return rpc_error_line(id, rpc_error::invalid_request,
                          "Invalid Request: \"jsonrpc\" must be \"2.0\"");
  }
  const auto method = message.find("method");
  if (method == message.end()) {
    // A response to a request of ours: the adapter sends none, so it is dropped.
    if (has_id && (message.contains("result") || message.contains("error"))) return std::nullopt;
    return rpc_error_line(id, rpc_error::invalid_request, "Invalid Request: no \"method\"");
  }
  if (!method->is_string()) {
    return rpc_error_line(id, rpc_error::invalid_request,
                          "Invalid Request: \"method\" must be a string");
  }
  if (!has_id) {
    // A notification is never answered. Nothing here needs
    // notifications/initialized or notifications/cancelled: every request is
    // answered before the next line is read.
    return std::nullopt;
  }
  try {
    return request(message, id);
  } catch (const std::exception& e) {
    return rpc_error_line(id, rpc_error::internal_error,
                          std::string("Internal error: ") + e.what());
  }
}

std::string mcp_dispatcher::request(const json& message, const json& id) {
  const std::string& method = message["method"].get_ref<const std::string&>();
  static const json no_params = json::object();
  const auto at = message.find("params");
  const json& params = at == message.end() ? no_params : *at;
  const bool known = method == "initialize" || method == "ping" || method == "tools/list" ||
                     method == "tools/call";
  if (!known)
    return rpc_error_line(id, rpc_error::method_not_found, "Method not found: " + shown(method));
  if (!params.is_object()) {
    return rpc_error_line(id, rpc_error::invalid_params,
                          "Invalid params: \"params\" must be an object");
  }
  if (method == "ping") return result_line(id, ordered_json::object());
  if (method == "initialize") return initialize(params, id);
  if (!initialized_) {
    return rpc_error_line(id, rpc_error::invalid_request,
                          "Invalid Request: the session is not initialized; send initialize first");
  }
  if (method == "tools/list") return tools_list(params, id);
  return tools_call(params, id);
}

std::string mcp_dispatcher::initialize(const json& params, const json& id) {
  if (initialized_) {
    return rpc_error_line(id, rpc_error::invalid_request,
                          "Invalid Request: initialize was already received");
  }
  const auto version = params.find("protocolVersion");
  if (version == params.end() || !version->is_string()) {
    return rpc_error_line(id, rpc_error::invalid_params,
                          "Invalid params: \"protocolVersion\" must be a string");
  }
  for (const char* field : {"capabilities", "clientInfo"}) {
    const auto at = params.find(field);
    if (at != params.end() && !at->is_object()) {
      return rpc_error_line(id, rpc_error::invalid_params,
                            std::string("Invalid params: \"") + field + "\" must be an object");
    }
  }
  std::string client_name;
  std::string client_version;
  if (const auto info = params.find("clientInfo"); info != params.end()) {
    if (const auto name = info->find("name"); name != info->end() && name->is_string()) {
      client_name = name->get<std::string>();
    }
    if (const auto v = info->find("version"); v != info->end() && v->is_string()) {
      client_version = v->get<std::string>();
    }
  }
  tools_.client_is(client_name, client_version);
  initialized_ = true;
  ordered_json result = {
      {"protocolVersion", std::string(protocol_revision)},
      {"capabilities", {{"tools", {{"listChanged", false}}}}},
      {"serverInfo",
       {{"name", identity_.name}, {"title", identity_.title}, {"version", identity_.version}}},
      {"instructions", tools_.instructions()}};
  return result_line(id, result);
}

std::string mcp_dispatcher::tools_list(const json& params, const json& id) {
  if (params.contains("cursor")) {
    // The whole list comes in one page: no cursor was ever given out.
    return rpc_error_line(id, rpc_error::invalid_params,
                          "Invalid params: unknown cursor (the list has one page)");
  }
  return result_line(id, ordered_json{{"tools", tools_.tools()}});
}

std::string mcp_dispatcher::tools_call(const json& params, const json& id) {
  const auto name = params.find("name");
  if (name == params.end() || !name->is_string()) {
    return rpc_error_line(id, rpc_error::invalid_params,
                          "Invalid params: \"name\" must be the tool's name, a string");
  }
  static const json no_arguments = json::object();
  const auto at = params.find("arguments");
  const json& arguments = at == params.end() ? no_arguments : *at;
  if (!arguments.is_object()) {
    return rpc_error_line(
        id, rpc_error::invalid_params,
        "Invalid params: \"arguments\" must be an object, not " + type_name(arguments));
  }
  ordered_json result;
  if (auto problem = tools_.call(name->get<std::string>(), arguments, result)) {
    return rpc_error_line(id, rpc_error::invalid_params, "Invalid params: " + *problem);
  }
  return result_line(id, result);
}

}  // namespace ariadne::mcp
