#include "protocol/state_writer.hpp"

#include <charconv>

#include "protocol/state_fields.hpp"

namespace ariadne::protocol {

namespace {

void append_json_string(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          constexpr std::string_view hex = "0123456789abcdef";
          out += "\\u00";
          out += hex[static_cast<unsigned char>(c) >> 4U];
          out += hex[static_cast<unsigned char>(c) & 15U];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

// Appends the visited fields as ,"key":value pairs.
class text_fields {
 public:
  explicit text_fields(std::string& out) : out_(out) {}

  template <typename Number>
  void number(std::string_view key, Number value) {
    append_key(key);
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    out_.append(buffer, end);
  }
  void text(std::string_view key, std::string_view value) {
    append_key(key);
    append_json_string(out_, value);
  }
  void boolean(std::string_view key, bool value) {
    append_key(key);
    out_ += value ? "true" : "false";
  }
  void position(std::string_view key, cell c) {
    append_key(key);
    out_ += "{\"x\":";
    number_only(c.x);
    out_ += ",\"y\":";
    number_only(c.y);
    out_ += '}';
  }
  void directions(std::string_view key, unsigned open) {
    append_key(key);
    out_ += '[';
    bool first = true;
    for (const direction d : all_directions) {
      if (!opens(open, d)) continue;
      if (!first) out_ += ',';
      first = false;
      out_ += '"';
      out_ += to_char(d);
      out_ += '"';
    }
    out_ += ']';
  }
  void object(std::string_view key, const run_result& r) {
    append_key(key);
    append_result(out_, r);
  }
  void object(std::string_view key, const set_position& s) {
    append_key(key);
    // As append_result: the first field's comma becomes the brace.
    const std::size_t start = out_.size();
    text_fields inner(out_);
    detail::visit_set(s, inner);
    out_[start] = '{';
    out_ += '}';
  }

 private:
  void append_key(std::string_view key) {
    out_ += ",\"";
    out_ += key;
    out_ += "\":";
  }
  void number_only(std::int32_t value) {
    char buffer[16];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    out_.append(buffer, end);
  }
  std::string& out_;
};

}  // namespace

void append_result(std::string& out, const run_result& r) {
  // The first field has no comma before it: write it, then the rest.
  const std::size_t start = out.size();
  text_fields fields(out);
  detail::visit_result(r, fields);
  out[start] = '{';
  out += '}';
}

void append_state(std::string& out, const state_message& s, std::string_view id) {
  out += "{\"type\":\"state\"";
  if (!id.empty()) {
    out += ",\"id\":";
    out += id;
  }
  text_fields fields(out);
  detail::visit_state(s, fields);
  out += '}';
}

}  // namespace ariadne::protocol
