#include "server/ranked/durable_result.hpp"

#include <spdlog/spdlog.h>

#include "protocol/message_writer.hpp"
#include "server/ranked/ranked_runs.hpp"

namespace ariadne {

void durable_result::record(competition_hub& hub, const ranked_run_record& attempt,
                            const run_result& result, const run_feed* feed) {
  end_ = std::make_shared<std::atomic<end_state>>(end_state::pending);
  record_ranked_end(hub, attempt, result, feed, [written = end_](bool durable) {
    written->store(durable ? end_state::durable : end_state::failed);
  });
}

websocket_handler::frame_result durable_result::reply_when_durable(
    competition_hub& hub, const std::weak_ptr<message_sink>& weak, std::string& reply,
    std::size_t from) {
  auto sink = weak.lock();
  if (!sink) return frame_result::answered;
  std::string text = reply.substr(from);
  reply.resize(from);
  waiting_ = true;
  // The barrier runs after the result's own write has reported (one queue,
  // in order); what matters is whether that write landed. The sink holds
  // the connection, and this with it, until it resumes.
  hub.after_writes([this, sink, text = std::move(text), written = end_](bool) {
    if (written && written->load() == end_state::durable) {
      sink->resume([this, text](std::string& answer) {
        waiting_ = false;
        answer += text;
        return true;
      });
      return;
    }
    spdlog::error("a ranked result could not be recorded: its connection is closed");
    sink->resume([this](std::string& answer) {
      waiting_ = false;
      answer += protocol::write_server_message(request_error{
          errc::server_busy, "the server could not record this run's result; it is not ranked"});
      return true;
    });
    sink->close(1011, "the results store failed");
  });
  return frame_result::deferred;
}

}  // namespace ariadne
