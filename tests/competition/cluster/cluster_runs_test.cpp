#include "server/competition/cluster/cluster_runs.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ariadne {
namespace {

// An /api/runs item as a server writes one: its keys in order.
std::string item(std::uint64_t run, const std::string& started, const std::string& status,
                 bool ranked = false, bool counters = true) {
  return std::string(R"({"ranked":)") + (ranked ? "true" : "false") + R"(,"run":)" +
         std::to_string(run) + R"(,"started_at":")" + started + R"(","status":")" + status +
         R"(","steps":)" + (counters ? "3" : "null") + "}";
}

std::vector<std::uint64_t> runs_of(const cluster_runs& runs) {
  std::vector<std::uint64_t> seen;
  for (const peer_run& p : *runs.peers())
    seen.push_back(p.run);
  return seen;
}

TEST(cluster_runs, reads_the_other_servers_documents_once_digested) {
  cluster_runs runs;
  runs.received({{"b", 1000, "[" + item(7, "2026-12-04T10:00:00Z", "active") + "]"},
                 {"c", 1000, "[" + item(9, "2026-12-04T10:00:01Z", "found") + "]"}});
  EXPECT_TRUE(runs.peers()->empty());  // not read yet
  runs.digest();
  const auto peers = runs.peers();
  ASSERT_EQ(peers->size(), 2U);
  EXPECT_EQ((*peers)[0].run, 7U);
  EXPECT_TRUE((*peers)[0].active);
  EXPECT_EQ((*peers)[0].started_at, "2026-12-04T10:00:00Z");
  EXPECT_EQ((*peers)[0].item, item(7, "2026-12-04T10:00:00Z", "active"));
  EXPECT_FALSE((*peers)[1].active);
  EXPECT_EQ(runs.known(),
            (std::map<std::string, std::int64_t, std::less<>>{{"b", 1000}, {"c", 1000}}));
}

TEST(cluster_runs, a_known_version_keeps_its_runs_and_a_server_gone_takes_its_own) {
  cluster_runs runs;
  runs.received({{"b", 1000, "[" + item(7, "t1", "active") + "]"},
                 {"c", 1000, "[" + item(9, "t2", "active") + "]"}});
  runs.digest();
  // b unchanged (its document not read again), c stopped beating.
  runs.received({{"b", 1000, ""}});
  runs.digest();
  EXPECT_EQ(runs_of(runs), (std::vector<std::uint64_t>{7}));
  runs.received({{"b", 2000, "[" + item(7, "t1", "found") + "," + item(8, "t3", "active") + "]"}});
  runs.digest();
  EXPECT_EQ(runs_of(runs), (std::vector<std::uint64_t>{7, 8}));
  EXPECT_FALSE((*runs.peers())[0].active);
  runs.received({});  // alone on the store
  runs.digest();
  EXPECT_TRUE(runs.peers()->empty());
}

TEST(cluster_runs, tells_a_revealed_ranked_run_and_leaves_out_what_does_not_read) {
  cluster_runs runs;
  runs.received({{"b", 1000,
                  "[" + item(1, "t", "active", true, false) + "," + item(2, "t", "found", true) +
                      R"(,{"run":-3,"started_at":"t","status":"active"},{"run":4},5])"},
                 {"c", 1000, "not json"}});
  runs.digest();
  const auto peers = runs.peers();
  ASSERT_EQ(peers->size(), 2U);
  EXPECT_FALSE((*peers)[0].revealing);  // its counters hidden
  EXPECT_TRUE((*peers)[1].revealing);
}

TEST(cluster_runs, local_is_the_sources_document) {
  cluster_runs runs;
  EXPECT_EQ(runs.local(), "");
  runs.set_source([] { return std::string("[]"); });
  EXPECT_EQ(runs.local(), "[]");
}

}  // namespace
}  // namespace ariadne
