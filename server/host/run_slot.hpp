#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "server/host/memory_budget.hpp"

namespace ariadne {

class address_budgets;

// A run's place in the budgets (runs in play, cells in play, its address's
// share of the cells, and the memory its move log may take), held from its
// start until it ends and given back exactly once. Empty when the budgets
// were spent.
class run_slot {
 public:
  run_slot() = default;
  run_slot(address_budgets& budgets, std::uint64_t cells, std::string address)
      : budgets_(&budgets), cells_(cells), address_(std::move(address)) {}
  run_slot(run_slot&& other) noexcept
      : budgets_(std::exchange(other.budgets_, nullptr)),
        cells_(other.cells_),
        address_(std::move(other.address_)),
        memory_(std::move(other.memory_)),
        paint_(std::move(other.paint_)) {}
  run_slot& operator=(run_slot&& other) noexcept {
    if (this != &other) {
      release();
      budgets_ = std::exchange(other.budgets_, nullptr);
      cells_ = other.cells_;
      address_ = std::move(other.address_);
      memory_ = std::move(other.memory_);
      paint_ = std::move(other.paint_);
    }
    return *this;
  }
  run_slot(const run_slot&) = delete;
  run_slot& operator=(const run_slot&) = delete;
  ~run_slot() { release(); }

  explicit operator bool() const { return budgets_ != nullptr; }
  void release();
  // The memory claimed for the run's move log, given back with the slot.
  void hold(memory_lease memory) { memory_ = std::move(memory); }
  // The memory claimed, at its first paint, for what its bot may paint.
  void hold_paint(memory_lease memory) { paint_ = std::move(memory); }
  bool holds_paint() const { return static_cast<bool>(paint_); }

 private:
  address_budgets* budgets_ = nullptr;
  std::uint64_t cells_ = 0;
  std::string address_;
  memory_lease memory_;
  memory_lease paint_;
};

}  // namespace ariadne
