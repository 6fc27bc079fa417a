#include "core/play/run_setup.hpp"

#include <algorithm>

#include "core/maze/generators.hpp"
#include "core/model/limits.hpp"
#include "core/play/request_check.hpp"

namespace ariadne {

namespace {

// Per cell, beyond generating: the breadth-first search that places the
// treasure (about 60 ns), loops, and the copy of a named maze.
constexpr std::uint64_t setup_cost_per_cell = 8;

}  // namespace

std::uint64_t request_cells(const run_request& request, const maze_catalog& catalog) {
  const maze_request& m = request.maze;
  if (m.name) {
    const auto found = catalog.find(*m.name);
    return found ? found->walls.cell_count() : 0;
  }
  return static_cast<std::uint64_t>(m.width.value_or(default_side)) *
         static_cast<std::uint64_t>(m.height.value_or(default_side));
}

std::uint64_t costliest_setup(std::uint64_t cells) {
  std::uint64_t worst = cells * setup_cost_per_cell;  // a named maze
  for (const auto& generator : all_generators()) {
    worst = std::max(
        worst, cells * (generator.cost_per_cell + setup_cost_per_cell) + generator.cost_fixed);
  }
  return worst;
}

std::optional<request_error> check_host(const run_request& request, const maze_catalog& catalog,
                                        const host_limits& host) {
  const maze_request& m = request.maze;
  if (m.name && !catalog.find(*m.name)) {
    return request_error{errc::unknown_maze,
                         "no maze named '" + *m.name + "'; GET /api/mazes lists them"};
  }
  const std::uint64_t cells = request_cells(request, catalog);
  if (cells <= host.max_maze_cells) return std::nullopt;
  if (m.name) return request_error{errc::too_large, "that maze is larger than this server allows"};
  return request_error{errc::too_large, "a " + std::to_string(m.width.value_or(default_side)) +
                                            "x" + std::to_string(m.height.value_or(default_side)) +
                                            " maze has more than the " +
                                            std::to_string(host.max_maze_cells) +
                                            " cells this server allows"};
}

std::uint64_t setup_cost(const run_request& request, const maze_catalog& catalog) {
  const std::uint64_t cells = request_cells(request, catalog);
  if (request.maze.name) return cells * setup_cost_per_cell;
  const generator_info* generator =
      find_generator(request.maze.generator.value_or(std::string(default_generator)));
  if (generator == nullptr) return 0;
  return cells * (generator->cost_per_cell + setup_cost_per_cell) + generator->cost_fixed;
}

std::variant<run, request_error> set_up_run(const run_request& request, const maze_catalog& catalog,
                                            const host_limits& host, std::uint64_t run_id,
                                            std::uint64_t seed_if_absent,
                                            run::clock::time_point now, run_observer* observer) {
  if (auto problem = check_request(request)) return std::move(*problem);
  if (auto problem = check_host(request, catalog, host)) return std::move(*problem);
  return set_up_checked_run(request, catalog, host, run_id, seed_if_absent, now, observer);
}

std::variant<run, request_error> set_up_checked_run(const run_request& request,
                                                    const maze_catalog& catalog,
                                                    const host_limits& host, std::uint64_t run_id,
                                                    std::uint64_t seed_if_absent,
                                                    run::clock::time_point now,
                                                    run_observer* observer) {
  const maze_request& m = request.maze;
  const std::uint64_t seed = m.seed.value_or(seed_if_absent);
  maze_layout layout{grid(1, 1), std::nullopt, {}};
  maze_source source;
  if (m.name) {
    layout = *catalog.find(*m.name);
    source.name = *m.name;
  } else {
    source.spec.generator = m.generator.value_or(std::string(default_generator));
    source.spec.width = m.width.value_or(default_side);
    source.spec.height = m.height.value_or(default_side);
    source.spec.seed = seed;
    source.spec.loops = m.loops.value_or(limits::default_loops);
    layout.walls = generate(source.spec);
  }
  run_options options;
  options.treasures = request.treasures.value_or(limits::default_treasures);
  options.max_steps = request.max_steps.value_or(0);
  options.reuse_walls_removed =
      request.reuse_walls_removed.value_or(limits::default_reuse_walls_removed);
  options.bump_penalty = host.bump_penalty;
  std::uint64_t limit_ms = request.time_limit_ms.value_or(limits::default_time_limit_ms);
  if (host.max_run_ms != 0 && (limit_ms == 0 || limit_ms > host.max_run_ms)) {
    limit_ms = host.max_run_ms;
  }
  options.time_limit = std::chrono::milliseconds(limit_ms);
  std::string problem;
  auto created = run::create(run_id, std::move(layout), std::move(source), seed, options, now,
                             observer, problem);
  if (!created) return request_error{errc::invalid_maze, problem};
  return std::move(*created);
}

}  // namespace ariadne
