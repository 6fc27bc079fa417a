// libFuzzer target: the full protocol readers. parse_client_message and
// parse_server_message take any bytes and never throw; a message they accept
// is written back and read again as the same message.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "protocol/client_reader.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/server_reader.hpp"

namespace {

using namespace ariadne::protocol;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto client = parse_client_message(text);
  if (const auto* request = std::get_if<client_request>(&client)) {
    const auto again = parse_client_message(write_client_message(request->message, request->id));
    const auto* same = std::get_if<client_request>(&again);
    if (same == nullptr || same->id != request->id ||
        same->message.index() != request->message.index()) {
      std::abort();
    }
  }
  const auto server = parse_server_message(text);
  if (const auto* reply = std::get_if<server_reply>(&server)) {
    const auto again = parse_server_message(write_server_message(reply->message, reply->id));
    const auto* same = std::get_if<server_reply>(&again);
    if (same == nullptr || same->message.index() != reply->message.index()) std::abort();
  }
  return 0;
}
