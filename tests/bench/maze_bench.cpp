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
