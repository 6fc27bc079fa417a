#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>

#include "core/model/run_result.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/live/run_feed.hpp"
#include "server/net/message_sink.hpp"
#include "server/net/websocket_handler.hpp"

namespace ariadne {

// A ranked run's end, recorded in the store, and the reply that carries its
// result sent only once the store has it: a competitor never holds a result
// the leaderboard does not know (a result that cannot be recorded is
// answered with an error, and the connection closed, 1011). Not
// thread-safe: the connection's strand.
class durable_result {
 public:
  using frame_result = websocket_handler::frame_result;

  // The run of `attempt` ended with `result`: its end queued for the store
  // (with its moves, unless it made more than its feed keeps).
  void record(competition_hub& hub, const ranked_run_record& attempt, const run_result& result,
              const run_feed* feed);
  // Sends reply[from..] once the end recorded last is durable: deferred
  // (answered at once without a sink).
  frame_result reply_when_durable(competition_hub& hub, const std::weak_ptr<message_sink>& sink,
                                  std::string& reply, std::size_t from);
  // A reply waits for the store.
  bool waiting() const { return waiting_; }

 private:
  enum class end_state { pending, durable, failed };
  std::shared_ptr<std::atomic<end_state>> end_;
  bool waiting_ = false;
};

}  // namespace ariadne
