#include "server/app/id_source.hpp"

#include <random>

namespace ariadne {

// Default seeds need not be reproducible: seeded from the OS.
id_source::id_source()
    : seeds_((static_cast<std::uint64_t>(std::random_device{}()) << 32U) ^ std::random_device{}()) {
}

std::uint64_t id_source::random_seed() {
  std::lock_guard lock(mutex_);
  return seeds_.next() >> 11U;
}

}  // namespace ariadne
