#pragma once

#include <string>
#include <string_view>

namespace ariadne::protocol {

// The exact source text of the value of the top-level member `key` of a JSON
// object (the last one, as nlohmann keeps the last of repeated keys), or an
// empty view when there is none. `object` must already have been validated as
// one JSON object: this only walks its structure.
std::string_view raw_member(std::string_view object, std::string_view key);

// text with `,"id":RAW` added before its closing brace, or text itself when
// raw_id is empty: an id echoed exactly as the client wrote it.
std::string with_raw_id(std::string text, std::string_view raw_id);

}  // namespace ariadne::protocol
