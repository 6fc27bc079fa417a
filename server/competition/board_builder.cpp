#include "server/competition/board_builder.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <optional>
#include <vector>

#include "core/model/utc_time.hpp"
#include "server/competition/rules/competition_document.hpp"
#include "server/competition/rules/leaderboard.hpp"
#include "server/competition/rules/leaderboard_documents.hpp"
#include "server/competition/rules/secrets.hpp"
#include "server/store/store_error.hpp"

namespace ariadne {

void board_builder::take_schedule(results_store& reader) {
  const auto read = schedule_reader_.read(reader);
  // Only this thread writes the schedule: it cannot change before the write below.
  const competition_schedule before = books_.schedule();
  if (!read || *read == before) return;
  log_changes(before, *read);
  // After a reset (every result deleted, a closed competition, nothing in
  // play) the attempts start over, on mazes dealt from another secret.
  if (read->resets != before.resets) {
    const auto runs = reader.runs();
    books_.set_schedule(*read, &runs);
  } else {
    books_.set_schedule(*read);
  }
}

leaderboard_cache::documents board_builder::rebuild(results_store& reader) {
  const auto challenges = challenge_records(rules_);
  take_schedule(reader);
  const auto competitors = reader.competitors();
  names_.replace(competitors);
  from_store_ = from_store_ || presence_.shared();
  if (from_store_) {
    // Only the runs written since the last reading (all again after a reset).
    const std::uint32_t resets = books_.schedule().resets;
    store_view_.read(reader, resets != store_view_resets_);
    store_view_resets_ = resets;
    // What the other threads ask of it; the marks stay this thread's.
    results_mirror shown;
    shown.book = store_view_.mirror().book;
    shown.names = store_view_.mirror().names;
    shown.tally = store_view_.mirror().tally;
    books_.show_stored(std::move(shown), store_view_.in_play(), std::chrono::system_clock::now());
    applied_.take(store_view_.mirror().marks);
  } else {
    books_.copy_marks(applied_);
  }
  const ledger::attempt_counts counts = books_.counts();
  applied_.apply(counts.used);
  const auto now = std::chrono::system_clock::now();
  // With shared seeds a best run's figures would tell the others a deal's
  // treasure distance: they wait until the close has no ranked run left in
  // play (as the replays do), and until then marks are shown rounded.
  const bool revealed = books_.reveals(now);
  const bool details = rules_.seeds == seed_mode::per_competitor || revealed;
  const auto rows = rank_applied(challenges, competitors, applied_.table(), revealed);
  const auto runs = [&]() -> std::optional<std::vector<ranked_run_record>> {
    try {
      return from_store_ ? store_view_.runs() : reader.runs();
    } catch (const store_error& e) {
      spdlog::warn("competition: the leaderboard over time is not redrawn: {}", e.what());
      return std::nullopt;
    }
  };
  return {std::make_shared<const std::string>(leaderboard_json(
              rules_.name, unix_ms(now), challenges, rows, counts.ranked, details, revealed)),
          std::make_shared<const std::string>(leaderboard_csv(challenges, rows, details)),
          std::make_shared<const std::string>(competition_json(rules_, secret_, books_, now)),
          history_.update(runs, challenges, competitors, counts.ranked, details, unix_ms(now))};
}

std::string competition_json(const competition_rules& rules, const std::string& secret,
                             const ledger& books, std::chrono::system_clock::time_point now) {
  // Copied under the ledger's lock, written after it: the reveal computes a
  // seed for every maze dealt, and the I/O threads take that lock for every
  // start.
  const ledger::shown_books shown = books.books_shown(now);
  return competition_document(rules, shown.schedule,
                              secret_after_resets(secret, shown.schedule.resets), shown.book,
                              shown.names, now);
}

}  // namespace ariadne
