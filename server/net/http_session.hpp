#pragma once

#include <memory>
#include <optional>

#include "server/net/beast.hpp"
#include "server/net/closable.hpp"
#include "server/net/connection_slot.hpp"
#include "server/net/http_answer.hpp"
#include "server/net/transport_context.hpp"

namespace ariadne {

// Reads HTTP requests on one connection: hands a plain one to its route
// (transport_context::http()) and writes the answer, now or when the route
// replies; hands a WebSocket upgrade to a websocket_session with the handler
// its route makes (transport_context::websockets()).
class http_session : public std::enable_shared_from_this<http_session>, public closable {
 public:
  // slot: the connection's place in the budgets; a refused connection's
  // request is answered 503.
  http_session(tcp::socket&& socket, std::shared_ptr<transport_context> context,
               connection_slot slot);
  ~http_session() override;

  void run();
  void shutdown() override;

 private:
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void upgrade(std::string_view target);
  // Writes answer; for a HEAD request, its headers only.
  void send(http_answer answer, bool keep_alive, bool head = false);
  void on_write(bool keep_alive, error_code ec, std::size_t bytes);
  void do_close();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<transport_context> context_;
  connection_slot slot_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::string_body>> response_;
  std::shared_ptr<const void> hold_;  // the answer's, until it is written
  std::uint64_t registry_key_ = 0;
};

}  // namespace ariadne
