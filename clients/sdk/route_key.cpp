#include "clients/sdk/route_key.hpp"

#include <openssl/evp.h>

#include <array>
#include <cstdio>

namespace ariadne {

std::string route_key(std::string_view token) {
  const std::string text = "ariadne-route:" + std::string(token);
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  EVP_Digest(text.data(), text.size(), digest.data(), &length, EVP_sha256(), nullptr);
  std::string key;
  for (std::size_t i = 0; i < 8 && i < length; ++i) {
    std::array<char, 3> hex{};
    std::snprintf(hex.data(), hex.size(), "%02x", digest[i]);
    key += hex.data();
  }
  return key;
}

std::string with_route_key(const std::string& path, std::string_view token) {
  if (token.empty()) return path;
  return path + (path.find('?') == std::string::npos ? "?" : "&") +
         "competitor=" + route_key(token);
}

}  // namespace ariadne
