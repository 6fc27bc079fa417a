#pragma once

#include <string>
#include <string_view>

namespace ariadne {

struct server_url {
  std::string host;
  std::string port;
  std::string path;
  bool secure = false;  // wss:// or https://
};

// Splits "SCHEME//HOST[:PORT][/PATH]"; the scheme must be one of `schemes`
// (e.g. "ws://" or "ws://|http://"), and where ws:// or http:// is allowed,
// so is wss:// or https://. The path defaults to /ws, the port to 80 (443
// with TLS). Throws drone_error when url does not fit.
server_url parse_server_url(const std::string& url, std::string_view schemes);

// Is host this machine (localhost, 127.x.y.z, ::1)? A token sent there in
// clear crosses no network.
bool loopback_host(const std::string& host);

// The pages of the server a drone URL names: ws://HOST:PORT/... gives
// http://HOST:PORT/ (wss:// gives https://), then `path` ("watch/7").
std::string pages_url(const std::string& drone_url, std::string_view path = {});

}  // namespace ariadne
