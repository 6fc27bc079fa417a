#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/model/errc.hpp"

namespace ariadne {

// A drone request that failed: a refusal of the rules (with its code and
// sentence), or a connection that could not be made or was lost (no code).
class drone_error : public std::runtime_error {
 public:
  explicit drone_error(const std::string& what, std::optional<errc> code = std::nullopt)
      : std::runtime_error(what), code_(code), sentence_(what) {}
  // A refusal whose what() says more than its sentence (a server's reply:
  // "code: sentence").
  drone_error(const std::string& what, errc code, std::string sentence)
      : std::runtime_error(what), code_(code), sentence_(std::move(sentence)) {}

  std::optional<errc> code() const { return code_; }
  // The refusal's sentence alone, as the rules or the server wrote it.
  const std::string& sentence() const { return sentence_; }

 private:
  std::optional<errc> code_;
  std::string sentence_;
};

}  // namespace ariadne
