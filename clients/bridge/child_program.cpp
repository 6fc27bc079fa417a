#include "clients/bridge/child_program.hpp"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <thread>

extern char** environ;

namespace ariadne::bridge {

namespace {

constexpr const char* line_protocol_variable = "ARIADNE_LINE_PROTOCOL=1";

}  // namespace

bool runnable(const std::string& program) {
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/bin:/bin";
  while (!dirs.empty()) {
    const auto colon = dirs.find(':');
    const std::string dir(dirs.substr(0, colon));
    if (access(((dir.empty() ? "." : dir) + "/" + program).c_str(), X_OK) == 0) return true;
    dirs = colon == std::string_view::npos ? std::string_view{} : dirs.substr(colon + 1);
  }
  return false;
}

child_program::child_program(const std::vector<std::string>& command) {
  if (command.empty()) throw std::runtime_error("no program to start");
  int to_child[2];
  int from_child[2];
  if (pipe(to_child) != 0) throw std::runtime_error("pipe failed");
  if (pipe(from_child) != 0) {
    close(to_child[0]);
    close(to_child[1]);
    throw std::runtime_error("pipe failed");
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  for (const int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) {
    posix_spawn_file_actions_addclose(&actions, fd);
  }
  std::vector<char*> argv;
  for (const auto& arg : command)
    argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> env;
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::strncmp(*e, "ARIADNE_LINE_PROTOCOL=", 22) != 0) env.push_back(*e);
  }
  env.push_back(const_cast<char*>(line_protocol_variable));
  env.push_back(nullptr);
  const int rc = posix_spawnp(&pid_, argv[0], &actions, nullptr, argv.data(), env.data());
  posix_spawn_file_actions_destroy(&actions);
  close(to_child[0]);
  close(from_child[1]);
  if (rc != 0) {
    close(to_child[1]);
    close(from_child[0]);
    pid_ = -1;
    throw std::runtime_error("cannot start " + command[0] + ": " + std::strerror(rc));
  }
  in_ = to_child[1];
  out_ = from_child[0];
}

child_program::~child_program() {
  close_input();
  if (out_ >= 0) close(out_);
  if (pid_ > 0) finish(std::chrono::seconds(5));
}

std::optional<std::string> child_program::read_line(std::chrono::milliseconds patience) {
  const auto deadline = std::chrono::steady_clock::now() + patience;
  bool overlong = false;
  for (;;) {
    const auto newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (overlong || line.size() > max_line) {
        why_ = silence::too_long;
        return std::nullopt;
      }
      return line;
    }
    if (buffer_.size() > max_line) {
      // Past the bound: keep nothing, and refuse the line once it ends.
      overlong = true;
      buffer_.clear();
    }
    if (eof_) {
      why_ = silence::closed;
      return std::nullopt;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    pollfd p{out_, POLLIN, 0};
    const int ready = left.count() <= 0 ? 0 : poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) {
      why_ = silence::timed_out;
      return std::nullopt;
    }
    char chunk[4096];
    const ssize_t n = ready < 0 ? -1 : read(out_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

bool child_program::write_line(const std::string& line) {
  if (in_ < 0) return false;
  const std::string text = line + "\n";
  // SIGPIPE blocked in this thread while writing, and the one a program gone
  // raises taken back: the write fails with EPIPE instead.
  sigset_t pipe_signal;
  sigset_t before;
  sigemptyset(&pipe_signal);
  sigaddset(&pipe_signal, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_signal, &before);
  std::size_t sent = 0;
  bool ok = true;
  while (ok && sent < text.size()) {
    const ssize_t n = write(in_, text.data() + sent, text.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (errno == EPIPE) {
        const timespec now{0, 0};
        sigtimedwait(&pipe_signal, nullptr, &now);
      }
      ok = false;
    } else {
      sent += static_cast<std::size_t>(n);
    }
  }
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  return ok;
}

void child_program::close_input() {
  if (in_ >= 0) close(in_);
  in_ = -1;
}

std::string child_program::finish(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return "gone";
  const auto deadline = std::chrono::steady_clock::now() + grace;
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) break;
    if (done < 0) {
      pid_ = -1;
      return "gone";
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
      pid_ = -1;
      return "killed after " +
             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(grace).count()) + " s";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  pid_ = -1;
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

}  // namespace ariadne::bridge
