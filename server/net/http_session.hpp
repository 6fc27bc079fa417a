#pragma once

#include <memory>
#include <optional>

#include "server/net/beast.hpp"
#include "server/net/closable.hpp"
#include "server/app/server_context.hpp"

namespace ariadne {

// Reads HTTP requests on one connection: answers the plain ones (health,
// metrics, API) and hands a WebSocket upgrade to a websocket_session with the
// handler its route makes (server_context::routes()).
class http_session : public std::enable_shared_from_this<http_session>, public closable {
 public:
  // slot: the connection's place in the budgets; a refused connection's
  // request is answered 503.
  http_session(tcp::socket&& socket, std::shared_ptr<server_context> context, connection_slot slot);
  ~http_session() override;

  void run();
  void shutdown() override;

 private:
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void upgrade(std::string_view target);
  // GET /api/replays/{run}: built on the job pool (read back from the store
  // first for a ranked run no longer in memory).
  void replay(std::uint64_t run, std::string_view target, bool keep_alive, bool head);
  // GET /api/baseline: answered from the job pool.
  void baseline(std::string_view target, bool keep_alive, bool head);
  void send(http::status status, std::string content_type, std::string body, bool keep_alive,
            const std::vector<std::pair<std::string, std::string>>& headers = {});
  void on_write(bool keep_alive, error_code ec, std::size_t bytes);
  void do_close();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::shared_ptr<server_context> context_;
  connection_slot slot_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<http::response<http::string_body>> response_;
  std::uint64_t registry_key_ = 0;
};

}  // namespace ariadne
