#include "protocol/raw_json.hpp"

namespace ariadne::protocol {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// A cursor over validated JSON text.
class walker {
 public:
  explicit walker(std::string_view text) : text_(text) {}

  void skip_space() {
    while (at_ < text_.size() && is_space(text_[at_]))
      ++at_;
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
  void take() { ++at_; }
  std::size_t at() const { return at_; }

  // Past a string starting at the cursor's quote.
  void skip_string() {
    ++at_;
    while (at_ < text_.size() && text_[at_] != '"')
      at_ += text_[at_] == '\\' ? 2U : 1U;
    ++at_;
  }

  // A string's decoded text, as far as a key comparison needs: escapes of
  // characters beyond ASCII become a byte no ASCII key holds.
  std::string key() {
    std::string out;
    ++at_;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c == '\\' && at_ < text_.size()) {
        const char e = text_[at_++];
        switch (e) {
          case 'b':
            c = '\b';
            break;
          case 'f':
            c = '\f';
            break;
          case 'n':
            c = '\n';
            break;
          case 'r':
            c = '\r';
            break;
          case 't':
            c = '\t';
            break;
          case 'u': {
            unsigned code = 0;
            for (int k = 0; k < 4 && at_ < text_.size(); ++k) {
              const char h = text_[at_++];
              code = code * 16U + static_cast<unsigned>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
            }
            c = code < 0x80 ? static_cast<char>(code) : '\xff';
            break;
          }
          default:
            c = e;  // " \ /
        }
      }
      out += c;
    }
    ++at_;
    return out;
  }

  // Past one value of any kind.
  void skip_value() {
    const char c = peek();
    if (c == '"') return skip_string();
    if (c == '{' || c == '[') {
      int depth = 0;
      do {
        const char d = peek();
        if (d == '"') {
          skip_string();
          continue;
        }
        if (d == '{' || d == '[') ++depth;
        if (d == '}' || d == ']') --depth;
        ++at_;
      } while (depth > 0 && at_ < text_.size());
      return;
    }
    while (at_ < text_.size() && !is_space(text_[at_]) && text_[at_] != ',' && text_[at_] != '}' &&
           text_[at_] != ']') {
      ++at_;
    }
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

std::string_view raw_member(std::string_view object, std::string_view key) {
  walker w(object);
  std::string_view found;
  w.skip_space();
  if (w.peek() != '{') return found;
  w.take();
  w.skip_space();
  while (w.peek() == '"') {
    const std::string name = w.key();
    w.skip_space();
    w.take();  // ':'
    w.skip_space();
    const std::size_t start = w.at();
    w.skip_value();
    if (name == key) found = object.substr(start, w.at() - start);
    w.skip_space();
    if (w.peek() != ',') break;
    w.take();
    w.skip_space();
  }
  return found;
}

std::string with_raw_id(std::string text, std::string_view raw_id) {
  if (raw_id.empty() || text.empty() || text.back() != '}') return text;
  std::string member = text.size() > 2 ? ",\"id\":" : "\"id\":";
  member += raw_id;
  text.insert(text.size() - 1, member);
  return text;
}

}  // namespace ariadne::protocol
