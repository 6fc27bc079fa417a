#include "web/web_assets.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>

namespace ariadne {
namespace {

std::string read(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// Every file under web/ is built in, byte for byte, and the kit; nothing else.
TEST(web_assets, are_the_files_of_web) {
  std::size_t files = 0;
  const std::filesystem::path root(ARIADNE_WEB_SOURCE);
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    const std::string name = entry.path().filename().string();
    const auto ext = entry.path().extension().string();
    // .js: a vendored library (web/vendor); its licence and README stay out.
    if (!entry.is_regular_file() ||
        (ext != ".html" && ext != ".css" && ext != ".mjs" && ext != ".svg" && ext != ".js"))
      continue;
    const std::string path = "/" + std::filesystem::relative(entry.path(), root).generic_string();
    const web_asset* asset = find_web_asset(path);
    ASSERT_NE(asset, nullptr) << path << " is not in web/CMakeLists.txt";
    EXPECT_EQ(asset->body, read(entry.path())) << path;
    ++files;
  }
  // And the JavaScript kit, which the playground's bots import.
  const web_asset* kit = find_web_asset("/js/ariadne.mjs");
  ASSERT_NE(kit, nullptr);
  EXPECT_EQ(kit->body, read(root / ".." / "clients" / "js" / "ariadne.mjs"));
  EXPECT_EQ(files + 1, web_assets().size());
  EXPECT_EQ(find_web_asset("/nope.html"), nullptr);
  EXPECT_EQ(find_web_asset("/index.html")->content_type, "text/html; charset=utf-8");
  EXPECT_EQ(find_web_asset("/js/fog.mjs")->content_type, "text/javascript; charset=utf-8");
}

// The whole site stays small: under 200 KB (no bundler, no minifier; the
// JavaScript kit is 26 KB of it, the playground's vendored editor 18 KB).
TEST(web_assets, weigh_under_200_kb) {
  std::size_t total = 0;
  for (const web_asset& asset : web_assets())
    total += asset.body.size();
  EXPECT_LT(total, 200U * 1024U);
  std::cout << "page weight: " << total << " bytes in " << web_assets().size() << " files\n";
}

// Every module a page or a module imports is served.
TEST(web_assets, imports_resolve) {
  const std::regex script(R"re(src="/static(/[^"]+)")re");
  // A module's imports are relative to its own folder ('./x', '../vendor/x').
  const std::regex import(R"re(from '(\.\.?)/([^']+)')re");
  for (const web_asset& asset : web_assets()) {
    const std::string body(asset.body);
    for (std::sregex_iterator it(body.begin(), body.end(), script), end; it != end; ++it) {
      EXPECT_NE(find_web_asset((*it)[1].str()), nullptr) << asset.path << " loads " << (*it)[1];
    }
    const std::string path(asset.path);
    const std::string folder = path.substr(0, path.rfind('/'));
    for (std::sregex_iterator it(body.begin(), body.end(), import), end; it != end; ++it) {
      const std::string base = (*it)[1] == ".." ? folder.substr(0, folder.rfind('/')) : folder;
      EXPECT_NE(find_web_asset(base + "/" + (*it)[2].str()), nullptr)
          << asset.path << " imports " << (*it)[0];
    }
  }
}

}  // namespace
}  // namespace ariadne
