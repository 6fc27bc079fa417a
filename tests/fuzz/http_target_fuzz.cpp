// libFuzzer target: HTTP routing. The first line of the input is the method,
// the rest the request target; route_http answers every one of them (a status
// a browser knows, never a crash), the server's route tables look it up, and
// the replay route reads its run number.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string_view>

#include "server/app/api_routes.hpp"
#include "server/app/replay_route.hpp"
#include "server/app/routes.hpp"
#include "server/app/server_context.hpp"
#include "server/net/transport_context.hpp"

namespace {

using namespace ariadne;

server_context& context() {
  static server_context shared = [] {
    server_config config;
    config.start_workers = 1;
    return server_context(config, maze_catalog{});
  }();
  return shared;
}

// The server's route tables, as add_routes fills them (no socket is opened).
transport_context& transport() {
  static transport_context shared(transport_config{}, "fuzz");
  static const bool routed = (add_routes(context(), shared), true);
  (void)routed;
  return shared;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto newline = text.find('\n');
  const std::string_view method = text.substr(0, newline);
  const std::string_view target =
      newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
  const http_answer answer = route_http(context(), method, target);
  if (answer.status < 200 || answer.status > 599) std::abort();
  (void)transport().websockets().find(target);
  if (transport().http().route(target) == nullptr) std::abort();  // the fallback takes the rest
  (void)replay_target(target);
  return 0;
}
