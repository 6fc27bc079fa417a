#pragma once

#include <chrono>
#include <random>
#include <string>

namespace CLI {
class App;
}

namespace ariadne {

// What a remote drone does when its connection is lost in a way a new one
// may mend (the server gone, restarting or draining: 1001, 1011, 1012,
// 1013, a reset, a timeout): it connects again and says hello again with
// the same token, up to `tries` times, waiting first `first`, then twice
// as long each time up to `longest`, each wait between half of it and all
// of it (jitter: a crowd of drones cut off at once does not come back at
// once). Never after 1008 (replaced, token withdrawn) or a 1000.
struct reconnect_policy {
  bool enabled = true;
  unsigned tries = 8;
  std::chrono::milliseconds first{250};
  std::chrono::milliseconds longest{4000};

  // The longest the mending of one lost connection may take when every new
  // connection waits out `timeout` three times (its handshake, hello, then
  // the request again) and every wait is drawn in full: what a server that
  // stopped answering costs, after the request that found it out.
  std::chrono::milliseconds worst_case(std::chrono::milliseconds timeout) const;
  // The wait before try k (from 0) in full: `first` doubled k times up to
  // `longest`; wait() draws it between half of that and all of it.
  std::chrono::milliseconds full_wait(unsigned k) const;
  std::chrono::milliseconds wait(unsigned k, std::mt19937_64& random) const;
  // This policy with as many tries as fit in `total` by worst_case (none:
  // not enabled).
  reconnect_policy within(std::chrono::milliseconds total, std::chrono::milliseconds timeout) const;
};

// --no-reconnect on a client program's command line (help: its own words
// for a program whose policy is not the default one).
void add_reconnect_options(CLI::App& app, reconnect_policy& policy, const std::string& help = {});

}  // namespace ariadne
