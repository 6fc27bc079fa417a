// protocol/protocol.schema.json says the same as the code: every range of
// core/model/limits.hpp, every error code and every result status.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/maze/direction.hpp"
#include "core/model/errc.hpp"
#include "core/model/limits.hpp"
#include "core/model/run_status.hpp"

namespace ariadne {
namespace {

using json = nlohmann::json;

json load_schema() {
  std::ifstream in(ARIADNE_PROTOCOL_SCHEMA);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

class schema_test : public ::testing::Test {
 protected:
  const json schema_ = load_schema();
  const json& defs() const { return schema_.at("$defs"); }
};

void expect_range(const json& property, const integer_limit& limit) {
  EXPECT_EQ(property.at("minimum").get<std::uint64_t>(), limit.min) << limit.field;
  EXPECT_EQ(property.at("maximum").get<std::uint64_t>(), limit.max) << limit.field;
}

void expect_length(const json& property, const text_limit& limit) {
  EXPECT_EQ(property.at("minLength").get<std::size_t>(), 1U) << limit.field;
  EXPECT_EQ(property.at("maxLength").get<std::size_t>(), limit.max_length) << limit.field;
}

TEST_F(schema_test, start_ranges_are_the_limits) {
  const json& start = defs().at("start").at("properties");
  expect_range(start.at("treasures"), limits::treasures);
  expect_range(start.at("max_steps"), limits::max_steps);
  expect_range(start.at("reuse_walls_removed"), limits::reuse_walls_removed);
  expect_range(start.at("time_limit_ms"), limits::time_limit_ms);
  const json& named = defs().at("maze_request").at("oneOf").at(0).at("properties");
  expect_length(named.at("name"), limits::maze_name);
  expect_range(named.at("seed"), limits::seed);
  const json& generated = defs().at("maze_request").at("oneOf").at(1).at("properties");
  expect_length(generated.at("generator"), limits::generator);
  expect_range(generated.at("width"), limits::width);
  expect_range(generated.at("height"), limits::height);
  expect_range(generated.at("seed"), limits::seed);
  EXPECT_EQ(generated.at("loops").at("minimum").get<double>(), limits::loops.min);
  EXPECT_EQ(generated.at("loops").at("maximum").get<double>(), limits::loops.max);
  expect_length(defs().at("hello").at("properties").at("name"), limits::player_name);
  EXPECT_EQ(defs().at("path").at("properties").at("dirs").at("pattern"),
            "^[NESW]{1," + std::to_string(limits::path_letters.max) + "}$");
}

TEST_F(schema_test, wire_names_are_the_lists) {
  std::vector<std::string> codes;
  for (const auto name : errc_names.all())
    codes.emplace_back(name);
  EXPECT_EQ(
      defs().at("error").at("properties").at("code").at("enum").get<std::vector<std::string>>(),
      codes);
  std::vector<std::string> ended;
  for (const auto name : run_status_names.all()) {
    if (name != to_string(run_status::active)) ended.emplace_back(name);
  }
  EXPECT_EQ(
      defs().at("result").at("properties").at("status").at("enum").get<std::vector<std::string>>(),
      ended);
  std::vector<std::string> letters;
  for (const char c : direction_letters)
    letters.emplace_back(1, c);
  EXPECT_EQ(defs().at("direction").at("enum").get<std::vector<std::string>>(), letters);
}

}  // namespace
}  // namespace ariadne
