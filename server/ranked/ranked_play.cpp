#include "server/ranked/ranked_play.hpp"

#include "server/ranked/handed_runs.hpp"

namespace ariadne {

ranked_play::ranked_play(competition_hub& hub, run_host& host, settings configured)
    : hub_(hub), host_(host), settings_(configured), seats_(host, hub, configured.resume_window) {
  hub_.listen(this);
}

ranked_play::~ranked_play() {
  // Nothing of the hub's calls this once it returns; the seats go next.
  hub_.listen(nullptr);
}

std::optional<request_error> ranked_play::practice_refusal(const run_request& start,
                                                           time_point now) const {
  if (!hub_.rules().practice) {
    return request_error{
        errc::unauthorized,
        "this competition has no practice starts: start a challenge, "
        "{\"type\":\"start\",\"challenge\":\"ID\"}, after a hello with your token"};
  }
  if (start.maze.name && hub_.reserves_maze(*start.maze.name, now)) {
    return request_error{
        errc::unknown_maze,
        "the maze \"" + start.maze.name->substr(0, 64) +
            "\" is a competition challenge's: it opens to practice after the close"};
  }
  return std::nullopt;
}

std::optional<request_error> ranked_play::name_refusal(std::string_view name) const {
  if (!hub_.is_competitor_name(name)) return std::nullopt;
  return request_error{errc::bad_request, "\"" + std::string(name) +
                                              "\" is a competitor's name: say hello with its "
                                              "token, or choose another name"};
}

void ranked_play::stop() {
  stopping_.store(true, std::memory_order_release);
  seats_.give_back_parked();
}

void ranked_play::seat_moved(std::int64_t competitor, const std::string& node,
                             std::chrono::steady_clock::time_point read_from) {
  seats_.moved_elsewhere(competitor, node, read_from);
}

bool ranked_play::run_handed(const ranked_run_record& run) {
  return take_handed_run(host_, hub_, seats_, run);
}

void ranked_play::run_stranded(std::int64_t competitor) {
  seats_.stop_awaiting(competitor);
}

void ranked_play::token_withdrawn(std::int64_t competitor) {
  seats_.evict(competitor);
}

}  // namespace ariadne
