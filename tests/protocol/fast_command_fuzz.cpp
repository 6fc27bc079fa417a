// Differential fuzzing of the fast readers against the full parser: whatever
// parse_fast_command or parse_fast_paint accepts, parse_client_message must
// accept too, as the same command or paint with the same id; a frame with a NUL in it, or a
// leading byte-order mark, is refused by both; and the id echoed (its raw text,
// protocol/raw_json.hpp) reads back as exactly the value nlohmann reads. Built two ways:
// - with clang's -fsanitize=fuzzer (scripts/fuzz-codec.sh) as a libFuzzer target;
// - otherwise with its own main, which replays a seed corpus and a fixed
//   number of seeded random mutations (the ctest protocol.fast_command_fuzz).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/maze/rng.hpp"
#include "protocol/client_reader.hpp"
#include "protocol/fast_command.hpp"
#include "protocol/fast_paint.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/raw_json.hpp"

#include <nlohmann/json.hpp>

namespace {

using namespace ariadne;
using namespace ariadne::protocol;

[[noreturn]] void disagree(std::string_view text, const char* what) {
  std::fprintf(stderr, "fast and full parsers disagree (%s) on: %.*s\n", what,
               static_cast<int>(text.size()), text.data());
  std::abort();
}

// A frame the codec refuses before parsing: a NUL (nlohmann would stop there)
// or a leading byte-order mark (nlohmann would skip it).
bool refused_before_parsing(std::string_view text) {
  return text.find('\0') != std::string_view::npos || text.starts_with("\xEF\xBB\xBF");
}

// The raw id text is the id nlohmann reads, for any object the codec parses.
void check_raw_id(std::string_view text) {
  if (refused_before_parsing(text)) return;
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return;
  const auto it = doc.find("id");
  const std::string_view raw = raw_member(text, "id");
  if (it == doc.end()) {
    if (!raw.empty()) disagree(text, "raw id where there is none");
    return;
  }
  const auto reread = nlohmann::json::parse(raw, nullptr, false);
  if (reread.is_discarded() || reread != *it) disagree(text, "raw id");
}

// A paint the fast reader takes is the full parser's, cell for cell.
void check_paint(std::string_view text) {
  const auto fast = parse_fast_paint(text);
  if (!fast) return;
  if (refused_before_parsing(text)) disagree(text, "fast paint took a NUL or a byte-order mark");
  const auto full = parse_client_message(text);
  const auto* request = std::get_if<client_request>(&full);
  if (request == nullptr) disagree(text, "full parser refused the paint");
  if (request->id != fast->id) disagree(text, "paint id");
  const auto* paint = std::get_if<paint_message>(&request->message);
  if (paint == nullptr || paint->clear != fast->message.clear ||
      paint->cells != fast->message.cells) {
    disagree(text, "paint");
  }
}

void check(std::string_view text) {
  check_raw_id(text);
  check_paint(text);
  const auto fast = parse_fast_command(text);
  if (refused_before_parsing(text)) {
    if (fast) disagree(text, "fast reader took a NUL or a byte-order mark");
    const auto full = parse_client_message(text);
    const auto* problem = std::get_if<parse_error>(&full);
    if (problem == nullptr || problem->code != errc::bad_json) {
      disagree(text, "a NUL or a byte-order mark is not bad_json");
    }
    return;
  }
  if (!fast) return;
  const auto full = parse_client_message(text);
  const auto* request = std::get_if<client_request>(&full);
  if (request == nullptr) disagree(text, "full parser refused it");
  if (request->id != fast->id) disagree(text, "id");
  switch (fast->type) {
    case command_view::kind::sense:
      if (!std::holds_alternative<sense_message>(request->message)) disagree(text, "sense");
      break;
    case command_view::kind::abandon:
      if (!std::holds_alternative<abandon_message>(request->message)) disagree(text, "abandon");
      break;
    case command_view::kind::move: {
      const auto* move = std::get_if<move_message>(&request->message);
      if (move == nullptr || move->dir != fast->dir) disagree(text, "move");
      break;
    }
    case command_view::kind::path: {
      const auto* path = std::get_if<path_message>(&request->message);
      if (path == nullptr || path_letters(path->dirs) != fast->dirs) disagree(text, "path");
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}

#ifndef ARIADNE_LIBFUZZER
int main(int argc, char** argv) {
  std::vector<std::string> seeds = {
      R"({"type":"move","dir":"N"})",
      R"({"type":"move","dir":"E","id":12})",
      R"({"id":"x","type":"path","dirs":"NNEESSWW"})",
      R"({"type":"sense","id":null})",
      R"({"type":"abandon","id":true,"extra":"value"})",
      R"( { "type" : "path" , "dirs" : "NS" , "id" : -3 } )",
      R"({"type":"hello","name":"bot"})",
      R"({"type":"start","maze":{"generator":"prim"}})",
      R"({"type":"sense","id":1e2})",
      R"({"type":"sense","id":123456789012345678901234567890,"id":"last"})",
      R"({"type":"move","dir":"N","\u0069d":"a\u0062"})",
      R"({"type":"move","id":{"deep":[1,{"id":2}]},"dir":"N"})",
      std::string(R"({"type":"move","dir":"N"})") + '\0' + "garbage",
      "\xEF\xBB\xBF" + std::string(R"({"type":"move","dir":"N","id":5})"),
      R"({"type":"paint","cells":[{"x":1,"y":2,"colour":"red","text":"ab"},{"x":3,"y":0}]})",
      R"({"id":9,"type":"paint","clear":true,"cells":[]})",
      R"({"type":"paint","clear":false,"cells":[{"y":10,"x":20,"colour":null,"text":"dead"}]})",
      R"( {"cells" : [ {"x" : 0 , "y" : 0 , "note" : true} ] , "type" : "paint" } )",
      R"({"type":"paint","type":"move","cells":[{"x":1,"y":1}]})",
      R"({"type":"paint","clear":true,"clear":false,"id":1,"id":2,"cells":[]})",
      R"({"type":"paint","cells":[{"x":1,"x":2,"y":0,"colour":"red","colour":"blue"}]})",
      R"({"type":"paint","cells":[{"x":4,"y":4,"text":"a\"b"},{"x":5,"y":5,"text":"\u0041"}]})",
  };
  // A full paint (128 cells, accepted) and one past it.
  for (const int count : {128, 129}) {
    std::string many = R"({"type":"paint","cells":[)";
    for (int i = 0; i < count; ++i)
      many += std::string(i > 0 ? "," : "") + R"({"x":)" + std::to_string(i % 60) +
              R"(,"y":3,"colour":"grey","text":"t)" + std::to_string(i % 10) + "\"}";
    seeds.push_back(many + "]}");
  }
  if (!parse_fast_paint(seeds[seeds.size() - 2])) {
    std::fprintf(stderr, "the fast reader refused a full, plain paint\n");
    return 1;
  }
  const long iterations = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 200000;
  for (const auto& seed : seeds)
    check(seed);
  // Mutations that keep close to valid messages, where the readers could differ.
  constexpr std::string_view alphabet{"{}[]\":,NESW0123456789-.eE tnfrulsabdhpvmoxicyg\\\n\t\0",
                                      50};
  rng r(2026);
  for (long i = 0; i < iterations; ++i) {
    std::string text = seeds[r.below(static_cast<std::uint32_t>(seeds.size()))];
    const std::uint32_t edits = 1 + r.below(4);
    for (std::uint32_t e = 0; e < edits && !text.empty(); ++e) {
      const std::size_t at = r.below(static_cast<std::uint32_t>(text.size()));
      const char c = alphabet[r.below(static_cast<std::uint32_t>(alphabet.size()))];
      switch (r.below(3)) {
        case 0:
          text[at] = c;
          break;
        case 1:
          text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        default:
          text.erase(at, 1);
      }
    }
    check(text);
  }
  std::printf("%ld mutations checked\n", iterations);
  return 0;
}
#endif
