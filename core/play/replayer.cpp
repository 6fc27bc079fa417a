#include "core/play/replayer.hpp"

#include <chrono>
#include <utility>

namespace ariadne {

void replayer::tracer::on_event(const run& r, const run_event& event) {
  if (event.kind == run_event_kind::started) {
    trace.treasures.push_back(event.treasure);
  } else if (event.kind == run_event_kind::walls_removed) {
    fallen.assign(event.walls.begin(), event.walls.end());
  } else if (event.kind == run_event_kind::treasure_hidden) {
    // One list per find that hid a new treasure, empty when no wall fell.
    trace.treasures.push_back(event.treasure);
    trace.walls_removed.push_back(std::move(fallen));
    fallen.clear();
  }
  if (next != nullptr) next->on_event(r, event);
}

std::optional<replayer> replayer::create(const replay_setup& setup, run_observer* observer,
                                         std::string& error) {
  auto t = std::make_unique<tracer>();
  t->next = observer;
  run_options options = setup.options;
  options.time_limit = std::chrono::milliseconds(0);
  replayer r(std::move(t));
  auto created = run::create(0, setup.layout, setup.source, setup.seed, options,
                             run::clock::time_point{}, r.tracer_.get(), error);
  if (!created) return std::nullopt;
  r.run_.emplace(std::move(*created));
  return r;
}

bool replayer::apply(direction d) {
  if (!run_->active()) return false;
  run_->move(d);
  return true;
}

bool replayer::finish_as(run_status status) {
  if (!run_->active()) return false;
  if (status == run_status::abandoned) {
    run_->abandon();
  } else if (status == run_status::timeout) {
    run_->time_out();
  } else {
    return false;
  }
  return true;
}

replay_result play_replay(const replay_setup& setup, std::string_view moves, run_status end) {
  replay_result out;
  auto r = replayer::create(setup, nullptr, out.error);
  if (!r) return out;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto d = direction_from_letter(moves[i]);
    if (!d) {
      out.error = "move " + std::to_string(i + 1) + " is not N, E, S or W";
      return out;
    }
    if (!r->apply(*d)) {
      out.error = "move " + std::to_string(i + 1) + " comes after the run ended";
      return out;
    }
  }
  if (r->state().active() && !r->finish_as(end)) {
    out.error = std::string("the moves leave the run in play, and it cannot end as ") +
                std::string(to_string(end));
    return out;
  }
  if (!r->state().active() && r->state().status() != end) {
    out.error = std::string("the moves end the run as ") +
                std::string(to_string(r->state().status())) + ", not " +
                std::string(to_string(end));
  }
  out.result = r->state().result();
  out.trace = r->trace();
  out.position = r->state().position();
  return out;
}

}  // namespace ariadne
