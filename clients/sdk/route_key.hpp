#pragma once

#include <string>
#include <string_view>

namespace ariadne {

// The key a cluster's proxy routes a competitor's connections by (the
// query ?competitor=KEY, hashed consistently): 16 hex digits of SHA-256 of
// "ariadne-route:" and the token. Stable for a token, the same in every
// kit, and telling nothing of the token (or of what the store keeps of it).
std::string route_key(std::string_view token);

// A request target (a path, perhaps with a query) with
// competitor=route_key(token) added to its query; the path itself without
// a token.
std::string with_route_key(const std::string& path, std::string_view token);

}  // namespace ariadne
