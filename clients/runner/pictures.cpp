#include "clients/runner/pictures.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "bots/local_drone.hpp"
#include "clients/runner/games.hpp"
#include "core/maze/micromouse_text.hpp"
#include "core/maze/svg.hpp"

namespace ariadne {

std::string trail_text(const run& r, const std::vector<cell>& trail) {
  const cell start = trail.empty() ? r.position() : trail.front();
  std::string text = write_micromouse_text(maze_layout{r.maze(), start, {r.treasure()}});
  const auto line_length = static_cast<std::size_t>(4 * r.maze().width() + 2);
  for (const cell c : trail) {
    const auto line = static_cast<std::size_t>(2 * (r.maze().height() - 1 - c.y) + 1);
    char& centre = text[line * line_length + static_cast<std::size_t>(4 * c.x + 2)];
    if (centre == ' ') centre = '.';
  }
  return text;
}

void write_game_svg(const std::string& file, bot& player, const maze_options& maze,
                    std::uint64_t seed, const maze_catalog& catalog) {
  local_drone d(host_limits{}, &catalog);
  d.record_trail(true);
  play_game(d, player, maze, seed);
  const run& r = *d.current_run();
  svg_options picture;
  picture.path = d.trail();
  picture.visited = d.trail();
  std::ofstream out(file);
  out << write_svg(maze_layout{r.maze(), d.trail().front(), {r.treasure()}}, picture);
  if (!out) throw std::runtime_error("cannot write " + file);
}

std::string show_games(const std::vector<std::string>& bots, const player_factory& make_player,
                       const maze_options& maze, std::uint64_t seed, const maze_catalog& catalog) {
  std::ostringstream out;
  for (const auto& name : bots) {
    local_drone d(host_limits{}, &catalog);
    d.record_trail(true);
    const auto& r = play_game(d, *make_player(name), maze, seed);
    out << "\n"
        << name << ", seed " << seed << ": " << to_string(r.status) << " in " << r.steps
        << " steps (optimal " << r.optimal << ")\n"
        << trail_text(*d.current_run(), d.trail());
  }
  return out.str();
}

progress::progress(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), tty_(isatty(2) != 0) {}

void progress::tick(const std::string& bot) {
  std::lock_guard lock(mutex_);
  const std::size_t done = ++done_;
  if (!enabled_) return;
  if (tty_) {
    const std::size_t width = 40;
    const std::size_t filled = done * width / total_;
    std::fprintf(stderr, "\r[%s%s] %zu/%zu", std::string(filled, '=').c_str(),
                 std::string(width - filled, ' ').c_str(), done, total_);
    if (done == total_) std::fprintf(stderr, "\n");
  } else if (done * 10 / total_ != (done - 1) * 10 / total_ || done == total_) {
    std::fprintf(stderr, "%zu/%zu games played (last: %s)\n", done, total_, bot.c_str());
  }
}

}  // namespace ariadne
