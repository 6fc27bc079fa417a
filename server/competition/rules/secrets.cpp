#include "server/competition/rules/secrets.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace ariadne {

namespace {

std::string random_bytes(std::size_t count) {
  std::string bytes(count, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(bytes.data()), static_cast<int>(count)) != 1) {
    throw std::runtime_error("the system's random source failed");
  }
  return bytes;
}

std::string hex(const unsigned char* data, std::size_t size) {
  constexpr std::string_view digits = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    out += digits[data[i] >> 4U];
    out += digits[data[i] & 15U];
  }
  return out;
}

}  // namespace

std::string new_secret() {
  const std::string bytes = random_bytes(32);
  return hex(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
}

std::string new_token() {
  constexpr std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string bytes = random_bytes(24);
  // A token that starts with '-' would read as an option on command lines.
  while (alphabet[static_cast<unsigned char>(bytes[0]) >> 2U] == '-' ||
         alphabet[static_cast<unsigned char>(bytes[0]) >> 2U] == '_') {
    bytes = random_bytes(24);
  }
  std::string token;
  // 24 bytes are 32 letters of 6 bits each.
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t v =
        (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16U) |
        (static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8U) |
        static_cast<unsigned char>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6)
      token += alphabet[(v >> shift) & 63U];
  }
  return token;
}

std::string token_hash(std::string_view token) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  if (EVP_Digest(token.data(), token.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed");
  }
  return hex(digest.data(), size);
}

std::uint64_t deal_seed(std::string_view secret, std::string_view challenge, std::uint32_t deal,
                        std::string_view competitor) {
  std::string message = "ariadne-seed-v1";
  message += '\0';
  message += challenge;
  message += '\0';
  message += std::to_string(deal);
  message += '\0';
  message += competitor;
  std::array<unsigned char, EVP_MAX_MD_SIZE> mac{};
  unsigned int size = 0;
  if (HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
           reinterpret_cast<const unsigned char*>(message.data()), message.size(), mac.data(),
           &size) == nullptr) {
    throw std::runtime_error("HMAC-SHA-256 failed");
  }
  std::uint64_t seed = 0;
  for (int i = 0; i < 8; ++i)
    seed = (seed << 8U) | mac[static_cast<std::size_t>(i)];
  return seed & ((std::uint64_t{1} << 53U) - 1);
}

}  // namespace ariadne
