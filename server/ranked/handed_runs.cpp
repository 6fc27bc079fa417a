#include "server/ranked/handed_runs.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "core/maze/direction.hpp"
#include "core/play/run_setup.hpp"
#include "server/host/costly_work.hpp"

namespace ariadne {

namespace {

// Handed runs are charged to their competitor, not to an address: the
// connection that will play them may not have come yet.
std::string handed_share(const ranked_run_record& handed) {
  return "competitor " + std::to_string(handed.competitor);
}

}  // namespace

std::optional<parked_run> rebuild_handed_run(run_host& host, const competition_hub& hub,
                                             const ranked_run_record& handed, std::string& error) {
  const std::optional<run_request> request = hub.dealt_request(handed);
  if (!request) {
    error = "its challenge is no longer in the competition's file";
    return std::nullopt;
  }
  const maze_catalog& catalog = host.catalog;
  if (auto problem = check_host(*request, catalog, host.host)) {
    error = problem->message;
    return std::nullopt;
  }
  // Counted even past the budgets: the run exists already, and refusing it
  // room here would not end it (a competitor holds one at a time).
  const std::string share = handed_share(handed);
  const std::uint64_t cells = request_cells(*request, catalog);
  run_slot slot = host.budgets.reserve_run(cells, share, true);
  slot.hold(host.memory.claim(memory_budget::use::move_logs, share,
                              move_log::bytes_for(host.moves_kept(*request)), true));
  const auto now = run::clock::now();
  auto feed = host.runs.open(handed.run, handed.competitor_name, handed.challenge, handed.bot);
  std::variant<run, request_error> setup = request_error{};
  try {
    setup = set_up_checked_run(*request, catalog, host.host, handed.run, 0, now, feed.get());
  } catch (const std::exception& e) {
    setup = request_error{errc::server_busy, e.what()};
  }
  auto* ready = std::get_if<run>(&setup);
  // The moves played again make the same run, counters, treasures and
  // fallen walls included; the spectators' feed gets them as they come.
  bool replayed = ready != nullptr;
  for (const char letter : handed.moves) {
    const auto d = direction_from_letter(letter);
    if (!replayed || !d || !ready->active()) {
      replayed = false;
      break;
    }
    ready->move(*d);
  }
  if (!replayed || !ready->active()) {
    host.runs.close(handed.run);
    error = ready == nullptr ? std::get<request_error>(setup).message
                             : "its moves do not play again to a run in play";
    return std::nullopt;
  }
  // Its time limit counts from its start on the other server.
  const auto started =
      std::chrono::system_clock::time_point(std::chrono::milliseconds(handed.started_at_ms));
  const auto elapsed = std::max(std::chrono::system_clock::now() - started,
                                std::chrono::system_clock::duration::zero());
  ready->restart_clock(now - std::chrono::duration_cast<run::clock::duration>(elapsed));
  parked_run parked{drone_game{}, std::move(slot), std::move(feed), handed};
  parked.game.begin(std::move(*ready));
  parked.record.moves.clear();
  return parked;
}

std::uint64_t handover_cost(const run_host& host, const challenge& c) {
  return costly_work::replaying_cost(c.request, host.catalog, host.moves_kept(c.request));
}

bool take_handed_run(run_host& host, competition_hub& hub, competitor_seats& seats,
                     const ranked_run_record& handed) {
  // The challenge's own request weighs the same as its deal's (the seed aside).
  const challenge* dealt = hub.rules().find(handed.challenge);
  const std::uint64_t cost =
      dealt ? costly_work::replaying_cost(dealt->request, host.catalog, handed.moves.size())
            : costly_work::replay_cost(handed.moves.size());
  auto job = [&host, &hub, &seats, handed] {
    std::string error;
    std::optional<parked_run> rebuilt = rebuild_handed_run(host, hub, handed, error);
    if (rebuilt) {
      spdlog::info("run {} of '{}' ({}): handed over from another server after {} moves",
                   handed.run, handed.competitor_name, handed.challenge, handed.moves.size());
      host.counters.runs_handed_in.fetch_add(1, std::memory_order_relaxed);
      seats.arrive(std::move(*rebuilt));
      return;
    }
    // Only what the organizer changed (the file, the host's limits) or a bug
    // gets here, never a competitor: the attempt goes back, as after a crash.
    spdlog::error(
        "run {} of '{}' ({}), handed over from another server, cannot be played on ({}): "
        "its attempt is given back",
        handed.run, handed.competitor_name, handed.challenge, error);
    hub.give_back_attempt(handed, nullptr);
  };
  // A full pool: offered again at the cluster loop's next look.
  return costly_work::place(host.setups, handed_share(handed), cost, false, job_pool::lane::play,
                            job) != costly_work::placement::busy;
}

}  // namespace ariadne
