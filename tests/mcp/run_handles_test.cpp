#include "clients/mcp/run_handles.hpp"

#include <gtest/gtest.h>

namespace ariadne::mcp {
namespace {

TEST(run_handles, a_handle_is_the_run_number_until_a_restarted_server_reuses_one) {
  run_handles handles;
  EXPECT_EQ(handles.issue(1), 1U);
  EXPECT_EQ(handles.issue(57), 57U);  // other players' runs came between
  // The server restarted: its runs 1 and 2 are new runs of the session.
  EXPECT_EQ(handles.issue(1), 58U);
  EXPECT_EQ(handles.issue(2), 59U);
  EXPECT_EQ(handles.issue(100), 100U);
}

TEST(run_handles, keeps_the_latest_reports) {
  run_handles handles;
  for (std::uint64_t h = 1; h <= run_handles::kept + 5; ++h)
    handles.keep(h, {"{}", "run " + std::to_string(h)});
  EXPECT_EQ(handles.find(5), nullptr);
  ASSERT_NE(handles.find(6), nullptr);
  EXPECT_EQ(handles.find(6)->text, "run 6");
  EXPECT_EQ(handles.find(run_handles::kept + 5)->text, "run 105");
}

}  // namespace
}  // namespace ariadne::mcp
