#include "clients/sdk/server_url.hpp"

#include "bots/drone_error.hpp"

namespace ariadne {

server_url parse_server_url(const std::string& url, std::string_view schemes) {
  std::size_t skip = 0;
  for (std::string_view rest = schemes; !rest.empty();) {
    const auto bar = rest.find('|');
    const std::string_view scheme = rest.substr(0, bar);
    if (url.rfind(scheme, 0) == 0) {
      skip = scheme.size();
      break;
    }
    rest = bar == std::string_view::npos ? std::string_view{} : rest.substr(bar + 1);
  }
  if (skip == 0) {
    throw drone_error("'" + url + "' is not a " + std::string(schemes) +
                      " URL (for example ws://127.0.0.1:8080/ws)");
  }
  const std::string rest = url.substr(skip);
  const auto slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  server_url parsed;
  parsed.path = slash == std::string::npos ? "/ws" : rest.substr(slash);
  const auto colon = authority.rfind(':');
  parsed.host = colon == std::string::npos ? authority : authority.substr(0, colon);
  parsed.port = colon == std::string::npos ? "80" : authority.substr(colon + 1);
  if (parsed.host.empty() || parsed.port.empty()) throw drone_error("'" + url + "' names no host");
  return parsed;
}

std::string pages_url(const std::string& drone_url, std::string_view path) {
  const bool secure = drone_url.rfind("wss://", 0) == 0;
  const std::size_t start = drone_url.find("://");
  const std::string rest = start == std::string::npos ? drone_url : drone_url.substr(start + 3);
  return (secure ? "https://" : "http://") + rest.substr(0, rest.find('/')) + "/" +
         std::string(path);
}

}  // namespace ariadne
