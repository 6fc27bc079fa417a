#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "server/competition/rules/attempt_book.hpp"
#include "server/competition/rules/competition_rules.hpp"
#include "server/competition/rules/competition_schedule.hpp"

namespace ariadne {

// GET /api/competition: the challenges and how they are marked, and once
// closed every seed dealt (of mazes not in play), the mazes an attempt ended
// before playing included, so that anyone can regenerate and audit every
// result. `names` are the competitors' (per-competitor seeds name them);
// `secret` is the one of the current results (secret_after_resets). The
// times and the announcement are the schedule's.
std::string competition_document(const competition_rules& rules,
                                 const competition_schedule& schedule, const std::string& secret,
                                 const attempt_book& book,
                                 const std::map<std::int64_t, std::string>& names,
                                 competition_rules::time_point now);

}  // namespace ariadne
