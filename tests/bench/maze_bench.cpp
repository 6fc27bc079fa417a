// Generator and solver throughput. Figures and the command that produced them
// live in docs/benchmarks.md; run scripts/bench-maze.sh on a quiet machine.
#include <benchmark/benchmark.h>

#include "core/maze/generators.hpp"
#include "core/maze/solver.hpp"

namespace {

using namespace ariadne;

void bm_generator(benchmark::State& state, const generator_info* info) {
  const auto side = static_cast<std::int32_t>(state.range(0));
  std::uint64_t seed = 1;
  for (auto _ : state) {
    rng r(seed++);
    grid g = info->make(side, side, r);
    benchmark::DoNotOptimize(g);
  }
  state.counters["cells/s"] =
      benchmark::Counter(static_cast<double>(side) * side * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

// The shapes that cost a generator most for its cells (long thin mazes for the
// random walks), against its declared cost: "units/cell" is the time per cell
// in units of 10 ns, to compare with generator_info::cost_per_cell (plus
// cost_fixed spread over the cells).
void bm_worst_shape(benchmark::State& state, const generator_info* info) {
  const auto width = static_cast<std::int32_t>(state.range(0));
  const auto height = static_cast<std::int32_t>(state.range(1));
  std::uint64_t seed = 1;
  for (auto _ : state) {
    rng r(seed++);
    grid g = info->make(width, height, r);
    benchmark::DoNotOptimize(g);
  }
  const double cells = static_cast<double>(width) * height;
  state.counters["units/cell"] =
      benchmark::Counter(cells * static_cast<double>(state.iterations()) / 1e8,
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["declared"] = info->cost_per_cell + static_cast<double>(info->cost_fixed) / cells;
}

void bm_bfs(benchmark::State& state) {
  const auto side = static_cast<std::int32_t>(state.range(0));
  rng r(1);
  const grid g = generators::recursive_backtracker(side, side, r);
  for (auto _ : state) {
    auto distance = distances_from(g, cell{0, 0});
    benchmark::DoNotOptimize(distance);
  }
  state.counters["cells/s"] =
      benchmark::Counter(static_cast<double>(side) * side * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

const int registered = [] {
  for (const auto& info : all_generators()) {
    auto* b = benchmark::RegisterBenchmark(("generate/" + std::string(info.name)).c_str(),
                                           bm_generator, &info);
    b->Arg(64)->Arg(256)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("worst/" + std::string(info.name)).c_str(), bm_worst_shape, &info)
        ->Args({1024, 1024})
        ->Args({8192, 128})
        ->Args({8192, 8})
        ->Args({8192, 1})
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RegisterBenchmark("bfs_distances", bm_bfs)
      ->Arg(64)
      ->Arg(256)
      ->Arg(2048)
      ->Unit(benchmark::kMillisecond);
  return 0;
}();

}  // namespace

BENCHMARK_MAIN();
