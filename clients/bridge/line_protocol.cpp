#include "clients/bridge/line_protocol.hpp"

#include <algorithm>

#include "core/model/limits.hpp"

namespace ariadne::bridge {

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
    text.remove_prefix(1);
  return text;
}

std::string open_letters(unsigned open) {
  std::string letters;
  for (const direction d : all_directions) {
    if ((open & (1U << static_cast<unsigned>(d))) != 0) letters += to_char(d);
  }
  return letters.empty() ? "-" : letters;
}

// One cell of a PAINT line: x y colour [text].
std::variant<paint_mark, std::string> parse_mark(std::string_view rest) {
  std::vector<std::string_view> words;
  while (!rest.empty() && words.size() < 3) {
    const auto space = rest.find(' ');
    words.push_back(rest.substr(0, space));
    rest = space == std::string_view::npos ? std::string_view() : trim(rest.substr(space + 1));
  }
  const auto number = [](std::string_view w, std::int32_t& out) {
    if (w.empty() || w.size() > 5) return false;
    out = 0;
    for (const char c : w) {
      if (c < '0' || c > '9') return false;
      out = out * 10 + (c - '0');
    }
    return true;
  };
  paint_mark mark;
  if (words.size() < 3 || !number(words[0], mark.x) || !number(words[1], mark.y)) {
    return std::string("PAINT x y colour [text]; x y colour [text] ..., or PAINT CLEAR");
  }
  if (words[2] != "-") {
    if (std::find(paint_palette.begin(), paint_palette.end(), words[2]) == paint_palette.end()) {
      return std::string(
          "colours are red, orange, yellow, green, teal, blue, purple, grey, or - for none");
    }
    mark.colour = std::string(words[2]);
  }
  if (!rest.empty()) {
    if (auto problem = check(limits::paint_text, rest)) return problem->message;
    mark.text = std::string(rest);
  }
  return mark;
}

// PAINT CLEAR, or PAINT and up to 128 cells split by ";".
std::variant<line_command, std::string> parse_paint(std::string_view rest) {
  line_command command;
  command.type = line_command::kind::paint;
  if (rest == "CLEAR") {
    command.clear = true;
    return command;
  }
  while (true) {
    const auto semicolon = rest.find(';');
    auto mark = parse_mark(trim(rest.substr(0, semicolon)));
    if (auto* problem = std::get_if<std::string>(&mark)) return std::move(*problem);
    command.marks.push_back(std::move(std::get<paint_mark>(mark)));
    if (command.marks.size() > limits::paint_cells_per_message) {
      return "PAINT takes at most " + std::to_string(limits::paint_cells_per_message) + " cells";
    }
    if (semicolon == std::string_view::npos) break;
    rest = rest.substr(semicolon + 1);
  }
  return command;
}

}  // namespace

std::variant<line_command, std::string> parse_line(std::string_view raw) {
  const std::string_view line = trim(raw);
  const auto space = line.find(' ');
  const std::string_view word = line.substr(0, space);
  const std::string_view rest =
      space == std::string_view::npos ? std::string_view() : trim(line.substr(space + 1));
  line_command command;
  if (word == "SENSE" || word == "ABANDON") {
    if (!rest.empty()) return std::string(word) + " takes nothing after it";
    command.type = word == "SENSE" ? line_command::kind::sense : line_command::kind::abandon;
    return command;
  }
  if (word == "MOVE" || word == "PATH") {
    if (rest.empty()) return std::string(word) + " needs directions: N, E, S or W";
    if (word == "MOVE" && rest.size() != 1) return "MOVE takes one direction: N, E, S or W";
    if (rest.size() > limits::path_letters.max) {
      return "PATH takes at most " + std::to_string(limits::path_letters.max) + " directions";
    }
    for (const char c : rest) {
      const auto d = direction_from_letter(c);
      if (!d) return "directions are N, E, S and W (upper case), not '" + std::string(1, c) + "'";
      command.dirs.push_back(*d);
    }
    command.type = word == "MOVE" ? line_command::kind::move : line_command::kind::path;
    return command;
  }
  if (word == "PAINT") return parse_paint(rest);
  if (word == "LOG") {
    // A paint carrying only a line of the bot's log.
    if (auto problem = check(limits::paint_log, rest)) return "LOG: " + problem->message;
    command.type = line_command::kind::paint;
    command.log = rest;
    return command;
  }
  if (line.empty()) {
    return std::string("an empty line; commands are SENSE, MOVE d, PATH dirs, ABANDON, PAINT, LOG");
  }
  return "unknown command '" + std::string(word.substr(0, 20)) +
         "'; commands are SENSE, MOVE d, PATH dirs, ABANDON, PAINT, LOG";
}

std::string start_line(const drone_state& s) {
  return "START " + std::to_string(s.width.value_or(0)) + " " +
         std::to_string(s.height.value_or(0)) + " " + std::to_string(s.position.x) + " " +
         std::to_string(s.position.y) + " " + open_letters(s.open) + " " +
         std::to_string(s.max_steps.value_or(0)) + " " + std::to_string(s.treasures);
}

std::string state_line(const drone_state& s, std::string_view extra) {
  return "STATE " + std::to_string(s.position.x) + " " + std::to_string(s.position.y) + " " +
         open_letters(s.open) + " " + (s.treasure ? "1" : "0") + " " + std::to_string(s.steps) +
         " " + std::to_string(s.bumps) + " " + std::to_string(s.found) + " " +
         std::to_string(s.treasures) + " " + std::string(extra);
}

std::string painted_line(std::uint64_t marks) {
  return "PAINTED " + std::to_string(marks);
}

std::string end_line(const drone_state& s) {
  const run_result& r = *s.result;
  return "END " + std::string(to_string(r.status)) + " " + std::to_string(r.steps) + " " +
         std::to_string(r.bumps) + " " + std::to_string(r.score) + " " + std::to_string(r.optimal) +
         " " + std::to_string(r.found) + " " + std::to_string(r.treasures);
}

std::string error_line(std::string_view code, std::string_view sentence) {
  std::string line = "ERROR " + std::string(code) + " ";
  for (const char c : sentence)
    line += c == '\n' ? ' ' : c;
  return line;
}

}  // namespace ariadne::bridge
