#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace ariadne {

// splitmix64: turns any 64-bit seed into well-mixed words; used to seed rng.
std::uint64_t splitmix64(std::uint64_t& state);

// xoshiro256** with project-owned helpers. Every random choice in maze
// generation and the game goes through this type, never through <random>
// distributions or std::shuffle, whose output differs between standard
// libraries: the same seed must give the same maze on every platform.
class rng {
 public:
  explicit rng(std::uint64_t seed);

  std::uint64_t next();

  // A uniform integer in [0, bound); bound must be > 0. Unbiased (Lemire's
  // multiply-and-reject on 32 bits, which is exact integer arithmetic).
  std::uint32_t below(std::uint32_t bound);
  // A uniform integer in [0, bound) for bounds past 32 bits.
  std::uint64_t below64(std::uint64_t bound);
  // True with probability numerator / denominator.
  bool chance(std::uint32_t numerator, std::uint32_t denominator) {
    return below(denominator) < numerator;
  }
  bool coin() { return (next() >> 63U) != 0; }
  // A uniform double in [0, 1) from the top 53 bits.
  double unit();

  // Fisher-Yates from the back, with below().
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      const std::size_t j = below(static_cast<std::uint32_t>(i));
      using std::swap;
      swap(items[i - 1], items[j]);
    }
  }

 private:
  std::uint64_t s_[4];
};

}  // namespace ariadne
