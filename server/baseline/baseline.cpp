#include "server/baseline/baseline.hpp"

#include <charconv>
#include <map>

#include <nlohmann/json.hpp>

#include "bots/bot.hpp"
#include "bots/local_drone.hpp"
#include "core/model/limits.hpp"
#include "core/model/whole_number.hpp"
#include "core/play/request_check.hpp"
#include "core/play/run_setup.hpp"

namespace ariadne {
namespace {

bool read_fraction(std::string_view text, double& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::variant<run_request, std::string> parse_baseline_query(std::string_view query) {
  std::map<std::string, std::string, std::less<>> fields;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (eq == std::string_view::npos) return "each query field is name=value";
    fields[std::string(pair.substr(0, eq))] = std::string(pair.substr(eq + 1));
  }
  for (const char* key : {"generator", "width", "height", "loops", "seed"}) {
    if (!fields.contains(key)) return std::string("the query needs ") + key;
  }
  if (fields.size() != 5) return "the query takes generator, width, height, loops and seed only";
  run_request request;
  const auto width = parse_whole<std::int32_t>(fields["width"]);
  const auto height = parse_whole<std::int32_t>(fields["height"]);
  const auto seed = parse_whole<std::uint64_t>(fields["seed"]);
  double loops = 0;
  if (!width || !height) return "width and height must be whole numbers";
  if (!seed) return "seed must be a whole number";
  if (!read_fraction(fields["loops"], loops)) return "loops must be a number";
  if (*width > baseline_max_side || *height > baseline_max_side) {
    return "a baseline maze is at most " + std::to_string(baseline_max_side) + " cells a side";
  }
  request.maze.generator = fields["generator"];
  request.maze.width = *width;
  request.maze.height = *height;
  request.maze.loops = loops;
  request.maze.seed = *seed;
  if (auto problem = check_request(request)) return problem->message;
  return request;
}

std::uint64_t play_offline_cost(std::uint64_t cells, std::uint64_t moves) {
  return costliest_setup(cells) + moves;
}

std::uint64_t baseline_cost(const run_request& request) {
  const std::uint64_t cells = static_cast<std::uint64_t>(*request.maze.width) *
                              static_cast<std::uint64_t>(*request.maze.height);
  return all_bots().size() * play_offline_cost(cells, cells * limits::default_moves_per_cell);
}

run_result play_offline(std::string_view bot, run_request request, const maze_catalog& catalog,
                        const host_limits& host) {
  request.time_limit_ms.reset();
  local_drone drone(host, &catalog);
  drone.start(request);
  return finish_game(drone, *make_bot(bot));
}

std::string baseline_json(const run_request& request, const maze_catalog& catalog,
                          const host_limits& host) {
  using json = nlohmann::json;
  json bots = json::array();
  std::uint64_t optimal = 0;
  for (const bot_info& info : all_bots()) {
    const run_result r = play_offline(info.name, request, catalog, host);
    optimal = r.optimal;
    bots.push_back({{"bot", info.name},
                    {"status", to_string(r.status)},
                    {"steps", r.steps},
                    {"bumps", r.bumps},
                    {"score", r.score},
                    {"optimal", r.optimal},
                    {"efficiency", r.efficiency}});
  }
  const json doc = {{"maze",
                     {{"generator", *request.maze.generator},
                      {"width", *request.maze.width},
                      {"height", *request.maze.height},
                      {"loops", *request.maze.loops},
                      {"seed", *request.maze.seed}}},
                    {"optimal", optimal},
                    {"bots", std::move(bots)}};
  return doc.dump() + "\n";
}

}  // namespace ariadne
