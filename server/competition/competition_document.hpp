#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "server/competition/attempt_book.hpp"
#include "server/competition/competition_rules.hpp"

namespace ariadne {

// GET /api/competition: the challenges and how they are marked, and once
// closed every seed dealt (of mazes not in play), the mazes an attempt ended
// before playing included, so that anyone can regenerate and audit every
// result. `names` are the competitors' (per-competitor seeds name them).
std::string competition_document(const competition_rules& rules, const std::string& secret,
                                 const attempt_book& book,
                                 const std::map<std::int64_t, std::string>& names,
                                 competition_rules::time_point now);

}  // namespace ariadne
