#include "tls/tls_stream.hpp"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <string>
#include <vector>

#include "tests/support/test_certificate.hpp"
#include "tls/client_tls.hpp"

namespace ariadne {
namespace {

namespace net = boost::asio;
using tcp = net::ip::tcp;
using error_code = boost::beast::error_code;

// A connected pair over loopback, both ends TLS after their handshakes.
struct tls_pair {
  net::io_context ioc;
  std::shared_ptr<net::ssl::context> client_context =
      make_client_context(client_tls_options{{}, true});
  std::unique_ptr<tls_stream> server;
  std::unique_ptr<tls_stream> client;

  tls_pair() {
    tcp::acceptor acceptor(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0));
    boost::beast::tcp_stream near(ioc);
    near.connect(acceptor.local_endpoint());
    boost::beast::tcp_stream far(acceptor.accept());
    client = std::make_unique<tls_stream>(std::move(near), *client_context);
    server = std::make_unique<tls_stream>(std::move(far), *test::test_server_context());
    error_code server_ec = net::error::would_block;
    error_code client_ec = net::error::would_block;
    server->async_handshake(net::ssl::stream_base::server, [&](error_code ec) { server_ec = ec; });
    client->async_handshake(net::ssl::stream_base::client, [&](error_code ec) { client_ec = ec; });
    ioc.run();
    ioc.restart();
    EXPECT_FALSE(server_ec) << server_ec.message();
    EXPECT_FALSE(client_ec) << client_ec.message();
  }
};

std::string pattern(std::size_t size, char seed) {
  std::string text(size, '\0');
  for (std::size_t i = 0; i < size; ++i)
    text[i] = static_cast<char>(seed + static_cast<char>(i * 7 % 251));
  return text;
}

TEST(tls_stream, both_ways_at_once_every_byte_in_order) {
  tls_pair pair;
  // Several buffers to one write (a WebSocket frame is a header and a
  // payload), small and past the 4 KB a write joins, and the other way at
  // the same time.
  const std::string head = pattern(3, 'a');
  const std::string body = pattern(300'000, 'b');
  const std::string back = pattern(70'000, 'c');
  std::vector<net::const_buffer> out{net::buffer(head), net::buffer(body)};
  std::string got(head.size() + body.size(), '\0');
  std::string got_back(back.size(), '\0');
  int done = 0;
  net::async_write(*pair.client, out, [&](error_code ec, std::size_t) {
    EXPECT_FALSE(ec) << ec.message();
    ++done;
  });
  net::async_read(*pair.server, net::buffer(got), [&](error_code ec, std::size_t) {
    EXPECT_FALSE(ec) << ec.message();
    ++done;
  });
  net::async_write(*pair.server, net::buffer(back), [&](error_code ec, std::size_t) {
    EXPECT_FALSE(ec) << ec.message();
    ++done;
  });
  net::async_read(*pair.client, net::buffer(got_back), [&](error_code ec, std::size_t) {
    EXPECT_FALSE(ec) << ec.message();
    ++done;
  });
  pair.ioc.run();
  EXPECT_EQ(done, 4);
  EXPECT_EQ(got, head + body);
  EXPECT_EQ(got_back, back);
}

TEST(tls_stream, a_shutdown_reads_as_the_end_and_an_abrupt_close_as_truncated) {
  tls_pair pair;
  error_code read_ec;
  char byte = 0;
  pair.server->async_read_some(net::buffer(&byte, 1),
                               [&](error_code ec, std::size_t) { read_ec = ec; });
  pair.client->async_shutdown([](error_code ec) { EXPECT_FALSE(ec) << ec.message(); });
  pair.ioc.run();
  EXPECT_EQ(read_ec, net::error::eof) << read_ec.message();

  tls_pair other;
  other.server->async_read_some(net::buffer(&byte, 1),
                                [&](error_code ec, std::size_t) { read_ec = ec; });
  // A FIN without close_notify (a close would reset: the client holds the
  // server's unread session tickets).
  error_code ignored;
  other.client->next_layer().socket().shutdown(tcp::socket::shutdown_send, ignored);
  other.ioc.run();
  EXPECT_EQ(read_ec, net::ssl::error::stream_truncated) << read_ec.message();
}

// TLS 1.3 key updates asking for one back are no WebSocket messages: no
// rate limit sees them, each costs the server a key derivation and an answer
// the peer need not read. Past the budget the read fails, the flood's answers
// held are a few, and the rest of the flood is never worked through.
TEST(tls_stream, a_flood_of_key_updates_ends_the_connection) {
  tls_pair pair;
  SSL* client = pair.client->native_handle();
  for (int i = 0; i < 5000; ++i) {
    ASSERT_EQ(SSL_key_update(client, SSL_KEY_UPDATE_REQUESTED), 1);
    ASSERT_EQ(SSL_do_handshake(client), 1);  // writes the record into the client's core
  }
  pair.client->core_of().flush();
  error_code read_ec;
  char byte = 0;
  pair.server->async_read_some(net::buffer(&byte, 1),
                               [&](error_code ec, std::size_t) { read_ec = ec; });
  pair.ioc.run();
  EXPECT_EQ(read_ec, net::error::connection_aborted) << read_ec.message();
  const auto& server = pair.server->core_of();
  EXPECT_EQ(server.post_handshake, tls_stream::core::most_post_handshake + 1);
  EXPECT_LT(server.out.size() + server.sending.size(),
            100U * tls_stream::core::most_post_handshake);
}

TEST(tls_stream, an_operation_never_completes_inside_its_own_call) {
  tls_pair pair;
  bool inside = true;
  bool completed_inside = false;
  // Data already decrypted and waiting: the read could end at once, and must not.
  const std::string two = "xy";
  net::async_write(*pair.client, net::buffer(two), [](error_code, std::size_t) {});
  pair.ioc.run();
  pair.ioc.restart();
  char one = 0;
  pair.server->async_read_some(net::buffer(&one, 1), [&](error_code, std::size_t) {});
  pair.ioc.run();
  pair.ioc.restart();
  pair.server->async_read_some(net::buffer(&one, 1), [&](error_code ec, std::size_t n) {
    completed_inside = inside;
    EXPECT_FALSE(ec);
    EXPECT_EQ(n, 1U);
  });
  inside = false;
  pair.ioc.run();
  EXPECT_FALSE(completed_inside);
}

}  // namespace
}  // namespace ariadne
