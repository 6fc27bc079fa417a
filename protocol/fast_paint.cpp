#include "protocol/fast_paint.hpp"

#include <algorithm>
#include <cstdint>

#include "core/model/limits.hpp"
#include "core/model/paint.hpp"
#include "protocol/flat_reader.hpp"

namespace ariadne::protocol {

namespace {

using detail::flat_reader;
using detail::is_string;
using detail::unquote;

// A coordinate as the full parser reads it and a cell of some maze can be:
// a canonical whole number of at most 9 digits (negative ones are left to it).
std::optional<std::int32_t> paint_coordinate(std::optional<std::string_view> raw) {
  if (!raw || raw->empty() || raw->size() > 9 || raw->front() == '-' || is_string(*raw))
    return std::nullopt;
  std::int32_t value = 0;
  for (const char c : *raw) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

// One cell: {"x", "y", "colour", "text"}, other keys' scalar values ignored.
bool read_paint_cell(flat_reader& in, std::vector<paint_mark>& cells) {
  if (!in.take('{')) return false;
  std::optional<std::string_view> x, y, colour, text;
  if (!in.take('}')) {
    do {
      const auto key = in.string();
      if (!key || !in.take(':')) return false;
      const auto value = in.scalar();
      if (!value) return false;
      std::optional<std::string_view>* slot = nullptr;
      if (*key == "x") slot = &x;
      if (*key == "y") slot = &y;
      if (*key == "colour") slot = &colour;
      if (*key == "text") slot = &text;
      if (slot != nullptr) {
        if (slot->has_value()) return false;  // repeated: the full parser keeps the last
        *slot = *value;
      }
    } while (in.take(','));
    if (!in.take('}')) return false;
  }
  paint_mark mark;
  const auto cx = paint_coordinate(x);
  const auto cy = paint_coordinate(y);
  if (!cx || !cy) return false;
  mark.x = *cx;
  mark.y = *cy;
  if (colour && *colour != "null") {
    if (!is_string(*colour)) return false;
    const std::string_view name = unquote(*colour);
    if (std::find(paint_palette.begin(), paint_palette.end(), name) == paint_palette.end())
      return false;
    mark.colour = name;
  }
  if (text && *text != "null") {
    // The reader's strings are printable ASCII: one character a byte.
    if (!is_string(*text)) return false;
    const std::string_view letters = unquote(*text);
    if (letters.empty() || letters.size() > limits::paint_text.max_length) return false;
    mark.text = letters;
  }
  cells.push_back(std::move(mark));
  return true;
}

bool read_paint_cells(flat_reader& in, std::vector<paint_mark>& cells) {
  if (!in.take('[')) return false;
  if (in.take(']')) return true;
  cells.reserve(limits::paint_cells_per_message);
  do {
    if (cells.size() == limits::paint_cells_per_message) return false;
    if (!read_paint_cell(in, cells)) return false;
  } while (in.take(','));
  return in.take(']');
}

}  // namespace

std::optional<paint_view> parse_fast_paint(std::string_view text) {
  flat_reader in(text);
  if (!in.take('{')) return std::nullopt;
  std::optional<std::string_view> type;
  std::optional<std::string_view> clear;
  std::optional<std::string_view> id;
  bool cells_seen = false;
  paint_view paint;
  if (!in.take('}')) {
    do {
      const auto key = in.string();
      if (!key || !in.take(':')) return std::nullopt;
      // A log line is UTF-8 text to judge: the full parser reads it.
      if (*key == "log") return std::nullopt;
      if (*key == "cells") {
        if (cells_seen) return std::nullopt;
        cells_seen = true;
        if (in.peek() != '[') {
          const auto value = in.scalar();
          if (!value || *value != "null") return std::nullopt;
        } else if (!read_paint_cells(in, paint.message.cells)) {
          return std::nullopt;
        }
        continue;
      }
      const auto value = in.scalar();
      if (!value) return std::nullopt;
      std::optional<std::string_view>* slot = nullptr;
      if (*key == "type") slot = &type;
      if (*key == "clear") slot = &clear;
      if (*key == "id") slot = &id;
      if (slot != nullptr) {
        if (slot->has_value()) return std::nullopt;
        *slot = *value;
      }
    } while (in.take(','));
    if (!in.take('}')) return std::nullopt;
  }
  if (!in.done() || !type || *type != "\"paint\"") return std::nullopt;
  if (clear && *clear != "null") {
    if (*clear != "true" && *clear != "false") return std::nullopt;
    paint.message.clear = *clear == "true";
  }
  if (!paint.message.clear && paint.message.cells.empty()) return std::nullopt;
  if (id) paint.id = *id;
  return paint;
}

}  // namespace ariadne::protocol
