// libFuzzer target: the first bytes of a connection, as a server with a
// certificate reads them, over a real loopback connection. Beast's detection
// (a TLS ClientHello or not) on the bytes, then, as http_session does, our
// TLS stream's handshake (tls_stream, with the server's own context from
// server_certificates::load: TLS 1.2 and 1.3, ALPN http/1.1, no
// renegotiation) fed what detection read, or the HTTP request parser; and
// the X-Forwarded-For reader on the same bytes. Nothing may crash or hang,
// the verdict must be TLS exactly when the first byte is a handshake
// record's (0x16), and a handshake may not succeed on bytes no client
// answered.
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/detect_ssl.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "server/net/forwarded_for.hpp"
#include "tests/support/test_certificate.hpp"
#include "tls/tls_stream.hpp"

namespace {

namespace beast = boost::beast;
namespace net = boost::asio;
using tcp = net::ip::tcp;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static net::io_context ioc;
  static tcp::acceptor acceptor(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // libFuzzer's timer signal may interrupt a blocking call: try it again,
  // on a new socket for a connect, and accept until this client's own.
  tcp::socket client(ioc);
  beast::error_code ec;
  while (client.connect(acceptor.local_endpoint(), ec), ec == net::error::interrupted)
    client = tcp::socket(ioc);
  if (ec) std::abort();
  tcp::socket accepted(ioc);
  for (;;) {
    accepted = tcp::socket(ioc);
    acceptor.accept(accepted, ec);
    if (ec == net::error::interrupted) continue;
    if (ec) std::abort();
    if (accepted.remote_endpoint(ec) == client.local_endpoint()) break;
  }
  beast::tcp_stream server(std::move(accepted));
  beast::error_code ignored;
  net::write(client, net::buffer(bytes), ignored);
  client.shutdown(tcp::socket::shutdown_send, ignored);  // then the end of the stream
  server.expires_after(std::chrono::seconds(5));

  beast::flat_buffer buffer;
  bool detected = false;
  bool tls = false;
  beast::async_detect_ssl(server, buffer, [&](beast::error_code ec, bool is_tls) {
    detected = !ec;
    tls = is_tls;
  });
  ioc.restart();
  ioc.run();
  // Detection needs a byte: on one, the verdict is TLS exactly when it is 0x16
  // (the rest of a record header may still say no).
  if (detected && tls && (size == 0 || data[0] != 0x16)) std::abort();

  ioc.restart();
  if (detected && tls) {
    ariadne::tls_stream secure(std::move(server), *ariadne::test::test_server_context());
    bool shook = false;
    secure.async_handshake(net::ssl::stream_base::server, buffer.data(),
                           [&](beast::error_code ec, std::size_t) { shook = !ec; });
    ioc.run();
    // No client ever answered the server's flight: a full handshake cannot end.
    if (shook) std::abort();
  } else if (detected) {
    beast::http::request_parser<beast::http::string_body> parser;
    parser.body_limit(8192);
    beast::http::async_read(server, buffer, parser, [](beast::error_code, std::size_t) {});
    ioc.run();
  }
  (void)ariadne::forwarded_client(bytes.substr(0, 256));
  return 0;
}
