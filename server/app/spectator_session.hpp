#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/host/memory_budget.hpp"
#include "server/live/run_feed.hpp"
#include "server/net/websocket_handler.hpp"
#include "server/net/websocket_routes.hpp"
#include "server/replay/spectator_view.hpp"

namespace ariadne {

class server_context;
struct server_config;

// A spectator on /spectate/{run}: sends what its spectator_view makes of the
// run, one batch at most every flush_interval, and reads nothing: any frame
// closes the connection with 1008. The view is built on the job pool when its
// maze is big, never on the I/O thread. A spectator that stops reading is
// dropped by its websocket_session once its queue fills; the player never
// waits for it.
// The route of /spectate/{run}[?from=SEQ]: a spectator_session, or the HTTP
// answer that refuses the upgrade (404 for an unknown run, 400 for a bad
// query, 503 at the spectator limits).
websocket_admission open_spectator(server_context& context, const connection_info& who);

// The memory a spectator of the run may take, claimed from the memory
// budget for its whole stream: its copy of the maze, the run played again,
// and the moves it has still to send (2 bytes each in the stream's JSON).
std::uint64_t spectator_bytes(const run_feed& feed, const server_config& config);

class spectator_session : public websocket_handler {
 public:
  static constexpr auto flush_interval = std::chrono::milliseconds(50);
  static constexpr std::size_t max_batch_letters = 1U << 15U;
  // A spectator with this many messages unwritten gets no more until it
  // reads (its next batch is bigger: nothing is lost); one that stays
  // stalled for stall_limit is dropped.
  static constexpr std::size_t max_backlog = 4;
  static constexpr auto stall_limit = std::chrono::seconds(5);

  // Holds one admission of context.spectators() and its memory, released
  // when it ends.
  spectator_session(server_context& context, std::shared_ptr<run_feed> feed, std::uint64_t from,
                    std::string address, memory_lease memory);
  ~spectator_session() override;

  void on_open(std::weak_ptr<message_sink> sink) override;
  frame_result on_frame(std::string_view frame, std::string& reply, clock::time_point now) override;
  void on_timer(clock::time_point now) override;
  std::optional<close_request> close_requested() const override { return close_; }
  std::string describe() const override;

 private:
  // Builds the view (on this thread or the pool's), then starts pumping.
  // What the view's creation made, on whichever thread it ran.
  struct first_pump {
    std::unique_ptr<spectator_view> view;
    std::string error;
    std::vector<std::string> messages;
    spectator_view::pumped outcome = spectator_view::pumped::idle;
  };
  void build_view(std::shared_ptr<message_sink> sink);
  void on_view(const std::shared_ptr<first_pump>& first);
  // Sends messages, then closes or waits for the next flush as outcome says.
  void deliver(message_sink& sink, std::vector<std::string>& messages,
               spectator_view::pumped outcome, clock::time_point now);
  void pump(clock::time_point now);

  server_context& context_;
  std::shared_ptr<run_feed> feed_;
  std::uint64_t from_;
  std::string address_;
  memory_lease memory_;
  std::weak_ptr<message_sink> sink_;
  std::unique_ptr<spectator_view> view_;
  std::optional<close_request> close_;
  bool over_ = false;
  std::optional<clock::time_point> stalled_since_;
};

}  // namespace ariadne
