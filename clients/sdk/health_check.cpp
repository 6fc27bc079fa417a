#include "clients/sdk/health_check.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "clients/sdk/drone_error.hpp"
#include "clients/sdk/server_url.hpp"

namespace ariadne {

std::optional<std::string> check_health(const std::string& url) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  namespace net = boost::asio;
  try {
    const server_url where = parse_server_url(url, "ws://|http://");
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(3));
    net::ip::tcp::resolver resolver(ioc);
    stream.connect(resolver.resolve(where.host, where.port));
    http::request<http::empty_body> request(http::verb::get, "/healthz", 11);
    request.set(http::field::host, where.host);
    http::write(stream, request);
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    if (response.result() != http::status::ok) {
      return "GET /healthz answered " + std::to_string(response.result_int());
    }
    return std::nullopt;
  } catch (const drone_error& e) {
    return e.what();
  } catch (const beast::system_error& e) {
    return e.code().message();
  }
}

}  // namespace ariadne
