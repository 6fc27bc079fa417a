#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.hpp"

namespace ariadne::bridge {

// How a program's last run went, beside its result.
struct program_run {
  std::uint64_t refused_lines = 0;
  bool ended_by_bot = true;  // false: it left (or fell silent) before its run ended
  std::string why_left;      // then why, in words
  std::string exit;          // how the program ended: "exit status 0", "signal 9"...
};

// A bot that is a program in any language: each run starts the program and
// relays its line-protocol commands (PROTOCOL.md, "The stdin/stdout bridge")
// to the drone, in-process or on a server alike. ariadne-pipe plays one this
// way, and ariadne-bot --program measures one beside the bundled bots.
class program_bot : public bot {
 public:
  // patience: how long the program may take over one command before its
  // run is abandoned.
  program_bot(std::string name, std::vector<std::string> command,
              std::chrono::milliseconds patience = std::chrono::seconds(60));
  std::string_view name() const override { return name_; }
  // Throws std::runtime_error when the program cannot be started.
  void play(drone& d) override;
  const program_run& last_run() const { return last_; }

 private:
  std::string name_;
  std::vector<std::string> command_;
  std::chrono::milliseconds patience_;
  program_run last_;
};

// What a command line's program is called in tables: the first word after
// the interpreter that names a file ("python3 my_bot.py --fast" gives
// my_bot.py, "./dfs_bot" dfs_bot).
std::string program_name(const std::vector<std::string>& command);

}  // namespace ariadne::bridge
