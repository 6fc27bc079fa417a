#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "core/model/errc.hpp"

namespace ariadne {

// A drone request that failed: the server's error reply (with its code), or a
// connection that could not be made or was lost (no code).
class drone_error : public std::runtime_error {
 public:
  explicit drone_error(const std::string& what, std::optional<errc> code = std::nullopt)
      : std::runtime_error(what), code_(code) {}

  std::optional<errc> code() const { return code_; }

 private:
  std::optional<errc> code_;
};

}  // namespace ariadne
