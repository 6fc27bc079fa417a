#pragma once

// Included by .cpp files only: it brings nlohmann/json.hpp.
#include <nlohmann/json.hpp>
#include <string>

namespace ariadne::mcp {

// A tool's outcome: a success (structured content, and text for the model)
// or a refusal (its code and sentence).
struct tool_reply {
  nlohmann::ordered_json structured;
  std::string text;  // for a refusal, its sentence
  std::string code;  // empty: success
};

// The longest sentence of a refusal: a server's sentence, or a lost
// connection's, may be any length.
inline constexpr std::size_t sentence_bytes = 400;

// A refusal; its sentence cut to sentence_bytes, without control characters
// or invisible formatting (a server's words may hold them).
tool_reply failure(std::string code, const std::string& sentence);

// The CallToolResult: text for the model, structured content for programs;
// a refusal carries its code and sentence in the text and in _meta.
nlohmann::ordered_json as_result(const tool_reply& r);

}  // namespace ariadne::mcp
