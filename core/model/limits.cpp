#include "core/model/limits.hpp"

#include <charconv>
#include <string>

namespace ariadne {

namespace {

std::string quoted(std::string_view field) {
  return "\"" + std::string(field) + "\"";
}

// The shortest text that reads back as the same double.
std::string number_text(double value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, end);
}

}  // namespace

std::string describe_range(const integer_limit& limit) {
  return "from " + std::to_string(limit.min) + " to " + std::to_string(limit.max);
}

std::optional<request_error> check(const integer_limit& limit, std::uint64_t value) {
  if (value >= limit.min && value <= limit.max) return std::nullopt;
  return request_error{limit.code, quoted(limit.field) + " must be " + describe_range(limit) +
                                       ", got " + std::to_string(value)};
}

std::optional<request_error> check(const integer_limit& limit, std::int64_t value) {
  if (value >= 0) return check(limit, static_cast<std::uint64_t>(value));
  return request_error{limit.code, quoted(limit.field) + " must be " + describe_range(limit) +
                                       ", got " + std::to_string(value)};
}

std::optional<request_error> check(const real_limit& limit, double value) {
  if (value >= limit.min && value <= limit.max) return std::nullopt;
  return request_error{limit.code, quoted(limit.field) + " must be from " + number_text(limit.min) +
                                       " to " + number_text(limit.max) + ", got " +
                                       number_text(value)};
}

std::optional<request_error> check(const text_limit& limit, std::string_view value) {
  if (!value.empty() && value.size() <= limit.max_length) return std::nullopt;
  return request_error{errc::bad_request, quoted(limit.field) + " must be 1 to " +
                                              std::to_string(limit.max_length) +
                                              " characters long"};
}

std::optional<request_error> check_path_length(std::size_t letters) {
  const integer_limit& limit = limits::path_letters;
  if (letters >= limit.min && letters <= limit.max) return std::nullopt;
  return request_error{limit.code, quoted(limit.field) + " must hold " + std::to_string(limit.min) +
                                       " to " + std::to_string(limit.max) + " letters"};
}

}  // namespace ariadne
