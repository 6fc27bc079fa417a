#include "protocol/text_excerpt.hpp"

#include <algorithm>

#include "core/model/limits.hpp"

namespace ariadne::protocol {

namespace {

// The bytes of the UTF-8 character that starts with `lead` (1 for a byte
// that starts none).
std::size_t sequence_length(unsigned char lead) {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

bool continues(unsigned char byte) {
  return (byte & 0xc0U) == 0x80U;
}

}  // namespace

std::string shorten(std::string_view text, std::size_t max) {
  if (text.size() <= max) return std::string(text);
  std::size_t end = max;
  // Back to the start of the character the cut would split.
  while (end > 0 && continues(static_cast<unsigned char>(text[end])))
    --end;
  return std::string(text.substr(0, end)) + "...";
}

std::string printable_excerpt(std::string_view text, std::size_t max) {
  std::string clean;
  clean.reserve(std::min(text.size(), max + 4));
  for (std::size_t i = 0; i < text.size() && clean.size() <= max;) {
    std::size_t length = sequence_length(static_cast<unsigned char>(text[i]));
    // A sequence cut short or broken counts as its first byte alone.
    if (i + length > text.size()) length = 1;
    for (std::size_t k = 1; k < length; ++k) {
      if (!continues(static_cast<unsigned char>(text[i + k]))) length = 1;
    }
    const std::string_view one = text.substr(i, length);
    if (printable_length(one)) {
      clean += one;
    } else {
      clean += '?';
    }
    i += length;
  }
  return shorten(clean, max);
}

}  // namespace ariadne::protocol
