#include "protocol/fast_command.hpp"

#include "core/model/limits.hpp"

namespace ariadne::protocol {

namespace {

// A forward-only reader over the frame; any surprise makes the whole parse
// give up (return nullopt) rather than guess.
class reader {
 public:
  explicit reader(std::string_view text) : text_(text) {}

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

bool is_string(std::string_view raw) {
  return !raw.empty() && raw.front() == '"';
}
std::string_view unquote(std::string_view raw) {
  return raw.substr(1, raw.size() - 2);
}

}  // namespace

std::optional<command_view> parse_fast_command(std::string_view text) {
  reader in(text);
  if (!in.take('{')) return std::nullopt;
  std::optional<std::string_view> type;
  std::optional<std::string_view> dir;
  std::optional<std::string_view> dirs;
  std::optional<std::string_view> id;
  if (!in.take('}')) {
    do {
      const auto key = in.string();
      if (!key || !in.take(':')) return std::nullopt;
      const auto value = in.scalar();
      if (!value) return std::nullopt;
      std::optional<std::string_view>* slot = nullptr;
      if (*key == "type") slot = &type;
      if (*key == "dir") slot = &dir;
      if (*key == "dirs") slot = &dirs;
      if (*key == "id") slot = &id;
      if (slot != nullptr) {
        // A repeated key: the full parser keeps the last one; leave it to it.
        if (slot->has_value()) return std::nullopt;
        *slot = *value;
      }
    } while (in.take(','));
    if (!in.take('}')) return std::nullopt;
  }
  if (!in.done() || !type || !is_string(*type)) return std::nullopt;

  command_view command;
  if (id) command.id = *id;
  const std::string_view name = unquote(*type);
  if (name == "sense") {
    command.type = command_view::kind::sense;
  } else if (name == "abandon") {
    command.type = command_view::kind::abandon;
  } else if (name == "move") {
    if (!dir || !is_string(*dir) || dir->size() != 3) return std::nullopt;
    const auto d = direction_from_letter((*dir)[1]);
    if (!d) return std::nullopt;
    command.type = command_view::kind::move;
    command.dir = *d;
  } else if (name == "path") {
    if (!dirs || !is_string(*dirs)) return std::nullopt;
    const std::string_view letters = unquote(*dirs);
    if (letters.empty() || letters.size() > limits::path_letters.max) return std::nullopt;
    for (const char c : letters) {
      if (!direction_from_letter(c)) return std::nullopt;
    }
    command.type = command_view::kind::path;
    command.dirs = letters;
  } else {
    return std::nullopt;
  }
  return command;
}

}  // namespace ariadne::protocol
