#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/request_error.hpp"
#include "core/play/player.hpp"
#include "server/app/run_slot.hpp"
#include "server/app/session_deadlines.hpp"
#include "server/live/run_feed.hpp"
#include "server/net/message_sink.hpp"
#include "server/store/results_store.hpp"

namespace ariadne {

class server_context;

// What the parts of one drone connection (client_session, run_starter,
// competitor_login) share: who it is, the run it holds, its clocks, and the
// replies and book-keeping every part does the same way. Not thread-safe:
// the connection's strand serialises calls.
class session_core {
 public:
  using clock = std::chrono::steady_clock;

  session_core(server_context& context, std::string id, std::string peer, std::string address,
               clock::time_point now);

  server_context& context;
  const std::string id;
  const std::string peer;
  const std::string address;  // the one its budgets count under
  std::string name;
  std::string log_name;  // name as logs may show it
  bool greeted = false;
  std::weak_ptr<message_sink> sink;

  // The run it holds: the feed first, so that it outlives the run.
  std::shared_ptr<run_feed> feed;
  player seat;
  run_slot slot;  // the run's place in the budgets, until it ends
  // The latest run's attempt, if it was one; on the heap, as most
  // connections never play one and an idle connection's bytes count.
  std::unique_ptr<ranked_run_record> ranked;
  // The store's answer for the latest ranked result: 0 pending, 1 durable, 2 failed.
  std::shared_ptr<std::atomic<int>> end_written;
  // A ranked result waits for the store before it is sent (reply_when_durable):
  // a draining server must not close the connection under it.
  bool result_waiting = false;

  clock::time_point connected_at;
  clock::time_point last_activity;  // any message
  clock::time_point last_command;   // a command to the run in play

  void set_name(std::string new_name);
  // What the client's hello called its bot ("" for nothing): shown with its runs.
  std::string bot;
  // Counts the error and appends its reply.
  void reply_error(const request_error& error, std::string_view request_id, std::string& reply);
  // A ranked run's reply: without what it never shows (its seed), with its
  // place in its attempt's set (starts, takeovers, results).
  void present_ranked(drone_state& state) const;
  // Asks for a timer at the next deadline (session_deadlines).
  void arm_timer(bool starting);
  session_deadlines::clocks clocks(bool starting) const;
  session_deadlines::limits deadline_limits() const;
  // Book-keeping once the run has ended: budget, metrics, registry, the
  // ranked result's record, log.
  void settle_if_finished(bool starting);
  // Sends text as the deferred frame's reply once the store has written
  // everything submitted before; a result that could not be recorded is
  // never sent.
  void reply_when_durable(std::string text);
};

}  // namespace ariadne
