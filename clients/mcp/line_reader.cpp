#include "clients/mcp/line_reader.hpp"

namespace ariadne::mcp {

std::optional<client_line> line_reader::next() {
  std::streambuf* buffer = in_.rdbuf();
  client_line line;
  bool any = false;
  for (;;) {
    const auto c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in_.setstate(std::ios::eofbit);
      if (!any) return std::nullopt;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.too_long) continue;
    if (line.text.size() == max_bytes_) {
      // Past the limit: the rest of the line is read and dropped.
      line.too_long = true;
      line.text.clear();
      line.text.shrink_to_fit();
      continue;
    }
    line.text.push_back(static_cast<char>(c));
  }
  if (!line.text.empty() && line.text.back() == '\r') line.text.pop_back();
  return line;
}

}  // namespace ariadne::mcp
