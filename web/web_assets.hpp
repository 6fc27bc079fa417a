#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace ariadne {

// One page file of web/, as built into the binary.
struct web_asset {
  std::string_view path;  // under web/, with a leading '/': "/js/watch.mjs"
  std::string_view content_type;
  std::string_view body;
};

// The file at path, or nullptr.
const web_asset* find_web_asset(std::string_view path);
// Every file, for the page-weight check.
const std::vector<web_asset>& web_assets();

}  // namespace ariadne
