#include "server/live/paint_log.hpp"

namespace ariadne {

bool paint_log::add(paint_event event) {
  std::lock_guard lock(mutex_);
  const std::size_t cost = event.cells.size() + 1;
  if (spent_ + cost > limits::paint_cells_per_run) return false;
  spent_ += cost;
  if (event.clear) marked_.clear();
  for (const paint_mark& m : event.cells) {
    if (m.colour.empty() && m.text.empty()) {
      marked_.erase({m.x, m.y});
    } else {
      marked_.insert({m.x, m.y});
    }
  }
  events_.push_back(std::move(event));
  return true;
}

std::size_t paint_log::copy(std::size_t from, std::vector<paint_event>& out) const {
  std::lock_guard lock(mutex_);
  for (std::size_t i = from; i < events_.size(); ++i)
    out.push_back(events_[i]);
  return events_.size();
}

std::size_t paint_log::copy(std::size_t from, std::vector<paint_event>& out, std::uint64_t moves,
                            std::size_t cells) const {
  std::lock_guard lock(mutex_);
  std::size_t taken = 0;
  std::size_t i = from;
  for (; i < events_.size() && events_[i].at <= moves; ++i) {
    if (i > from && taken + events_[i].cells.size() > cells) break;
    taken += events_[i].cells.size();
    out.push_back(events_[i]);
  }
  return i;
}

std::uint64_t paint_log::bytes() const {
  std::lock_guard lock(mutex_);
  return spent_ * cell_bytes;
}

std::uint64_t paint_log::marks() const {
  std::lock_guard lock(mutex_);
  return marked_.size();
}

}  // namespace ariadne
