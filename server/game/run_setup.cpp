#include "server/game/run_setup.hpp"

#include "server/maze/maze_spec.hpp"

namespace ariadne {

std::variant<run_setup, setup_failure> set_up_run(const run_request& request,
                                                  const maze_catalog& catalog,
                                                  const run_limits& limits, std::uint64_t run_id,
                                                  std::uint64_t seed_if_absent,
                                                  run::clock::time_point now,
                                                  run_observer* observer) {
  const maze_request& m = request.maze;
  const std::uint64_t seed = m.seed.value_or(seed_if_absent);
  maze_layout layout{grid(1, 1), std::nullopt, {}};
  std::string label;
  if (m.name) {
    const auto found = catalog.find(*m.name);
    if (!found) {
      return setup_failure{setup_problem::unknown_maze,
                           "no maze named '" + *m.name + "'; GET /api/mazes lists them"};
    }
    if (found->walls.cell_count() > limits.max_maze_cells) {
      return setup_failure{setup_problem::too_large, "that maze is larger than this server allows"};
    }
    layout = *found;
    label = *m.name;
  } else {
    maze_spec spec;
    spec.generator = m.generator.value_or(default_generator);
    spec.width = m.width.value_or(default_side);
    spec.height = m.height.value_or(default_side);
    spec.seed = seed;
    spec.loops = m.loops.value_or(0.0);
    if (auto problem = check(spec)) return setup_failure{setup_problem::invalid_maze, *problem};
    const auto cells =
        static_cast<std::uint64_t>(spec.width) * static_cast<std::uint64_t>(spec.height);
    if (cells > limits.max_maze_cells) {
      return setup_failure{setup_problem::too_large,
                           "a " + std::to_string(spec.width) + "x" + std::to_string(spec.height) +
                               " maze has more than the " + std::to_string(limits.max_maze_cells) +
                               " cells this server allows"};
    }
    layout.walls = generate(spec);
    label = spec.generator;
  }
  run_options options;
  options.treasures = request.treasures.value_or(1);
  options.max_steps = request.max_steps.value_or(0);
  options.reuse_walls_removed = request.reuse_walls_removed.value_or(0);
  options.bump_penalty = limits.bump_penalty;
  std::uint64_t limit_ms = request.time_limit_ms.value_or(0);
  if (limits.max_run_ms != 0 && (limit_ms == 0 || limit_ms > limits.max_run_ms)) {
    limit_ms = limits.max_run_ms;
  }
  options.time_limit = std::chrono::milliseconds(limit_ms);
  std::string problem;
  auto created = run::create(run_id, std::move(layout), seed, options, now, observer, problem);
  if (!created) return setup_failure{setup_problem::invalid_maze, problem};
  return run_setup{std::move(*created), std::move(label)};
}

}  // namespace ariadne
