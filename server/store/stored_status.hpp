#pragma once

#include <string>
#include <string_view>

#include "server/competition/records/ranked_status.hpp"
#include "server/store/store_error.hpp"

namespace ariadne {

// A run's status as a store keeps it (its name, as text) read back: the
// stores' one boundary between the text and the value. A name no version
// wrote means the database is damaged.
inline ranked_status stored_status(std::string_view text) {
  if (const auto status = ranked_status_names.parse(text)) return *status;
  throw store_error("a ranked run has the unknown status '" + std::string(text.substr(0, 32)) +
                    "': the database is damaged");
}

}  // namespace ariadne
