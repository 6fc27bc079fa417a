#include "server/competition/ranked_tally.hpp"

#include "core/model/run_status.hpp"

namespace ariadne {

void ranked_tally::count(std::string_view status) {
  if (status == "interrupted") {
    ++interrupted_;
  } else if (const auto parsed = run_status_names.parse(status)) {
    ++ended_by_status_[static_cast<std::size_t>(*parsed)];
    ++ranked_;
  }
}

void ranked_tally::uncount(std::string_view status) {
  if (status == "interrupted") {
    if (interrupted_ > 0) --interrupted_;
  } else if (const auto parsed = run_status_names.parse(status)) {
    auto& ended = ended_by_status_[static_cast<std::size_t>(*parsed)];
    if (ended > 0 && ranked_ > 0) {
      --ended;
      --ranked_;
    }
  }
}

std::string ranked_tally::prometheus_text() const {
  std::string out =
      "# HELP ariadne_ranked_runs_total Ranked runs ended, by status (interrupted: given back "
      "after a crash).\n# TYPE ariadne_ranked_runs_total counter\n";
  for (std::size_t i = 1; i < static_cast<std::size_t>(run_status::count); ++i) {
    out += "ariadne_ranked_runs_total{status=\"" +
           std::string(to_string(static_cast<run_status>(i))) + "\"} " +
           std::to_string(ended_by_status_[i]) + "\n";
  }
  out += "ariadne_ranked_runs_total{status=\"interrupted\"} " + std::to_string(interrupted_) + "\n";
  return out;
}

}  // namespace ariadne
