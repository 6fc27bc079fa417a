#include "server/store/store_writer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <future>
#include <stdexcept>
#include <thread>
#include <vector>

#include "server/store/sqlite_store.hpp"

namespace ariadne {
namespace {

// A store that records what happened, to see transactions and order.
class recording_store : public results_store {
 public:
  std::vector<std::string>* log;
  explicit recording_store(std::vector<std::string>* l) : log(l) {}
  void begin() override { log->push_back("begin"); }
  void commit() override { log->push_back("commit"); }
  void rollback() override { log->push_back("rollback"); }
  std::optional<std::string> meta(std::string_view) override { return std::nullopt; }
  void set_meta(std::string_view key, std::string_view) override {
    if (key == "fail") throw std::runtime_error("planted failure");
    log->push_back(std::string(key));
  }
  bool add_competitor(std::string_view, std::string_view, std::int64_t) override { return true; }
  bool set_token(std::string_view, std::string_view) override { return true; }
  bool revoke(std::string_view) override { return true; }
  std::vector<competitor_record> competitors() override { return {}; }
  std::optional<competitor_record> competitor_by_token(std::string_view) override {
    return std::nullopt;
  }
  std::vector<challenge_record> challenges() override { return {}; }
  void put_challenge(const challenge_record&) override {}
  void insert_run(const ranked_run_record&) override {}
  void finish_run(const ranked_run_record&) override {}
  std::string integrity_check() override { return "ok"; }
  std::vector<ranked_run_record> runs() override { return {}; }
  std::optional<ranked_run_record> run_by_number(std::uint64_t) override { return std::nullopt; }
  std::uint64_t last_run_number() override { return 0; }
  std::size_t delete_runs() override { return 0; }
  std::size_t interrupt_in_play(std::int64_t, bool) override { return 0; }
};

TEST(store_writer, done_follows_commit_in_order_and_a_failing_job_spares_the_rest) {
  std::vector<std::string> log;
  std::vector<std::pair<std::string, bool>> done;
  std::promise<void> finished;
  {
    store_writer writer(std::make_unique<recording_store>(&log));
    for (const char* key : {"one", "fail", "two"}) {
      writer.submit([key](results_store& s) { s.set_meta(key, ""); },
                    [&done, key](bool ok) { done.emplace_back(key, ok); });
    }
  }  // the destructor drains the queue
  ASSERT_EQ(done.size(), 3U);
  EXPECT_EQ(done[0], std::make_pair(std::string("one"), true));
  EXPECT_EQ(done[1], std::make_pair(std::string("fail"), false));
  EXPECT_EQ(done[2], std::make_pair(std::string("two"), true));
  // Every write sits between a begin and a commit.
  ASSERT_GE(log.size(), 4U);
  EXPECT_EQ(log.front(), "begin");
  EXPECT_EQ(log.back(), "commit");
}

TEST(store_writer, many_writes_share_commits) {
  const auto path = std::filesystem::temp_directory_path() / "ariadne-writer.db";
  for (const char* suffix : {"", "-wal", "-shm"})
    std::filesystem::remove(path.string() + suffix);
  std::atomic<int> durable{0};
  std::uint64_t commits = 0;
  {
    store_writer writer(std::make_unique<sqlite_store>(path.string()));
    for (int i = 0; i < 2000; ++i) {
      writer.submit([i](results_store& s) { s.set_meta("k" + std::to_string(i), "v"); },
                    [&durable](bool ok) { durable += ok ? 1 : 0; });
    }
    while (writer.backlog() > 0)
      std::this_thread::yield();
    commits = writer.commits();
  }
  EXPECT_EQ(durable.load(), 2000);
  EXPECT_LT(commits, 2000U);  // grouped
  sqlite_store check(path.string(), sqlite_store::access::read_only);
  EXPECT_EQ(*check.meta("k1999"), "v");
}

}  // namespace
}  // namespace ariadne
