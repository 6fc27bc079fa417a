#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ariadne {

// The competition's cryptography, on OpenSSL's libcrypto.

// A new server secret: 32 random bytes, as 64 hex digits.
std::string new_secret();
// A new competitor token: 24 random bytes (192 bits), base64url, no padding.
std::string new_token();
// What the store keeps of a token: its SHA-256, in hex.
std::string token_hash(std::string_view token);
// The seed of the deal-th maze of a challenge: HMAC-SHA-256 keyed with the
// server's secret over the challenge, the deal and (for per_competitor seeds)
// the competitor's name; the first 8 bytes, below 2^53 so that JavaScript
// reads it exactly.
std::uint64_t deal_seed(std::string_view secret, std::string_view challenge, std::uint32_t deal,
                        std::string_view competitor);

}  // namespace ariadne
