#pragma once

#include <boost/asio/ip/address.hpp>
#include <string>

namespace ariadne {

// An address as text, an IPv4-mapped IPv6 one as the IPv4 it maps.
inline std::string plain_address(const boost::asio::ip::address& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6())
        .to_string();
  return address.to_string();
}

// The address a connection's budgets count under: an IPv4 address as it is,
// an IPv6 one by its /64, since one host usually holds a whole /64.
inline std::string budget_address(const boost::asio::ip::address& address) {
  if (address.is_v4() || address.to_v6().is_v4_mapped()) return plain_address(address);
  auto bytes = address.to_v6().to_bytes();
  for (std::size_t i = 8; i < bytes.size(); ++i)
    bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

}  // namespace ariadne
