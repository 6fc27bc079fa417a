#pragma once

#include <boost/asio/ip/address.hpp>
#include <optional>
#include <string_view>

namespace ariadne {

// The client a proxy names in X-Forwarded-For: the last entry, the one the
// proxy itself appended (those before it are whatever the client claimed).
// nullopt unless that entry is an IP address.
std::optional<boost::asio::ip::address> forwarded_client(std::string_view header);

}  // namespace ariadne
