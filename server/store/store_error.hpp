#pragma once

#include <stdexcept>

namespace ariadne {

// A store that cannot be opened, read or written.
class store_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ariadne
