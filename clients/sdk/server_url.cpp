#include "clients/sdk/server_url.hpp"

#include <boost/asio/ip/address.hpp>

#include "bots/drone_error.hpp"

namespace ariadne {

server_url parse_server_url(const std::string& url, std::string_view schemes) {
  std::size_t skip = 0;
  bool secure = false;
  for (std::string_view rest = schemes; !rest.empty();) {
    const auto bar = rest.find('|');
    const std::string_view scheme = rest.substr(0, bar);
    if (url.rfind(scheme, 0) == 0) {
      skip = scheme.size();
      break;
    }
    // ws:// allows wss://, http:// allows https://.
    const std::string tls_scheme = std::string(scheme.substr(0, scheme.find(':'))) + "s://";
    if (url.rfind(tls_scheme, 0) == 0) {
      skip = tls_scheme.size();
      secure = true;
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
  parsed.secure = secure;
  parsed.path = slash == std::string::npos ? "/ws" : rest.substr(slash);
  const std::string default_port = secure ? "443" : "80";
  if (!authority.empty() && authority.front() == '[') {
    // An IPv6 address ([::1]:8080) has colons of its own.
    const auto close = authority.find(']');
    const std::string after = close == std::string::npos ? ":" : authority.substr(close + 1);
    if (!after.empty() && after.front() != ':') throw drone_error("'" + url + "' names no host");
    parsed.host = authority.substr(1, close - 1);
    parsed.port = after.empty() ? default_port : after.substr(1);
  } else {
    const auto colon = authority.rfind(':');
    parsed.host = colon == std::string::npos ? authority : authority.substr(0, colon);
    parsed.port = colon == std::string::npos ? default_port : authority.substr(colon + 1);
  }
  if (parsed.host.empty() || parsed.port.empty()) throw drone_error("'" + url + "' names no host");
  return parsed;
}

bool loopback_host(const std::string& host) {
  if (host == "localhost") return true;
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(host, ec);
  return !ec && address.is_loopback();
}

std::string pages_url(const std::string& drone_url, std::string_view path) {
  const bool secure = drone_url.rfind("wss://", 0) == 0;
  const std::size_t start = drone_url.find("://");
  const std::string rest = start == std::string::npos ? drone_url : drone_url.substr(start + 3);
  return (secure ? "https://" : "http://") + rest.substr(0, rest.find('/')) + "/" +
         std::string(path);
}

}  // namespace ariadne
