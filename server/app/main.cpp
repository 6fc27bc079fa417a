// ariadne-server: parse the configuration, load the mazes, serve until
// SIGINT (or SIGTERM after its drain), then close every connection and exit 0.
#include <malloc.h>
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>
#include <iostream>

#include "core/game/maze_catalog.hpp"
#include "server/app/server.hpp"
#include "server/app/server_config.hpp"

int main(int argc, char** argv) {
  using namespace ariadne;
  // Big set-ups (a million-cell maze takes a few MiB while it is built) go
  // straight back to the system: glibc's adaptive mmap threshold would
  // otherwise keep them on the heap, and the server's memory would creep up
  // with every costly start instead of staying flat.
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
  const parsed_config parsed = parse_server_config(argc, argv);
  if (!parsed.config) return parsed.exit_code;
  const server_config& config = *parsed.config;
  spdlog::set_level(spdlog::level::from_str(config.log_level));
  spdlog::set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%l%$ %v");
  try {
    maze_catalog catalog;
    if (!config.maze_dir.empty()) catalog = maze_catalog::load(config.maze_dir);
    server s(config, std::move(catalog));
    // Signals are awaited on their own context so that stop() can join the I/O threads.
    boost::asio::io_context signals_ioc;
    boost::asio::signal_set signals(signals_ioc, SIGINT, SIGTERM);
    bool shutting_down = false;
    // SIGTERM drains first (runs in play go on up to --drain-seconds, looked
    // at every 100 ms); SIGINT, or a second signal, stops at once.
    boost::asio::steady_timer drain_clock(signals_ioc);
    std::chrono::steady_clock::time_point drain_end;
    std::function<void()> watch_drain = [&] {
      if (s.drained() || std::chrono::steady_clock::now() >= drain_end) {
        shutting_down = true;
        return;
      }
      drain_clock.expires_after(std::chrono::milliseconds(100));
      drain_clock.async_wait([&](const boost::system::error_code& ec) {
        if (!ec) watch_drain();
      });
    };
    std::function<void()> await_signal = [&] {
      signals.async_wait([&](const boost::system::error_code& ec, int signal) {
        if (ec) return;
        if (signal == SIGTERM && config.drain_seconds > 0 && drain_end == decltype(drain_end){}) {
          spdlog::info("signal {} received: draining for up to {} s", signal, config.drain_seconds);
          drain_end = std::chrono::steady_clock::now() + std::chrono::seconds(config.drain_seconds);
          s.drain();
          watch_drain();
          await_signal();
          return;
        }
        spdlog::info("signal {} received: shutting down", signal);
        shutting_down = true;
      });
    };
    await_signal();
    // SIGHUP: read the certificate again (a renewal), as often as it comes.
    boost::asio::signal_set reloads(signals_ioc, SIGHUP);
    std::function<void()> await_reload = [&] {
      reloads.async_wait([&](const boost::system::error_code& ec, int) {
        if (ec) return;
        s.reload_certificates();
        await_reload();
      });
    };
    await_reload();
    s.start();
    if (!config.port_file.empty()) {
      std::ofstream(config.port_file) << s.port() << "\n";
    }
    // Reloads as they come, until the shutdown signal.
    while (!shutting_down && signals_ioc.run_one() != 0) {
    }
    reloads.cancel();
    drain_clock.cancel();
    signals.cancel();
    s.stop();
  } catch (const std::exception& e) {
    std::cerr << "ariadne-server: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
