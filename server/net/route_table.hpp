#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ariadne {

// Handlers by request path: a path matches an entry exactly, or, when the
// entry ends with '/', every path under it. The query is ignored. Set up
// before the server starts; read-only afterwards.
template <typename Handler>
class route_table {
 public:
  void add(std::string path, Handler handler) {
    entries_.push_back({std::move(path), std::move(handler)});
  }

  // The handler for a target (path and query), or nullptr.
  const Handler* find(std::string_view target) const {
    const std::string_view path = target.substr(0, target.find('?'));
    for (const auto& e : entries_) {
      const bool prefix = !e.path.empty() && e.path.back() == '/';
      if (path == e.path || (prefix && path.starts_with(e.path))) return &e.handler;
    }
    return nullptr;
  }

 private:
  struct entry {
    std::string path;
    Handler handler;
  };
  std::vector<entry> entries_;
};

}  // namespace ariadne
