#include "server/competition/rules/competition_rules.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/maze/maze_spec.hpp"
#include "core/model/limits.hpp"
#include "core/play/request_check.hpp"

namespace ariadne {

namespace {

using json = nlohmann::json;

[[noreturn]] void fail(const std::string& where, const std::string& what) {
  throw competition_error(where + ": " + what);
}

void only_fields(const json& object, const std::string& where,
                 std::initializer_list<const char*> known) {
  for (const auto& [key, value] : object.items()) {
    bool found = false;
    for (const char* k : known)
      found = found || key == k;
    if (!found) fail(where + "." + key, "unknown field");
  }
}

const json* member(const json& object, const char* key) {
  const auto it = object.find(key);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

std::optional<std::uint64_t> whole(const json& object, const char* key, const std::string& where) {
  const json* value = member(object, key);
  if (value == nullptr) return std::nullopt;
  if (value->is_number_unsigned()) return value->get<std::uint64_t>();
  fail(where + "." + key, "must be a whole number of at least 0");
}

std::optional<std::string> text(const json& object, const char* key, const std::string& where) {
  const json* value = member(object, key);
  if (value == nullptr) return std::nullopt;
  if (!value->is_string()) fail(where + "." + key, "must be a string");
  return value->get<std::string>();
}

// A set of mazes is played in one sitting; the deals of a challenge stay
// below a million, as its attempts always did.
constexpr std::uint64_t max_set_mazes = 1000;
constexpr std::uint64_t max_deals = 1000000;

bool id_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}

challenge read_challenge(const json& c, const std::string& where, const maze_catalog& catalog,
                         const host_limits& host) {
  if (!c.is_object()) fail(where, "must be an object");
  only_fields(c, where,
              {"id", "maze", "weight", "attempts", "mazes", "mark", "keep", "treasures",
               "max_steps", "reuse_walls_removed", "time_limit_ms"});
  challenge ch;
  const auto id = text(c, "id", where);
  if (!id || id->empty() || id->size() > limits::challenge.max_length) {
    fail(where + ".id", "must be a string of 1 to 64 characters");
  }
  for (const char k : *id) {
    if (!id_character(k)) fail(where + ".id", "may hold only letters, digits, '-', '_' and '.'");
  }
  ch.id = *id;
  const json* maze = member(c, "maze");
  if (maze == nullptr || !maze->is_object()) fail(where + ".maze", "must be an object");
  const std::string maze_where = where + ".maze";
  only_fields(*maze, maze_where, {"name", "generator", "width", "height", "loops", "seed"});
  if (member(*maze, "seed") != nullptr) {
    fail(maze_where + ".seed", "a challenge names no seed: seeds come from the server's secret");
  }
  maze_request& m = ch.request.maze;
  m.name = text(*maze, "name", maze_where);
  m.generator = text(*maze, "generator", maze_where);
  if (!m.name && !m.generator) fail(maze_where, "needs a \"generator\" or a \"name\"");
  const auto side = [&](const char* key) -> std::optional<std::int32_t> {
    const auto v = whole(*maze, key, maze_where);
    if (!v) return std::nullopt;
    if (*v > 1'000'000) fail(maze_where + "." + key, "is too large");
    return static_cast<std::int32_t>(*v);
  };
  m.width = side("width");
  m.height = side("height");
  if (const json* loops = member(*maze, "loops")) {
    if (!loops->is_number()) fail(maze_where + ".loops", "must be a number from 0 to 1");
    m.loops = loops->get<double>();
  }
  const auto small = [&](const char* key) -> std::optional<std::uint32_t> {
    const auto v = whole(c, key, where);
    if (!v) return std::nullopt;
    if (*v > 1'000'000'000) fail(where + "." + key, "is too large");
    return static_cast<std::uint32_t>(*v);
  };
  ch.request.treasures = small("treasures");
  ch.request.reuse_walls_removed = small("reuse_walls_removed");
  ch.request.max_steps = whole(c, "max_steps", where);
  ch.request.time_limit_ms = whole(c, "time_limit_ms", where);
  if (auto problem = check_request(ch.request)) fail(where, problem->message);
  if (auto problem = check_host(ch.request, catalog, host)) fail(where, problem->message);
  if (const json* weight = member(c, "weight")) {
    if (!weight->is_number() || !std::isfinite(weight->get<double>()) ||
        weight->get<double>() <= 0 || weight->get<double>() > 1e6) {
      fail(where + ".weight", "must be a number above 0 (at most 1000000)");
    }
    ch.weight = weight->get<double>();
  }
  if (const auto attempts = whole(c, "attempts", where)) {
    if (*attempts < 1 || *attempts > 1000000) {
      fail(where + ".attempts", "must be from 1 to 1000000");
    }
    ch.attempts = static_cast<std::uint32_t>(*attempts);
  }
  if (const auto mazes = whole(c, "mazes", where)) {
    if (*mazes < 1 || *mazes > max_set_mazes) {
      fail(where + ".mazes", "must be from 1 to " + std::to_string(max_set_mazes));
    }
    ch.mazes = static_cast<std::uint32_t>(*mazes);
  }
  if (const auto mark = text(c, "mark", where)) {
    const auto rule = parse_mark_rule(*mark);
    bool offered = false;
    std::string names;
    for (const mark_rule r : offered_marks) {
      offered = offered || rule == r;
      names += std::string(names.empty() ? "\"" : ", \"") + std::string(to_string(r)) + "\"";
    }
    if (!offered) fail(where + ".mark", "must be one of " + names);
    ch.mark = *rule;
  }
  if (const auto keep = text(c, "keep", where)) {
    const auto rule = parse_attempts_rule(*keep);
    if (!rule) fail(where + ".keep", "must be \"all\", \"best\" or \"last\"");
    ch.keep = *rule;
  }
  if (static_cast<std::uint64_t>(ch.mazes) * ch.attempts > max_deals) {
    fail(where, "mazes x attempts must be at most " + std::to_string(max_deals));
  }
  if (m.name) {
    const auto layout = catalog.find(*m.name);
    ch.width = layout->walls.width();
    ch.height = layout->walls.height();
    ch.label = *m.name;
  } else {
    // What set_up_run will generate: the request's fields or their defaults.
    ch.width = m.width.value_or(default_side);
    ch.height = m.height.value_or(default_side);
    ch.label = m.generator.value_or(std::string(default_generator));
  }
  if (ch.mark == mark_rule::reference_sum &&
      static_cast<std::int64_t>(ch.width) * ch.height > reference_max_cells) {
    // The server plays the reference bot on every maze it deals.
    fail(where + ".mark", "\"reference_sum\" is for mazes of at most " +
                              std::to_string(reference_max_cells) +
                              " cells (64 x 64); this one has " +
                              std::to_string(static_cast<std::int64_t>(ch.width) * ch.height));
  }
  json definition = json::object();
  json maze_json = json::object();
  if (m.name) maze_json["name"] = *m.name;
  if (m.generator) maze_json["generator"] = *m.generator;
  if (m.width) maze_json["width"] = *m.width;
  if (m.height) maze_json["height"] = *m.height;
  if (m.loops) maze_json["loops"] = *m.loops;
  definition["maze"] = maze_json;
  if (ch.request.treasures) definition["treasures"] = *ch.request.treasures;
  if (ch.request.reuse_walls_removed) {
    definition["reuse_walls_removed"] = *ch.request.reuse_walls_removed;
  }
  if (ch.request.max_steps) definition["max_steps"] = *ch.request.max_steps;
  if (ch.request.time_limit_ms) definition["time_limit_ms"] = *ch.request.time_limit_ms;
  definition["weight"] = ch.weight;
  definition["attempts"] = ch.attempts;
  // Absent at the values of one-maze challenges before sets, so that a
  // competition of those days starts again unchanged.
  if (ch.mazes != 1) definition["mazes"] = ch.mazes;
  if (ch.mark != mark_rule::sum_ratio) definition["mark"] = std::string(to_string(ch.mark));
  if (ch.keep != keep_before_sets) definition["keep"] = std::string(to_string(ch.keep));
  // What a maze not found costs, wherever it counts (the store keeps it for
  // ariadne-admin, which has no maze files).
  if (ch.keep != keep_before_sets || ch.mazes != 1) definition["move_budget"] = ch.move_budget();
  ch.definition = definition.dump();  // keys sorted: canonical
  return ch;
}

}  // namespace

std::uint64_t challenge::move_budget() const {
  return request.max_steps.value_or(limits::default_moves_per_cell *
                                    static_cast<std::uint64_t>(width) *
                                    static_cast<std::uint64_t>(height));
}

const challenge* competition_rules::find(std::string_view id) const {
  for (const challenge& c : challenges) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

bool competition_rules::needs_reference(std::string_view challenge) const {
  const struct challenge* c = find(challenge);
  return c != nullptr && c->mark == mark_rule::reference_sum;
}

std::uint64_t competition_rules::reference_cost(std::string_view challenge,
                                                const run_result& played) const {
  const struct challenge* c = find(challenge);
  if (c == nullptr) return 0;
  return maze_cost(played_of(played), c->move_budget());
}

request_error competition_rules::unknown(std::string_view id) const {
  std::string known;
  for (const challenge& k : challenges)
    known += (known.empty() ? "" : ", ") + k.id;
  return request_error{errc::unknown_challenge, "no challenge is called \"" +
                                                    std::string(id.substr(0, 64)) +
                                                    "\"; the challenges are: " + known};
}

competition_rules parse_competition(std::string_view text_in, const maze_catalog& catalog,
                                    const host_limits& host) {
  const json doc = json::parse(text_in, nullptr, false);
  if (doc.is_discarded()) fail("the file", "is not valid JSON");
  if (!doc.is_object()) fail("the file", "must hold a JSON object");
  only_fields(doc, "competition",
              {"name", "opens_at", "closes_at", "practice", "seeds", "challenges"});
  competition_rules rules;
  const auto name = text(doc, "name", "competition");
  if (!name) fail("competition.name", "is missing");
  if (auto problem = check(text_limit{"name", 64}, *name))
    fail("competition.name", problem->message);
  rules.name = *name;
  for (const auto& [key, target] :
       {std::pair{"opens_at", &rules.opens_at}, std::pair{"closes_at", &rules.closes_at}}) {
    if (const auto when = text(doc, key, "competition")) {
      *target = parse_time(*when);
      if (!*target) {
        fail(std::string("competition.") + key,
             "must be a UTC time like \"2026-12-01T00:00:00Z\", not \"" + *when + "\"");
      }
    }
  }
  if (rules.opens_at && rules.closes_at && *rules.closes_at <= *rules.opens_at) {
    fail("competition.closes_at", "must be after opens_at");
  }
  if (const json* practice = member(doc, "practice")) {
    if (!practice->is_boolean()) fail("competition.practice", "must be true or false");
    rules.practice = practice->get<bool>();
  }
  if (const auto seeds = text(doc, "seeds", "competition")) {
    if (*seeds == "shared") {
      rules.seeds = seed_mode::shared;
    } else if (*seeds == "per_competitor") {
      rules.seeds = seed_mode::per_competitor;
    } else {
      fail("competition.seeds", "must be \"shared\" or \"per_competitor\"");
    }
  }
  const json* list = member(doc, "challenges");
  if (list == nullptr || !list->is_array() || list->empty()) {
    fail("competition.challenges", "must be a list of at least one challenge");
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const std::string where = "challenges[" + std::to_string(i) + "]";
    challenge c = read_challenge((*list)[i], where, catalog, host);
    if (!ids.insert(c.id).second) fail(where + ".id", "\"" + c.id + "\" is used twice");
    rules.challenges.push_back(std::move(c));
  }
  return rules;
}

competition_rules load_competition(const std::string& path, const maze_catalog& catalog,
                                   const host_limits& host) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw competition_error("competition file " + path + ": cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  try {
    return parse_competition(text.str(), catalog, host);
  } catch (const competition_error& e) {
    throw competition_error("competition file " + path + ": " + e.what());
  }
}

std::string_view to_string(seed_mode mode) {
  return mode == seed_mode::shared ? "shared" : "per_competitor";
}

std::vector<challenge_record> challenge_records(const competition_rules& rules) {
  std::vector<challenge_record> list;
  for (std::size_t i = 0; i < rules.challenges.size(); ++i) {
    const challenge& c = rules.challenges[i];
    list.push_back({c.id, static_cast<std::int32_t>(i), c.weight, c.definition});
  }
  return list;
}

}  // namespace ariadne
