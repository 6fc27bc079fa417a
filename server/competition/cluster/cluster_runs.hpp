#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/store/results_store.hpp"

namespace ariadne {

// One run as another server lists it on /api/runs: its item's JSON text, and
// what the list needs to place and filter it.
struct peer_run {
  std::uint64_t run = 0;
  std::string started_at;  // as the item says it (ISO 8601, UTC): sorts in time
  bool active = false;
  // A ranked run with its counters shown: that server already reveals them.
  bool revealing = false;
  std::string item;
};

// The cluster's runs: what this server lists on /api/runs (its runs in
// memory), published for the other servers on the same store with each
// heartbeat while it shares the store, and what they published, read back
// (the store's node_runs). A server's document is read again only when it
// changed, and only the living servers' are kept. Thread-safe.
class cluster_runs {
 public:
  // This server's runs, as a JSON array of /api/runs items.
  using source = std::function<std::string()>;
  // At most this many runs of one server reach the others' lists: its
  // latest in play, then its latest ended.
  static constexpr std::size_t most_published = 2000;

  void set_source(source s);
  // This server's document, from the source ("" without one).
  std::string local() const;

  // On the store thread: the versions known, and what the other living
  // servers published (a document left empty is known already).
  std::map<std::string, std::int64_t, std::less<>> known() const;
  void received(std::vector<published_runs_record> records);
  // On the leaderboard thread: reads the documents received since.
  void digest();

  // Any thread: the other servers' runs, by server then as each lists them.
  std::shared_ptr<const std::vector<peer_run>> peers() const;

 private:
  mutable std::mutex mutex_;
  source source_;
  // Per server: the version read and its runs (received, then digested).
  struct published {
    std::int64_t written_ms = 0;
    std::string document;  // waiting for digest(); "" once read
    std::vector<peer_run> runs;
  };
  std::map<std::string, published, std::less<>> servers_;
  bool pending_ = false;
  std::shared_ptr<const std::vector<peer_run>> peers_ =
      std::make_shared<const std::vector<peer_run>>();
};

}  // namespace ariadne
