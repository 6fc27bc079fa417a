#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>

namespace ariadne::mcp {

// One line of the client's stream: its text without the newline (and
// without a carriage return before it), or, for a line longer than the
// limit, nothing but the mark: its bytes were read and dropped.
struct client_line {
  std::string text;
  bool too_long = false;
};

// Reads the stdio transport's messages, one a line, never holding more than
// max_bytes of one: a hostile client cannot make the adapter buffer a
// gigabyte. A last line without its newline is a line too.
class line_reader {
 public:
  line_reader(std::istream& in, std::size_t max_bytes) : in_(in), max_bytes_(max_bytes) {}

  // The next line, or nullopt at the end of the stream.
  std::optional<client_line> next();

 private:
  std::istream& in_;
  std::size_t max_bytes_;
};

}  // namespace ariadne::mcp
