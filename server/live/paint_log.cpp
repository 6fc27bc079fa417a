#include "server/live/paint_log.hpp"

namespace ariadne {

std::optional<request_error> paint_log::add(paint_event event) {
  std::lock_guard lock(mutex_);
  if (auto problem = tally_.add(event.clear, event.cells, !event.log.empty())) return problem;
  events_.push_back(std::move(event));
  return std::nullopt;
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
    // A log line weighs as its budget says: a flood of them is bounded too.
    const std::size_t weight = paint_weight(events_[i].cells.size(), !events_[i].log.empty());
    if (i > from && taken + weight > cells) break;
    taken += weight;
    out.push_back(events_[i]);
  }
  return i;
}

std::uint64_t paint_log::bytes() const {
  std::lock_guard lock(mutex_);
  return tally_.spent() * cell_bytes;
}

std::uint64_t paint_log::marks() const {
  std::lock_guard lock(mutex_);
  return tally_.marks();
}

}  // namespace ariadne
