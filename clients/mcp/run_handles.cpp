#include "clients/mcp/run_handles.hpp"

namespace ariadne::mcp {

std::uint64_t run_handles::issue(std::uint64_t run) {
  highest_ = run > highest_ ? run : highest_ + 1;
  return highest_;
}

void run_handles::keep(std::uint64_t handle, report r) {
  ended_[handle] = std::move(r);
  if (ended_.size() > kept) ended_.erase(ended_.begin());
}

const run_handles::report* run_handles::find(std::uint64_t handle) const {
  const auto at = ended_.find(handle);
  return at == ended_.end() ? nullptr : &at->second;
}

}  // namespace ariadne::mcp
