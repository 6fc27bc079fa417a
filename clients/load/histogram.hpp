#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace ariadne::load {

// Latencies in microseconds, 1 us buckets up to 1 s, and the maximum.
class histogram {
 public:
  histogram() : counts_(1'000'001, 0) {}
  void add(double us) {
    const auto bucket = static_cast<std::size_t>(std::min(us, 1e6));
    ++counts_[bucket];
    ++total_;
    max_ = std::max(max_, us);
  }
  void merge(const histogram& other) {
    for (std::size_t i = 0; i < counts_.size(); ++i)
      counts_[i] += other.counts_[i];
    total_ += other.total_;
    max_ = std::max(max_, other.max_);
  }
  double percentile(double p) const {
    if (total_ == 0) return 0;
    const auto rank = static_cast<std::uint64_t>(p / 100.0 * static_cast<double>(total_ - 1));
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < counts_.size(); ++i) {
      seen += counts_[i];
      if (seen > rank) return static_cast<double>(i) + 0.5;
    }
    return max_;
  }
  std::uint64_t total() const { return total_; }
  double max() const { return max_; }

 private:
  std::vector<std::uint64_t> counts_;
  std::uint64_t total_ = 0;
  double max_ = 0;
};

}  // namespace ariadne::load
