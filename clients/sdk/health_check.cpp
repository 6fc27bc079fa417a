#include "clients/sdk/health_check.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "bots/drone_error.hpp"
#include "clients/sdk/blocking_call.hpp"
#include "clients/sdk/secure_connection.hpp"
#include "clients/sdk/server_url.hpp"

namespace ariadne {

std::optional<std::string> check_health(const std::string& url, std::chrono::milliseconds timeout,
                                        std::shared_ptr<boost::asio::ssl::context> tls) {
  namespace beast = boost::beast;
  namespace http = beast::http;
  namespace net = boost::asio;
  try {
    const server_url where = parse_server_url(url, "ws://|http://");
    if (where.secure && !tls) tls = client_context_for(where, {});
    net::io_context ioc;
    maybe_tls_stream stream(beast::tcp_stream(ioc), where.secure ? std::move(tls) : nullptr);
    net::ip::tcp::resolver resolver(ioc);
    net::ip::tcp::resolver::results_type addresses;
    auto ec = blocking_call(ioc, [&](auto handler) {
      resolver.async_resolve(where.host, where.port,
                             [&, handler](beast::error_code e, auto results) mutable {
                               addresses = results;
                               handler(e);
                             });
    });
    if (ec) return "cannot resolve " + where.host + ": " + ec.message();
    // One deadline for the whole exchange: a server that accepts and never
    // answers fails the check instead of hanging it.
    stream.next_layer().expires_after(timeout);
    ec = blocking_call(
        ioc, [&](auto handler) { stream.next_layer().async_connect(addresses, handler); });
    if (ec) return ec.message();
    ec = blocking_call(ioc,
                       [&](auto handler) { async_client_handshake(stream, where.host, handler); });
    if (ec == beast::error::timeout) {
      return "no TLS handshake within " + std::to_string(timeout.count()) + " ms";
    }
    if (ec) return describe_tls_failure(stream, ec);
    http::request<http::empty_body> request(http::verb::get, "/healthz", 11);
    request.set(http::field::host, where.host);
    ec = blocking_call(ioc, [&](auto handler) { http::async_write(stream, request, handler); });
    if (ec) return ec.message();
    beast::flat_buffer buffer;
    http::response<http::string_body> response;
    ec = blocking_call(ioc,
                       [&](auto handler) { http::async_read(stream, buffer, response, handler); });
    if (ec == beast::error::timeout) {
      return "no answer within " + std::to_string(timeout.count()) + " ms";
    }
    if (ec) return ec.message();
    if (response.result() != http::status::ok) {
      return "GET /healthz answered " + std::to_string(response.result_int());
    }
    return std::nullopt;
  } catch (const drone_error& e) {
    return e.what();
  }
}

}  // namespace ariadne
