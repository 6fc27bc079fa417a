#include "server/competition/ledger/ranked_tally.hpp"

namespace ariadne {

void ranked_tally::count(ranked_status status) {
  if (status == ranked_status::in_play) return;
  ++by_status_[static_cast<std::size_t>(status)];
  if (ended(status)) ++ranked_;
}

void ranked_tally::uncount(ranked_status status) {
  auto& n = by_status_[static_cast<std::size_t>(status)];
  if (status == ranked_status::in_play || n == 0) return;
  --n;
  if (ended(status)) --ranked_;
}

std::string ranked_tally::prometheus_text() const {
  std::string out =
      "# HELP ariadne_ranked_runs_total Ranked runs ended, by status (interrupted: given back "
      "after a crash).\n# TYPE ariadne_ranked_runs_total counter\n";
  for (std::size_t i = 0; i < static_cast<std::size_t>(ranked_status::count); ++i) {
    const auto status = static_cast<ranked_status>(i);
    if (status == ranked_status::in_play) continue;
    out += "ariadne_ranked_runs_total{status=\"" + std::string(to_string(status)) + "\"} " +
           std::to_string(by_status_[i]) + "\n";
  }
  return out;
}

}  // namespace ariadne
