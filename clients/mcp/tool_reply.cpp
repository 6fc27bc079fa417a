#include "clients/mcp/tool_reply.hpp"

#include "protocol/text_excerpt.hpp"

namespace ariadne::mcp {

using ordered_json = nlohmann::ordered_json;

tool_reply failure(std::string code, const std::string& sentence) {
  return tool_reply{nullptr, protocol::printable_excerpt(sentence, sentence_bytes),
                    std::move(code)};
}

ordered_json as_result(const tool_reply& r) {
  const std::string text = r.code.empty() ? r.text : r.code + ": " + r.text;
  ordered_json result = {
      {"content", ordered_json::array({ordered_json{{"type", "text"}, {"text", text}}})}};
  if (r.code.empty()) {
    result["structuredContent"] = r.structured;
    result["isError"] = false;
  } else {
    result["isError"] = true;
    result["_meta"] = {{"ariadne/error", {{"code", r.code}, {"message", r.text}}}};
  }
  return result;
}

}  // namespace ariadne::mcp
