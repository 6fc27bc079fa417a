#pragma once

#include <chrono>

namespace ariadne {

// A token bucket: `rate` tokens a second up to `burst`; take() spends one.
// A rate of 0 never limits.
class token_bucket {
 public:
  using clock = std::chrono::steady_clock;

  token_bucket(double rate, double burst, clock::time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}

  bool take(clock::time_point now) {
    if (rate_ <= 0.0) return true;
    const std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ += elapsed.count() * rate_;
    if (tokens_ > burst_) tokens_ = burst_;
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  clock::time_point last_;
};

}  // namespace ariadne
