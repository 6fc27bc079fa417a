// libFuzzer target: a hostile server's replies, one protocol message per
// line, read by the SDK's reader and played by a bundled bot (the first byte
// picks it). The drone's checks must stop every impossible state before a bot
// indexes its arrays with it; the sanitizers catch any write that gets past.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "bots/bot.hpp"
#include "bots/drone.hpp"
#include "protocol/server_reader.hpp"

namespace {

using namespace ariadne;

// Answers each request with the next line of the input.
class scripted_drone : public drone {
 public:
  explicit scripted_drone(std::string_view script) : script_(script) {}
  std::uint64_t paint(const protocol::paint_message&) override { return 0; }

 protected:
  drone_state exchange(const protocol::client_message&) override {
    if (script_.empty()) throw drone_error("the script has ended");
    const auto end = script_.find('\n');
    const std::string_view line = script_.substr(0, end);
    script_ = end == std::string_view::npos ? std::string_view{} : script_.substr(end + 1);
    auto parsed = protocol::parse_server_message(line);
    auto* reply = std::get_if<protocol::server_reply>(&parsed);
    if (reply == nullptr) throw drone_error("unreadable");
    auto* state = std::get_if<protocol::state_message>(&reply->message);
    if (state == nullptr) throw drone_error("not a state");
    return std::move(*state);
  }

 private:
  std::string_view script_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto bots = all_bots();
  auto player = make_bot(bots[data[0] % bots.size()].name);
  scripted_drone d({reinterpret_cast<const char*>(data) + 1, size - 1});
  drone_limits limits;
  limits.max_cells = 4096;  // small mazes keep each input fast
  limits.max_moves = 100'000;
  d.set_limits(limits);
  try {
    d.start_challenge("fuzz");
    player->play(d);
  } catch (const drone_error&) {
  }
  return 0;
}
