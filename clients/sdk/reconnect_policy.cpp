#include "clients/sdk/reconnect_policy.hpp"

#include <CLI/CLI.hpp>

namespace ariadne {

void add_reconnect_options(CLI::App& app, reconnect_policy& policy) {
  app.add_flag_callback(
      "--no-reconnect", [&policy] { policy.enabled = false; },
      "Stop at a lost connection instead of connecting again (by default a lost connection is "
      "tried again up to 8 times, over about 20 s, and a ranked run in play comes back with it)");
}

}  // namespace ariadne
