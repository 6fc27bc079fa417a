#include "clients/sdk/reconnect_policy.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>

namespace ariadne {

std::chrono::milliseconds reconnect_policy::worst_case(std::chrono::milliseconds timeout) const {
  if (!enabled) return std::chrono::milliseconds(0);
  std::chrono::milliseconds total(0);
  for (unsigned k = 0; k < tries; ++k)
    total += full_wait(k) + 3 * timeout;
  return total;
}

std::chrono::milliseconds reconnect_policy::full_wait(unsigned k) const {
  auto full = first;
  for (unsigned i = 0; i < k && full < longest; ++i)
    full = std::min(full * 2, longest);
  return full;
}

std::chrono::milliseconds reconnect_policy::wait(unsigned k, std::mt19937_64& random) const {
  const auto full = full_wait(k);
  std::uniform_int_distribution<std::int64_t> jitter(0, full.count() / 2);
  return full - std::chrono::milliseconds(jitter(random));
}

reconnect_policy reconnect_policy::within(std::chrono::milliseconds total,
                                          std::chrono::milliseconds timeout) const {
  reconnect_policy fitted = *this;
  while (fitted.tries > 0 && fitted.worst_case(timeout) > total)
    --fitted.tries;
  // No try fits: the loss is said at once (not as "0 new connections failed").
  if (fitted.tries == 0) fitted.enabled = false;
  return fitted;
}

void add_reconnect_options(CLI::App& app, reconnect_policy& policy, const std::string& help) {
  app.add_flag_callback(
      "--no-reconnect", [&policy] { policy.enabled = false; },
      help.empty() ? "Stop at a lost connection instead of connecting again (by default a lost "
                     "connection, or a first one the server answers busy for now, is tried again "
                     "up to 8 times, over about 20 s, and a ranked run in play comes back with it)"
                   : help);
}

}  // namespace ariadne
