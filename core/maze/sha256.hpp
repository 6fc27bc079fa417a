#pragma once

#include <string>
#include <string_view>

namespace ariadne {

// The SHA-256 of bytes, as 64 lower-case hex digits (FIPS 180-4). Here so
// that the standard-library-only core can name a maze by the digest of its
// walls, the same digest a browser computes with crypto.subtle.
std::string sha256_hex(std::string_view bytes);

}  // namespace ariadne
