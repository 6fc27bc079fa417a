#include "server/replay/spectator_view.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>

#include "core/maze/walls_code.hpp"
#include "protocol/spectator_json.hpp"
#include "server/replay/replay_builder.hpp"

namespace ariadne {

std::unique_ptr<spectator_view> spectator_view::create(std::shared_ptr<run_feed> feed,
                                                       const maze_catalog& catalog,
                                                       std::uint64_t from,
                                                       std::function<bool()> may_reveal,
                                                       std::string& error) {
  const run_summary summary = feed->summary();
  if (!summary.start) {
    error = "the run is still being set up";
    return nullptr;
  }
  auto setup = setup_for(*summary.start, catalog, error);
  if (!setup) return nullptr;
  std::unique_ptr<spectator_view> view(new spectator_view());
  view->feed_ = std::move(feed);
  view->may_reveal_ = std::move(may_reveal);
  view->setup_ = std::move(*setup);
  view->counter_ = std::make_unique<counter>();
  view->replayer_ = replayer::create(view->setup_, view->counter_.get(), error);
  if (!view->replayer_) return nullptr;
  view->from_ = from;
  view->sensed_.assign(view->setup_.layout.walls.cell_count(), '.');
  view->sense();
  view->collecting_ = from == 0 || view->seq() == from;
  return view;
}

void spectator_view::sense() {
  const run& r = replayer_->state();
  sensed_[r.maze().index_of(r.position())] = walls_digit(r.open_mask());
}

void spectator_view::play(char letter) {
  const run& r = replayer_->state();
  const std::uint64_t bumps = r.bumps();
  const std::uint32_t found = r.found();
  const auto d = direction_from_letter(letter);
  if (!d || !replayer_->apply(*d)) {
    broken_ = true;  // never, unless the rules and the log disagree
    return;
  }
  ++applied_;
  sense();
  if (collecting_) {
    const bool bumped = r.bumps() > bumps;
    batch_trail_ += bumped ? static_cast<char>(std::tolower(letter)) : letter;
    batch_open_ += walls_digit(r.open_mask());
    if (r.found() > found) batch_finds_.push_back(batch_trail_.size() - 1);
  } else if (seq() == from_) {
    collecting_ = true;
  }
}

spectator_view::pumped spectator_view::pump(std::vector<std::string>& messages,
                                            std::size_t max_letters) {
  const bool first = !started_;
  started_ = true;
  // The result before the log's size: once the run has ended, the size read
  // after it is the whole log.
  const run_summary summary = feed_->summary();
  const std::uint64_t available = feed_->moves().size();
  const std::uint64_t until =
      first ? available : std::min<std::uint64_t>(available, applied_ + max_letters);
  letters_.clear();
  feed_->moves().copy(applied_, until, letters_);
  for (const char letter : letters_) {
    play(letter);
    if (broken_) return pumped::broken;
    if (!collecting_ && seq() > from_) return pumped::bad_from;
  }
  const run& r = replayer_->state();
  pumped result = pumped::idle;
  if (first && from_ == 0) {
    protocol::spectator_snapshot s;
    s.run = feed_->run_id();
    s.boot = feed_->boot();
    s.player = feed_->player();
    s.bot = feed_->bot();
    s.maze = feed_->ranked() ? feed_->challenge() : setup_.source.label();
    s.ranked = feed_->ranked();
    s.width = r.maze().width();
    s.height = r.maze().height();
    s.start = r.start();
    s.treasures = r.treasures();
    s.max_steps = r.max_steps();
    s.bump_penalty = setup_.options.bump_penalty;
    s.seq = seq();
    s.trail = std::move(batch_trail_);
    s.finds = std::move(batch_finds_);
    s.sensed = sensed_;
    s.position = r.position();
    s.steps = r.steps();
    s.bumps = r.bumps();
    s.found = r.found();
    s.score = r.result().score;
    s.status = r.status();
    messages.push_back(protocol::write_spectator_message(s));
    result = pumped::sent;
  } else if (!batch_trail_.empty()) {
    protocol::spectator_steps s;
    s.seq = seq();
    s.trail = std::move(batch_trail_);
    s.open = std::move(batch_open_);
    s.finds = std::move(batch_finds_);
    s.position = r.position();
    s.steps = r.steps();
    s.bumps = r.bumps();
    s.found = r.found();
    s.score = r.result().score;
    messages.push_back(protocol::write_spectator_message(s));
    result = pumped::sent;
  }
  batch_trail_.clear();
  batch_open_.clear();
  batch_finds_.clear();
  // The bot's paints since the last pump (from the first after a snapshot
  // or a resume: the page folds them again), none ahead of the moves sent,
  // a batch's worth at most.
  paint_batch_.clear();
  paints_ = feed_->paint().copy(paints_, paint_batch_, applied_, paint_cells_per_message);
  if (!paint_batch_.empty()) {
    messages.push_back(protocol::write_spectator_message(protocol::spectator_paint{paint_batch_}));
    result = pumped::sent;
  }
  if (!summary.result || until != available) return result;

  // A run longer than its move log ends without its last moves or a replay.
  const bool whole = !feed_->moves().full();
  if (whole && r.active()) replayer_->finish_as(summary.result->status);
  if (whole && !collecting_ && seq() != from_) return pumped::bad_from;
  protocol::spectator_end end;
  end.seq = whole ? seq() : std::max(seq(), feed_->seq());
  end.result = *summary.result;
  if (summary.ended_at && summary.start && *summary.ended_at >= summary.start->started_at) {
    end.elapsed_ms =
        static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       *summary.ended_at - summary.start->started_at)
                                       .count());
  }
  // The replay itself is built, checked and cached by GET /api/replays, on
  // the job pool: the end only says where it is.
  if (may_reveal_ && may_reveal_()) {
    if (whole) end.replay = "/api/replays/" + std::to_string(feed_->run_id());
  } else {
    end.result.seed.reset();
  }
  messages.push_back(protocol::write_spectator_message(end));
  return pumped::ended;
}

}  // namespace ariadne
