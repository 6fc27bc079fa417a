// libFuzzer target: the maze file readers (micromouse text, .num, JSON). Each
// takes any bytes and either returns a maze or throws format_error; anything
// else (a crash, another exception, a sanitizer report) is a bug. A maze it
// returns must survive being written and read back unchanged.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "core/maze/format_error.hpp"
#include "core/maze/micromouse_text.hpp"
#include "core/maze/num_format.hpp"
#include "protocol/maze_json.hpp"

namespace {

using namespace ariadne;

template <typename Read, typename Write>
void round_trip(std::string_view text, Read read, Write write) {
  std::optional<maze_layout> layout;
  try {
    layout = read(text);
  } catch (const format_error&) {
    return;
  }
  if (!(read(write(*layout)) == *layout)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  round_trip(text, read_micromouse_text, write_micromouse_text);
  round_trip(text, protocol::read_maze_json, protocol::write_maze_json);
  round_trip(text, read_num, [](const maze_layout& m) { return write_num(m.walls); });
  return 0;
}
