#include "tools/simulation/simulation.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"
#include "server/competition/rules/secrets.hpp"

namespace ariadne {

namespace {

maze_played play_one(local_drone& drone, const std::string& bot_name, const run_request& request) {
  drone.start(request);
  return played_of(finish_game(drone, *make_bot(bot_name)));
}

// One secret's deals on one challenge, every bot.
std::vector<std::vector<maze_played>> play_run(const challenge& c, seed_mode seeds,
                                               const std::string& secret,
                                               const std::vector<std::string>& bots,
                                               const simulation_options& options,
                                               local_drone& drone) {
  std::vector<std::vector<maze_played>> out(bots.size());
  std::map<std::uint64_t, std::uint64_t> reference_cost;  // by seed
  const std::uint32_t deals = c.attempts * c.mazes;
  const auto reference_bot = static_cast<std::size_t>(
      std::find(bots.begin(), bots.end(), options.reference) - bots.begin());
  for (std::size_t b = 0; b < bots.size(); ++b) {
    out[b].reserve(deals);
    const std::string_view competitor =
        seeds == seed_mode::per_competitor ? std::string_view(bots[b]) : std::string_view();
    for (std::uint32_t deal = 1; deal <= deals; ++deal) {
      run_request request = c.request;
      request.maze.seed = deal_seed(secret, c.id, deal, competitor);
      // A time limit reads the wall clock: a loaded machine would change the
      // figures. Offline, the bots never wait on anything anyway.
      request.time_limit_ms.reset();
      maze_played m = play_one(drone, bots[b], request);
      if (options.references) {
        const std::uint64_t seed = *request.maze.seed;
        if (!reference_cost.contains(seed)) {
          const bool same_maze = seeds == seed_mode::shared && reference_bot < b;
          const maze_played r = same_maze ? out[reference_bot][deal - 1]
                                          : play_one(drone, options.reference, request);
          reference_cost[seed] = maze_cost(r, c.move_budget());
        }
        m.reference = reference_cost[seed];
      }
      out[b].push_back(m);
    }
  }
  return out;
}

}  // namespace

competition_plays play_competition(const competition_rules& rules, const maze_catalog& catalog,
                                   const host_limits& host, const simulation_options& options) {
  competition_plays plays;
  plays.seeds = rules.seeds;
  plays.bots = options.bots;
  if (plays.bots.empty()) {
    for (const bot_info& info : all_bots())
      plays.bots.emplace_back(info.name);
  }
  for (const std::string& name : plays.bots) {
    if (!make_bot(name)) throw std::invalid_argument("no bundled bot is called \"" + name + "\"");
  }
  if (options.references && !make_bot(options.reference)) {
    throw std::invalid_argument("no bundled bot is called \"" + options.reference + "\"");
  }
  for (const challenge& c : rules.challenges) {
    challenge_plays p;
    p.rules = &c;
    p.outcomes.resize(options.runs);
    if (rules.seeds == seed_mode::per_competitor) p.common.resize(options.runs);
    plays.challenges.push_back(std::move(p));
  }
  // Work items: (challenge, run), taken in turn by the threads.
  const std::size_t items = plays.challenges.size() * options.runs;
  const unsigned jobs = std::max(
      1U, std::min<unsigned>(options.jobs != 0 ? options.jobs : std::thread::hardware_concurrency(),
                             static_cast<unsigned>(std::max<std::size_t>(items, 1))));
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  const auto work = [&] {
    local_drone drone(host, &catalog);
    for (std::size_t i = next++; i < items; i = next++) {
      challenge_plays& p = plays.challenges[i / options.runs];
      const std::size_t run = i % options.runs;
      const std::string secret = options.secret + "/" + std::to_string(run);
      try {
        p.outcomes[run] = play_run(*p.rules, rules.seeds, secret, plays.bots, options, drone);
        if (rules.seeds == seed_mode::per_competitor) {
          p.common[run] = play_run(*p.rules, seed_mode::shared, secret, plays.bots, options, drone);
        }
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = items;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 1; j < jobs; ++j)
    threads.emplace_back(work);
  work();
  for (std::thread& t : threads)
    t.join();
  if (failure) std::rethrow_exception(failure);
  return plays;
}

}  // namespace ariadne
