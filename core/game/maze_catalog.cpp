#include "core/game/maze_catalog.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "core/maze/format_error.hpp"
#include "core/maze/micromouse_text.hpp"

namespace ariadne {

maze_catalog maze_catalog::load(const std::filesystem::path& dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    throw std::runtime_error("maze directory " + dir.string() + " is not a readable directory");
  }
  maze_catalog catalog;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".txt") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    if (!in) throw std::runtime_error("cannot read maze file " + entry.path().string());
    std::ostringstream text;
    text << in.rdbuf();
    try {
      catalog.add(entry.path().stem().string(), read_micromouse_text(text.str()));
    } catch (const format_error& e) {
      throw std::runtime_error(entry.path().string() + ": " + e.what());
    }
  }
  if (ec)
    throw std::runtime_error("cannot list maze directory " + dir.string() + ": " + ec.message());
  return catalog;
}

void maze_catalog::add(std::string name, maze_layout layout) {
  mazes_[std::move(name)] = std::make_shared<const maze_layout>(std::move(layout));
}

std::shared_ptr<const maze_layout> maze_catalog::find(const std::string& name) const {
  const auto it = mazes_.find(name);
  return it == mazes_.end() ? nullptr : it->second;
}

std::vector<std::string> maze_catalog::names() const {
  std::vector<std::string> names;
  names.reserve(mazes_.size());
  for (const auto& [name, layout] : mazes_)
    names.push_back(name);
  return names;
}

}  // namespace ariadne
