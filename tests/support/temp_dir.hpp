#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>

namespace ariadne::testing {

// A folder of its own under /tmp, removed with everything in it when it goes,
// unless the test (or, for a folder that outlives the tests, the program)
// failed: then it stays for a look and its path is printed, as
// tests/support/scratch.py does for the Python tests.
class temp_dir {
 public:
  temp_dir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "ariadne-test.XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~temp_dir() {
    const auto* unit = ::testing::UnitTest::GetInstance();
    if (unit->current_test_info() != nullptr ? ::testing::Test::HasFailure() : unit->Failed()) {
      std::fprintf(stderr, "kept for a look: %s\n", path_.c_str());
      return;
    }
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Writes text to a file in the folder; its path.
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(file(name), std::ios::binary) << text;
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

}  // namespace ariadne::testing
