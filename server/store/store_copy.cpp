#include "server/store/store_copy.hpp"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "server/store/store_error.hpp"

namespace ariadne {

namespace {

struct competition_copy {
  std::vector<std::pair<std::string, std::string>> meta;
  std::vector<competitor_record> competitors;
  std::vector<challenge_record> challenges;
  std::vector<ranked_run_record> runs;
};

// A store's meta without its schema's version, which is each store's own.
std::vector<std::pair<std::string, std::string>> settings(results_store& store) {
  auto all = store.every_meta();
  std::erase_if(all, [](const auto& entry) { return entry.first == "schema_version"; });
  return all;
}

competition_copy read_all(results_store& from) {
  competition_copy all;
  from.begin();
  try {
    all.meta = settings(from);
    all.competitors = from.competitors();
    all.challenges = from.challenges();
    all.runs = from.runs();
    // runs() leaves the moves out; a run numbered 0 (made before replays
    // were kept) has none.
    for (ranked_run_record& r : all.runs) {
      if (r.run == 0) continue;
      auto full = from.run_by_number(r.run);
      if (full) r.moves = std::move(full->moves);
    }
  } catch (...) {
    from.rollback();
    throw;
  }
  from.rollback();
  return all;
}

void refuse_unless_empty(results_store& to) {
  const std::size_t keys = settings(to).size();
  const std::size_t competitors = to.competitors().size();
  const std::size_t runs = to.runs().size();
  if (keys + competitors + to.challenges().size() + runs == 0) return;
  throw store_error("the target holds a competition already (" + std::to_string(competitors) +
                    " competitors, " + std::to_string(runs) +
                    " runs): copy only into an empty database");
}

void write_all(results_store& to, const competition_copy& all) {
  for (const auto& [key, value] : all.meta)
    to.set_meta(key, value);
  for (const competitor_record& c : all.competitors) {
    if (!to.add_competitor(c.name, c.token_hash, c.created_at_ms)) {
      throw store_error("competitor '" + c.name + "' twice in the source");
    }
    if (c.revoked) to.revoke(c.name);
  }
  // The target numbers its competitors itself: runs follow them by name.
  std::map<std::string, std::int64_t> ids;
  for (const competitor_record& c : to.competitors())
    ids[c.name] = c.id;
  for (const challenge_record& c : all.challenges)
    to.put_challenge(c);
  for (ranked_run_record r : all.runs) {
    const auto id = ids.find(r.competitor_name);
    if (id == ids.end())
      throw store_error("a run of an unknown competitor '" + r.competitor_name + "'");
    r.competitor = id->second;
    ranked_run_record started = r;
    started.status = ranked_status::in_play;
    if (!to.insert_run(started)) throw store_error("a run copied twice");
    if (r.status != ranked_status::in_play) to.finish_run(r);
  }
}

}  // namespace

copied_counts copy_store(results_store& from, results_store& to) {
  const competition_copy all = read_all(from);
  to.begin();
  try {
    refuse_unless_empty(to);
    write_all(to, all);
    to.commit();
  } catch (...) {
    to.rollback();
    throw;
  }
  return {all.competitors.size(), all.challenges.size(), all.runs.size(), all.meta.size()};
}

}  // namespace ariadne
