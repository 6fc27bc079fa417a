#pragma once

#include <memory>
#include <optional>

#include "server/net/beast.hpp"
#include "server/net/closable.hpp"
#include "server/net/connection_slot.hpp"
#include "server/net/http_answer.hpp"
#include "server/net/transport_context.hpp"
#include "tls/maybe_tls_stream.hpp"

namespace ariadne {

// Reads HTTP requests on one connection: hands a plain one to its route
// (transport_context::http()) and writes the answer, now or when the route
// replies; hands a WebSocket upgrade to a websocket_session with the handler
// its route makes (transport_context::websockets()). With a certificate it
// first tells TLS from plain by the first bytes and makes the TLS handshake,
// all within the deadline a request has. On a trusted proxy's connection
// the client is the one X-Forwarded-For names.
class http_session : public std::enable_shared_from_this<http_session>, public closable {
 public:
  // slot: the connection's place in the budgets; a refused connection's
  // request is answered 503. from_proxy: the peer is a trusted proxy.
  http_session(tcp::socket&& socket, std::shared_ptr<transport_context> context,
               connection_slot slot, bool from_proxy);
  ~http_session() override;

  void run();
  void shutdown() override;

 private:
  void on_detect(error_code ec, bool tls);
  void on_handshake(error_code ec, std::size_t used);
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void upgrade(std::string_view target);
  // Writes answer; for a HEAD request, its headers only.
  void send(http_answer answer, bool keep_alive, bool head = false);
  void on_write(bool keep_alive, error_code ec, std::size_t bytes);
  // Ends the connection (a TLS one with its close_notify first).
  void do_close();
  void close_socket();
  // Who sent the request: the peer, or the client a trusted proxy names;
  // the address its budgets count under, and as the log shows it.
  std::string client_address() const;
  std::string client_text() const;
  std::string_view forwarded_for() const;

  maybe_tls_stream stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<transport_context> context_;
  connection_slot slot_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::string_body>> response_;
  std::shared_ptr<const void> hold_;  // the answer's, until it is written
  std::uint64_t registry_key_ = 0;
  bool from_proxy_ = false;
  bool plain_refused_ = false;  // plain HTTP on a TLS-only server: answer 400
  bool closing_ = false;
};

}  // namespace ariadne
