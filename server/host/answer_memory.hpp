#pragma once

#include <memory>
#include <string>

#include "server/host/memory_budget.hpp"
#include "server/net/http_answer.hpp"

namespace ariadne {

// Answers at least this big claim their bytes from the memory budget until
// written: a reader that stalls holds them, and the claim is what bounds it.
inline constexpr std::size_t held_answer_bytes = 16 * 1024;

// The answer with its body's claim attached, or a 503 when the address (or
// the server) already holds as many answers in memory as it may.
inline http_answer hold_answer(memory_budget& memory, const std::string& address,
                               http_answer answer) {
  if (answer.body.size() < held_answer_bytes) return answer;
  auto lease = std::make_shared<memory_lease>(
      memory.claim(memory_budget::use::answers, address, answer.body.size()));
  if (!*lease) {
    return http_answer::text(503,
                             "the server is holding as many answers as it allows for your address "
                             "(or in all) until they are read; try again shortly\n");
  }
  answer.hold = std::move(lease);
  return answer;
}

}  // namespace ariadne
