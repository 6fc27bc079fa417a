#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ariadne {

// Times as the wire, the files and the store write them: RFC 3339 in UTC,
// "2026-12-01T00:00:00Z", with milliseconds when they are not whole
// ("...:01.500Z"). Replays and /api/runs show whole seconds
// (format_time(floor<seconds>(t))).
std::string format_time(std::chrono::system_clock::time_point t);
// "YYYY-MM-DDTHH:MM:SSZ" (or +00:00) read back; nullopt for anything else.
std::optional<std::chrono::system_clock::time_point> parse_time(std::string_view text);
// Milliseconds since 1970 (the store's columns), and back.
std::int64_t unix_ms(std::chrono::system_clock::time_point t);
std::chrono::system_clock::time_point from_unix_ms(std::int64_t ms);

}  // namespace ariadne
