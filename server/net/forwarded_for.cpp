#include "server/net/forwarded_for.hpp"

#include <string>

namespace ariadne {

std::optional<boost::asio::ip::address> forwarded_client(std::string_view header) {
  const auto comma = header.rfind(',');
  if (comma != std::string_view::npos) header.remove_prefix(comma + 1);
  while (!header.empty() && (header.front() == ' ' || header.front() == '\t'))
    header.remove_prefix(1);
  while (!header.empty() && (header.back() == ' ' || header.back() == '\t'))
    header.remove_suffix(1);
  // The longest address text (IPv6 with an IPv4 tail) is 45 characters.
  if (header.empty() || header.size() > 45) return std::nullopt;
  // Digits, dots and colons only (no zone, no NUL the parser would stop at).
  if (header.find_first_not_of("0123456789abcdefABCDEF.:") != std::string_view::npos)
    return std::nullopt;
  boost::system::error_code ec;
  const auto address = boost::asio::ip::make_address(std::string(header), ec);
  if (ec) return std::nullopt;
  return address;
}

}  // namespace ariadne
