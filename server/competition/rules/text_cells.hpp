#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

namespace ariadne {

// The cells of the plain-text tables the tools print (the leaderboard's,
// simulate's report): a number to a fixed number of places, and text padded
// to a column's width.

inline std::string fixed_places(double value, int decimals) {
  char out[64];
  std::snprintf(out, sizeof out, "%.*f", decimals, value);
  return out;
}

inline std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

}  // namespace ariadne
