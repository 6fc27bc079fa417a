#pragma once

#include <memory>
#include <string>

#include "server/net/beast.hpp"
#include "server/net/client_session.hpp"
#include "server/net/closable.hpp"
#include "server/net/reply_queue.hpp"
#include "server/net/server_context.hpp"

namespace ariadne {

// One drone client over WebSocket. Reads text frames, hands each to its
// client_session and writes the replies in order through a bounded queue:
// while too many replies wait for a slow reader, reading pauses. Binary
// frames and sustained rate abuse close with 1008, oversized messages with
// 1009 (Beast's read_message_max), a server stop with 1001.
class websocket_session : public std::enable_shared_from_this<websocket_session>, public closable {
 public:
  // Takes a connection slot already reserved with the server context.
  websocket_session(tcp::socket&& socket, std::shared_ptr<server_context> context);
  ~websocket_session() override;

  void run(http::request<http::string_body> request);
  void shutdown() override;

 private:
  void on_accept(error_code ec);
  void do_read();
  void on_read(error_code ec, std::size_t bytes);
  void do_write();
  void on_write(error_code ec, std::size_t bytes);
  // Closes once every queued reply is written.
  void close_after_writes(websocket::close_code code, std::string reason);
  void do_close();
  void on_close(error_code ec);
  void fail(error_code ec, const char* what);

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  std::shared_ptr<server_context> context_;
  std::string peer_;
  client_session session_;
  reply_queue queue_;
  bool writing_ = false;
  bool read_paused_ = false;
  bool closing_ = false;
  std::optional<websocket::close_reason> close_reason_;
  std::uint64_t registry_key_ = 0;
};

}  // namespace ariadne
