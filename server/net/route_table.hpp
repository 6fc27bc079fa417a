#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ariadne {

// Handlers by request path: an exact path (add), or every path under a
// prefix that ends with '/' (add_prefix); the query is ignored. An exact
// path wins over a prefix, a longer prefix over a shorter one. Set up
// before the server starts; read-only afterwards.
template <typename Handler>
class route_table {
 public:
  void add(std::string path, Handler handler) {
    entries_.push_back({std::move(path), false, std::move(handler)});
  }
  void add_prefix(std::string prefix, Handler handler) {
    entries_.push_back({std::move(prefix), true, std::move(handler)});
  }

  // The handler for a target (path and query), or nullptr.
  const Handler* find(std::string_view target) const {
    const std::string_view path = target.substr(0, target.find('?'));
    const entry* best = nullptr;
    for (const auto& e : entries_) {
      if (!e.prefix && path == e.path) return &e.handler;
      if (e.prefix && path.starts_with(e.path) &&
          (best == nullptr || e.path.size() > best->path.size()))
        best = &e;
    }
    return best != nullptr ? &best->handler : nullptr;
  }

 private:
  struct entry {
    std::string path;
    bool prefix = false;
    Handler handler;
  };
  std::vector<entry> entries_;
};

}  // namespace ariadne
