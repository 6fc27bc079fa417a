#pragma once

#include <string>
#include <string_view>

namespace ariadne {

// Client-supplied text as it may appear in a log line: printable ASCII as it
// is, a backslash doubled, every other byte as \xNN, so that no client can
// write a line break, a terminal escape or a forged log line.
inline std::string log_text(std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte == '\\') {
      out += "\\\\";
    } else if (byte >= 0x20 && byte < 0x7f) {
      out += c;
    } else {
      out += "\\x";
      out += hex[byte >> 4U];
      out += hex[byte & 15U];
    }
  }
  return out;
}

}  // namespace ariadne
