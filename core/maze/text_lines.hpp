#pragma once

#include <string_view>
#include <vector>

namespace ariadne {

// Splits text into lines, accepting LF and CRLF endings; a final line ending
// does not start another (empty) line.
std::vector<std::string_view> split_lines(std::string_view text);

}  // namespace ariadne
