#include "core/game/run.hpp"

#include "core/maze/loops.hpp"
#include "core/maze/solver.hpp"
#include "core/maze/treasure.hpp"
#include "core/model/limits.hpp"

namespace ariadne {

namespace {

// The treasure draws from its own stream, so it does not depend on how many
// random numbers the maze generator used.
constexpr std::uint64_t treasure_stream = 0x7472656173757265ULL;

}  // namespace

run::run(std::uint64_t id, maze_layout layout, maze_source source, std::uint64_t seed,
         const run_options& options, clock::time_point now, run_observer* observer)
    : id_(id),
      layout_(std::move(layout)),
      source_(std::move(source)),
      seed_(seed),
      options_(options),
      rng_(seed ^ treasure_stream),
      observer_(observer),
      max_steps_(options.max_steps != 0
                     ? options.max_steps
                     : limits::default_moves_per_cell * layout_.walls.cell_count()),
      start_(layout_.start.value_or(cell{0, 0})),
      position_(start_),
      treasure_(position_) {
  if (options_.treasures == 0) options_.treasures = 1;
  if (options_.time_limit.count() > 0) deadline_ = now + options_.time_limit;
}

std::optional<run> run::create(std::uint64_t id, maze_layout layout, maze_source source,
                               std::uint64_t seed, const run_options& options,
                               clock::time_point now, run_observer* observer, std::string& error) {
  if (layout.start && !layout.walls.contains(*layout.start)) {
    error = "the maze's start cell is outside it";
    return std::nullopt;
  }
  run r(id, std::move(layout), std::move(source), seed, options, now, observer);
  if (!r.hide_treasure(true)) {
    error = "no cell far enough from the start can be reached, so no treasure can be hidden";
    return std::nullopt;
  }
  r.emit(run_event{run_event_kind::started, r.position_, direction::north, r.treasure_, {}});
  return r;
}

bool run::hide_treasure(bool first) {
  const grid& g = layout_.walls;
  const auto distance = distances_from(g, position_);
  const std::int32_t at_least = std::max(options_.treasure_min_distance, 1);
  std::optional<cell> chosen;
  // A file's goal cells come first, while any of them qualifies.
  std::uint32_t goals = 0;
  for (const cell c : layout_.goals) {
    if (g.contains(c) && distance[g.index_of(c)] >= at_least) ++goals;
  }
  if (goals > 0) {
    std::uint32_t pick = rng_.below(goals);
    for (const cell c : layout_.goals) {
      if (!g.contains(c) || distance[g.index_of(c)] < at_least) continue;
      if (pick-- == 0) {
        chosen = c;
        break;
      }
    }
  } else {
    chosen = place_treasure(g, position_, rng_, at_least);
  }
  if (!chosen && !first) chosen = place_treasure(g, position_, rng_, 1);
  if (!chosen) return false;
  treasure_ = *chosen;
  optimal_ += static_cast<std::uint64_t>(distance[g.index_of(treasure_)]);
  return true;
}

run::move_effect run::move(direction d) {
  move_effect outcome;
  if (!active()) return outcome;
  if (layout_.walls.is_open(position_, d)) {
    position_ = step(position_, d);
    on_treasure_ = false;
    ++steps_;
    outcome.moved = true;
    emit(run_event_kind::moved, d);
    if (position_ == treasure_) {
      outcome.found = true;
      on_treasure_ = true;
      ++found_;
      emit(run_event{run_event_kind::found, position_, d, treasure_, {}});
      if (found_ >= options_.treasures) {
        finish(run_status::found);
        return outcome;
      }
      // A reused maze: walls fall, then a new treasure is hidden.
      remove_walls(layout_.walls, options_.reuse_walls_removed, rng_, &fallen_);
      if (!fallen_.empty()) {
        emit(run_event{run_event_kind::walls_removed, position_, d, treasure_, fallen_});
      }
      if (!hide_treasure(false)) {
        // Nowhere left to hide one (a one-cell maze): count the hunt as done.
        finish(run_status::found);
        return outcome;
      }
      emit(run_event{run_event_kind::treasure_hidden, position_, d, treasure_, {}});
    }
  } else {
    ++bumps_;
    emit(run_event_kind::bumped, d);
  }
  if (active() && steps_ + bumps_ >= max_steps_) finish(run_status::exhausted);
  return outcome;
}

std::uint32_t run::follow(std::span<const direction> dirs) {
  std::uint32_t done = 0;
  for (const direction d : dirs) {
    if (!active()) break;
    const move_effect outcome = move(d);
    ++done;
    if (!outcome.moved || outcome.found) break;
  }
  return done;
}

void run::abandon() {
  if (active()) finish(run_status::abandoned);
}

bool run::expire_if_due(clock::time_point now) {
  if (!active() || !deadline_ || now < *deadline_) return false;
  finish(run_status::timeout);
  return true;
}

void run::restart_clock(clock::time_point now) {
  if (deadline_) deadline_ = now + options_.time_limit;
}

void run::time_out() {
  if (active()) finish(run_status::timeout);
}

void run::finish(run_status status) {
  status_ = status;
  emit(run_event_kind::finished);
}

void run::emit(run_event_kind kind, direction d) const {
  emit(run_event{kind, position_, d, treasure_, {}});
}

void run::emit(const run_event& event) const {
  if (observer_ != nullptr) observer_->on_event(*this, event);
}

run_result run::result() const {
  run_result r;
  r.status = status_;
  r.steps = steps_;
  r.bumps = bumps_;
  r.score = steps_ + static_cast<std::uint64_t>(options_.bump_penalty) * bumps_;
  r.optimal = optimal_;
  r.efficiency = efficiency_of(status_, r.score, r.optimal);
  r.seed = seed_;
  r.found = found_;
  r.treasures = options_.treasures;
  return r;
}

}  // namespace ariadne
