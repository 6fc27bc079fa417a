#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace ariadne {

class server_context;

// A run's place in the server's budgets (runs in play, cells in play, its
// address's share of the cells), held
// from its start until it ends and given back exactly once. Empty when the
// budgets were spent.
class run_slot {
 public:
  run_slot() = default;
  run_slot(server_context& context, std::uint64_t cells, std::string address)
      : context_(&context), cells_(cells), address_(std::move(address)) {}
  run_slot(run_slot&& other) noexcept
      : context_(std::exchange(other.context_, nullptr)),
        cells_(other.cells_),
        address_(std::move(other.address_)) {}
  run_slot& operator=(run_slot&& other) noexcept {
    if (this != &other) {
      release();
      context_ = std::exchange(other.context_, nullptr);
      cells_ = other.cells_;
      address_ = std::move(other.address_);
    }
    return *this;
  }
  run_slot(const run_slot&) = delete;
  run_slot& operator=(const run_slot&) = delete;
  ~run_slot() { release(); }

  explicit operator bool() const { return context_ != nullptr; }
  void release();

 private:
  server_context* context_ = nullptr;
  std::uint64_t cells_ = 0;
  std::string address_;
};

}  // namespace ariadne
