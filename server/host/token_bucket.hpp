#pragma once

#include <algorithm>
#include <chrono>

namespace ariadne {

// A token bucket: `rate` tokens a second up to `burst`, full to begin with;
// take() spends tokens. A rate of 0 never limits. The one meter of a
// connection's messages (client_session) and of an address's set-up work
// (address_budgets).
class token_bucket {
 public:
  using clock = std::chrono::steady_clock;

  token_bucket(double rate, double burst, clock::time_point now)
      : rate_(rate), burst_(burst), tokens_(burst), last_(now) {}

  // Spends cost tokens; false, spending nothing, when fewer are left.
  bool take(clock::time_point now, double cost = 1.0) {
    if (rate_ <= 0.0) return true;
    tokens_ = available(now);
    last_ = std::max(last_, now);
    if (tokens_ < cost) return false;
    tokens_ -= cost;
    return true;
  }
  // Spends cost tokens even when fewer are left: a debt the rate pays back
  // before take() succeeds again (a cost known only afterwards).
  void charge(clock::time_point now, double cost = 1.0) {
    if (rate_ <= 0.0) return;
    tokens_ = available(now) - cost;
    last_ = std::max(last_, now);
  }
  // Tokens there would be at now.
  double available(clock::time_point now) const {
    // A time before the last one (callers' clocks read at different moments) adds nothing.
    const std::chrono::duration<double> elapsed = now > last_ ? now - last_ : clock::duration{};
    return std::min(burst_, tokens_ + elapsed.count() * rate_);
  }
  bool full(clock::time_point now) const { return rate_ <= 0.0 || available(now) >= burst_; }
  // Seconds until take(cost) would succeed: 0 now, a negative number never
  // (more than the burst).
  double seconds_until(clock::time_point now, double cost) const {
    if (rate_ <= 0.0) return 0.0;
    if (cost > burst_) return -1.0;
    return std::max(0.0, (cost - available(now)) / rate_);
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  clock::time_point last_;
};

}  // namespace ariadne
