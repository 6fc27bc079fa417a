#include "core/model/limits.hpp"

#include <charconv>
#include <string>

namespace ariadne {

namespace {

std::string quoted(std::string_view field) {
  return "\"" + std::string(field) + "\"";
}

// The shortest text that reads back as the same double.
std::string number_text(double value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

}  // namespace

std::string describe_range(const integer_limit& limit) {
  return "from " + std::to_string(limit.min) + " to " + std::to_string(limit.max);
}

std::optional<request_error> check(const integer_limit& limit, std::uint64_t value) {
  if (value >= limit.min && value <= limit.max) return std::nullopt;
  return request_error{limit.code, quoted(limit.field) + " must be " + describe_range(limit) +
                                       ", got " + std::to_string(value)};
}

std::optional<request_error> check(const integer_limit& limit, std::int64_t value) {
  if (value >= 0) return check(limit, static_cast<std::uint64_t>(value));
  return request_error{limit.code, quoted(limit.field) + " must be " + describe_range(limit) +
                                       ", got " + std::to_string(value)};
}

std::optional<request_error> check(const real_limit& limit, double value) {
  if (value >= limit.min && value <= limit.max) return std::nullopt;
  return request_error{limit.code, quoted(limit.field) + " must be from " + number_text(limit.min) +
                                       " to " + number_text(limit.max) + ", got " +
                                       number_text(value)};
}

std::optional<std::size_t> printable_length(std::string_view text) {
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++characters) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::uint32_t code = 0;
    std::size_t extra = 0;
    if (lead < 0x80) {
      code = lead;
    } else if (lead >= 0xc2 && lead <= 0xdf) {
      code = lead & 0x1fU;
      extra = 1;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      code = lead & 0x0fU;
      extra = 2;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      code = lead & 0x07U;
      extra = 3;
    } else {
      return std::nullopt;
    }
    if (i + extra >= text.size()) return std::nullopt;  // cut short
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xc0U) != 0x80U) return std::nullopt;
      code = (code << 6U) | (next & 0x3fU);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
    static constexpr std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (code < smallest[extra] || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) {
      return std::nullopt;
    }
    // Control characters (C0, DEL, C1) and the line and paragraph separators
    // could forge log lines, CSV rows or terminals; invisible formatting
    // (zero widths, direction overrides and isolates, the byte-order mark)
    // could make one name look like another.
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return std::nullopt;
    if ((code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e) ||
        (code >= 0x2060 && code <= 0x2069) || code == 0xfeff) {
      return std::nullopt;
    }
    i += extra + 1;
  }
  return characters;
}

std::optional<request_error> check(const text_limit& limit, std::string_view value) {
  const auto characters = printable_length(value);
  if (!characters) {
    return request_error{errc::bad_request, quoted(limit.field) +
                                                " must be printable UTF-8 text, without "
                                                "control characters"};
  }
  if (*characters >= 1 && *characters <= limit.max_length) return std::nullopt;
  return request_error{errc::bad_request, quoted(limit.field) + " must be 1 to " +
                                              std::to_string(limit.max_length) +
                                              " characters long"};
}

std::optional<request_error> check_path_length(std::size_t letters) {
  const integer_limit& limit = limits::path_letters;
  if (letters >= limit.min && letters <= limit.max) return std::nullopt;
  return request_error{limit.code, quoted(limit.field) + " must hold " + std::to_string(limit.min) +
                                       " to " + std::to_string(limit.max) + " letters"};
}

}  // namespace ariadne
