#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace ariadne::bridge {

// Whether a program can be started: a path to an executable file, or a name
// found so on the PATH.
bool runnable(const std::string& program);

// A bot's program, its stdin and stdout on pipes, its stderr passed through.
// It is told it speaks the line protocol: ARIADNE_LINE_PROTOCOL=1 in its
// environment (the kits read it). A program gone makes write_line false; it
// never ends this process with SIGPIPE.
class child_program {
 public:
  // Starts the command (its first word looked up on the PATH); throws
  // std::runtime_error when it cannot be started.
  explicit child_program(const std::vector<std::string>& command);
  ~child_program();
  child_program(const child_program&) = delete;
  child_program& operator=(const child_program&) = delete;

  // What read_line saw instead of a line.
  enum class silence { closed, timed_out, too_long };
  // One line from the program (without its newline), waiting at most
  // `patience`; a line longer than max_line is read to its end and refused.
  std::optional<std::string> read_line(std::chrono::milliseconds patience);
  silence why_no_line() const { return why_; }
  // False when the program no longer reads.
  bool write_line(const std::string& line);
  void close_input();
  // Waits for the program to exit (killing it after `grace`); its exit
  // status as text.
  std::string finish(std::chrono::milliseconds grace);

  static constexpr std::size_t max_line = 64 * 1024;

 private:
  pid_t pid_ = -1;
  int in_ = -1;   // the program's stdin
  int out_ = -1;  // the program's stdout
  std::string buffer_;
  bool eof_ = false;
  silence why_ = silence::closed;
};

}  // namespace ariadne::bridge
