#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace ariadne::protocol::detail {

// A forward-only reader over a frame for the fast readers (fast_command,
// fast_paint): plain JSON only; any surprise makes the whole parse give up
// (return nullopt) rather than guess.
class flat_reader {
 public:
  explicit flat_reader(std::string_view text) : text_(text) {}

  void skip_space() {
    while (at_ < text_.size() &&
           (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }
  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  bool done() {
    skip_space();
    return at_ == text_.size();
  }
  char peek() {
    skip_space();
    return at_ < text_.size() ? text_[at_] : '\0';
  }

  // A string of printable ASCII without escapes; its contents, or nullopt.
  std::optional<std::string_view> string() {
    if (!take('"')) return std::nullopt;
    const std::size_t start = at_;
    while (at_ < text_.size() && text_[at_] != '"') {
      const auto c = static_cast<unsigned char>(text_[at_]);
      if (c < 0x20 || c >= 0x7f || c == '\\') return std::nullopt;
      ++at_;
    }
    if (at_ == text_.size()) return std::nullopt;
    return text_.substr(start, at_++ - start);
  }

  // A scalar value as raw text: a plain string (quotes included), a canonical
  // integer of at most 18 digits, true, false or null.
  std::optional<std::string_view> scalar() {
    const char c = peek();
    const std::size_t start = at_;
    if (c == '"') {
      if (!string()) return std::nullopt;
      return text_.substr(start, at_ - start);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      if (c == '-') ++at_;
      const std::size_t digits = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9')
        ++at_;
      const std::size_t count = at_ - digits;
      // Leading zeros, "-0", fractions and exponents read differently in the
      // full parser: leave them to it.
      if (count == 0 || count > 18 || (text_[digits] == '0' && (count > 1 || c == '-'))) {
        return std::nullopt;
      }
      if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == 'e' || text_[at_] == 'E')) {
        return std::nullopt;
      }
      return text_.substr(start, at_ - start);
    }
    for (const std::string_view word : {"true", "false", "null"}) {
      if (text_.substr(at_, word.size()) == word) {
        at_ += word.size();
        return text_.substr(start, word.size());
      }
    }
    return std::nullopt;
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};

// A scalar's raw text is a JSON string (quotes included).
inline bool is_string(std::string_view raw) {
  return !raw.empty() && raw.front() == '"';
}
// A plain string's contents, without its quotes.
inline std::string_view unquote(std::string_view raw) {
  return raw.substr(1, raw.size() - 2);
}

}  // namespace ariadne::protocol::detail
