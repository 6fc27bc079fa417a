#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/maze/maze_layout.hpp"

namespace ariadne {

// The named mazes a server offers: every micromouse text file (*.txt) of a
// directory, by file stem. Loaded once at startup and read-only afterwards, so
// sessions on any thread may share it.
class maze_catalog {
 public:
  maze_catalog() = default;

  // Throws std::runtime_error naming the file (and line and column) when the
  // directory cannot be read or a file is malformed.
  static maze_catalog load(const std::filesystem::path& dir);

  void add(std::string name, maze_layout layout);

  // The maze called name, or nullptr.
  std::shared_ptr<const maze_layout> find(const std::string& name) const;
  std::vector<std::string> names() const;
  std::size_t size() const { return mazes_.size(); }

 private:
  std::map<std::string, std::shared_ptr<const maze_layout>> mazes_;
};

}  // namespace ariadne
