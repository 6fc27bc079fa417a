#include "clients/bridge/program_bot.hpp"

#include <utility>

#include "bots/drone_error.hpp"
#include "clients/bridge/child_program.hpp"
#include "clients/bridge/line_protocol.hpp"

namespace ariadne::bridge {

namespace {

// "60 s", "0.2 s".
std::string seconds_text(std::chrono::milliseconds t) {
  const auto tenths = t.count() / 100;
  return std::to_string(tenths / 10) + (tenths % 10 != 0 ? "." + std::to_string(tenths % 10) : "") +
         " s";
}

}  // namespace

program_bot::program_bot(std::string name, std::vector<std::string> command,
                         std::chrono::milliseconds patience)
    : name_(std::move(name)), command_(std::move(command)), patience_(patience) {}

void program_bot::play(drone& d) {
  last_ = program_run{};
  child_program program(command_);
  program.write_line(start_line(d.state()));
  while (!d.finished()) {
    const auto line = program.read_line(patience_);
    if (!line) {
      if (program.why_no_line() == child_program::silence::too_long) {
        ++last_.refused_lines;
        program.write_line(
            error_line("bad_line",
                       "a line longer than " + std::to_string(child_program::max_line) + " bytes"));
        continue;
      }
      last_.ended_by_bot = false;
      last_.why_left = program.why_no_line() == child_program::silence::timed_out
                           ? "wrote nothing for " + seconds_text(patience_)
                           : "closed its output";
      d.abandon();
      break;
    }
    const auto parsed = parse_line(*line);
    if (const auto* problem = std::get_if<std::string>(&parsed)) {
      ++last_.refused_lines;
      program.write_line(error_line("bad_line", *problem));
      continue;
    }
    const auto& command = std::get<line_command>(parsed);
    std::string extra = "-";
    try {
      switch (command.type) {
        case line_command::kind::sense:
          d.sense();
          break;
        case line_command::kind::move:
          extra = d.move(command.dirs.front()) ? "1" : "0";
          break;
        case line_command::kind::path:
          extra = std::to_string(d.path(command.dirs));
          break;
        case line_command::kind::abandon:
          d.abandon();
          break;
        case line_command::kind::paint: {
          protocol::paint_message paint;
          paint.clear = command.clear;
          paint.cells = command.marks;
          paint.log = command.log;
          program.write_line(painted_line(d.paint(paint)));
          continue;  // its answer is PAINTED, not a state
        }
      }
    } catch (const drone_error& e) {
      if (!e.code()) throw;  // the connection is gone
      ++last_.refused_lines;
      program.write_line(error_line(to_string(*e.code()), e.what()));
      continue;
    }
    if (!d.finished()) program.write_line(state_line(d.state(), extra));
  }
  program.write_line(end_line(d.state()));
  program.close_input();
  last_.exit = program.finish(std::chrono::seconds(5));
}

std::string program_name(const std::vector<std::string>& command) {
  auto base = [](const std::string& word) { return word.substr(word.rfind('/') + 1); };
  if (command.empty()) return "program";
  for (std::size_t k = 1; k < command.size(); ++k) {
    const std::string& word = command[k];
    if (!word.empty() && word.front() != '-' && word.find_first_of("./") != std::string::npos) {
      return base(word);
    }
  }
  return base(command.front());
}

}  // namespace ariadne::bridge
