#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ariadne::protocol {

// Text from the other side (a client's field, a server's sentence) as an
// error sentence may quote it: at most `max` bytes, cut between two UTF-8
// characters, never inside one, with "..." after when cut.
std::string shorten(std::string_view text, std::size_t max = 40);

// The same after every character printable_length (core/model/limits.hpp)
// refuses became '?': control characters (line breaks, terminal escapes),
// invisible formatting (direction overrides, zero widths) and bytes that are
// not UTF-8. For text read by a person or a model that must not be misled.
std::string printable_excerpt(std::string_view text, std::size_t max);

}  // namespace ariadne::protocol
