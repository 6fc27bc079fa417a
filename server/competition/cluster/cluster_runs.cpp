#include "server/competition/cluster/cluster_runs.hpp"

#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

namespace ariadne {

namespace {

// A server's document as peer runs; items it cannot place are left out.
std::vector<peer_run> read_document(const std::string& node, const std::string& document) {
  std::vector<peer_run> runs;
  const nlohmann::json list = nlohmann::json::parse(document, nullptr, false);
  if (!list.is_array()) {
    spdlog::warn("the runs server '{}' published do not read as a list: left out", node);
    return runs;
  }
  for (const nlohmann::json& item : list) {
    if (!item.is_object()) continue;
    const auto run = item.find("run");
    const auto started = item.find("started_at");
    const auto status = item.find("status");
    if (run == item.end() || !run->is_number_unsigned() || started == item.end() ||
        !started->is_string() || status == item.end() || !status->is_string()) {
      continue;
    }
    const auto ranked = item.find("ranked");
    const auto steps = item.find("steps");
    const bool is_ranked = ranked != item.end() && ranked->is_boolean() && ranked->get<bool>();
    runs.push_back({run->get<std::uint64_t>(), started->get<std::string>(),
                    status->get_ref<const std::string&>() == "active",
                    is_ranked && steps != item.end() && !steps->is_null(),
                    item.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)});
  }
  return runs;
}

}  // namespace

void cluster_runs::set_source(source s) {
  std::lock_guard lock(mutex_);
  source_ = std::move(s);
}

std::string cluster_runs::local() const {
  source s;
  {
    std::lock_guard lock(mutex_);
    s = source_;
  }
  return s ? s() : std::string();
}

std::map<std::string, std::int64_t, std::less<>> cluster_runs::known() const {
  std::lock_guard lock(mutex_);
  std::map<std::string, std::int64_t, std::less<>> versions;
  for (const auto& [node, p] : servers_)
    versions.emplace(node, p.written_ms);
  return versions;
}

void cluster_runs::received(std::vector<published_runs_record> records) {
  std::lock_guard lock(mutex_);
  std::map<std::string, published, std::less<>> now;
  for (published_runs_record& r : records) {
    auto had = servers_.find(r.node);
    if (r.document.empty() && had != servers_.end() && had->second.written_ms == r.written_ms) {
      now.emplace(r.node, std::move(had->second));
      continue;
    }
    // Its runs as last read stay listed until the new document is read.
    std::vector<peer_run> runs;
    if (had != servers_.end()) runs = std::move(had->second.runs);
    now.emplace(r.node, published{r.written_ms, std::move(r.document), std::move(runs)});
    pending_ = true;
  }
  // A server that stopped beating is gone from the list.
  if (now.size() != servers_.size()) pending_ = true;
  servers_ = std::move(now);
}

void cluster_runs::digest() {
  std::map<std::string, std::string> documents;
  {
    std::lock_guard lock(mutex_);
    if (!pending_) return;
    for (auto& [node, p] : servers_) {
      if (!p.document.empty()) documents.emplace(node, std::exchange(p.document, std::string()));
    }
  }
  // Read outside the lock: the store thread may receive meanwhile.
  std::map<std::string, std::vector<peer_run>> read;
  for (const auto& [node, document] : documents)
    read.emplace(node, read_document(node, document));
  std::lock_guard lock(mutex_);
  auto all = std::make_shared<std::vector<peer_run>>();
  for (auto& [node, p] : servers_) {
    if (const auto fresh = read.find(node); fresh != read.end() && p.document.empty()) {
      p.runs = std::move(fresh->second);
    }
    all->insert(all->end(), p.runs.begin(), p.runs.end());
  }
  pending_ = std::any_of(servers_.begin(), servers_.end(),
                         [](const auto& entry) { return !entry.second.document.empty(); });
  peers_ = std::move(all);
}

std::shared_ptr<const std::vector<peer_run>> cluster_runs::peers() const {
  std::lock_guard lock(mutex_);
  return peers_;
}

}  // namespace ariadne
