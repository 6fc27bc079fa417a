#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/model/request_error.hpp"
#include "core/model/run_request.hpp"
#include "server/competition/competition_events.hpp"
#include "server/competition/competition_hub.hpp"
#include "server/host/run_host.hpp"
#include "server/ranked/competitor_seats.hpp"

namespace ariadne {

// Ranked play on a competition server, what its connections share: the
// competition, the competitors' seats (one connection each), the runs other
// servers hand here, and what the competition tells of the store
// (competition_events, passed on to the seats). A practice server has none.
// Thread-safe.
class ranked_play : public competition_events {
 public:
  using time_point = std::chrono::system_clock::time_point;

  struct settings {
    // A ranked run whose connection dropped waits this long for a takeover.
    std::chrono::seconds resume_window{30};
    // A ranked run still in play this long after the close ends (0: never).
    std::uint64_t close_grace_seconds = 0;
  };

  // Listens to the hub until it goes. Both outlive it.
  ranked_play(competition_hub& hub, run_host& host, settings configured);
  ~ranked_play() override;

  ranked_play(const ranked_play&) = delete;
  ranked_play& operator=(const ranked_play&) = delete;

  competition_hub& competition() { return hub_; }
  competitor_seats& seats() { return seats_; }
  const settings& configured() const { return settings_; }

  // Why a practice start is refused here (the competition has no practice,
  // or a challenge is played on its named maze until the close), or nullopt.
  std::optional<request_error> practice_refusal(const run_request& start, time_point now) const;
  // Why a hello without a token may not take this name (a competitor's), or nullopt.
  std::optional<request_error> name_refusal(std::string_view name) const;

  // The server stops gracefully: every parked run's attempt is given back,
  // and a connection closing from now on gives its ranked run back too.
  void stop();
  bool stopping() const { return stopping_.load(std::memory_order_acquire); }

  // competition_events: to the seats, and the runs handed here rebuilt.
  void seat_moved(std::int64_t competitor, const std::string& node,
                  std::chrono::steady_clock::time_point read_from) override;
  bool run_handed(const ranked_run_record& run) override;
  void run_stranded(std::int64_t competitor) override;
  void token_withdrawn(std::int64_t competitor) override;

 private:
  competition_hub& hub_;
  run_host& host_;
  settings settings_;
  std::atomic<bool> stopping_{false};
  competitor_seats seats_;
};

}  // namespace ariadne
