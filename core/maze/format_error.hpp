#pragma once

#include <stdexcept>
#include <string>

namespace ariadne {

// A maze file that cannot be read: says where (1-based line and column, 0 when
// the problem is the file as a whole) and what is wrong.
class format_error : public std::runtime_error {
 public:
  format_error(int line, int column, const std::string& what)
      : std::runtime_error(describe(line, column, what)), line_(line), column_(column) {}

  int line() const { return line_; }
  int column() const { return column_; }

 private:
  static std::string describe(int line, int column, const std::string& what) {
    if (line == 0) return what;
    if (column == 0) return "line " + std::to_string(line) + ": " + what;
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what;
  }

  int line_;
  int column_;
};

}  // namespace ariadne
