#include "protocol/client_reader.hpp"
#include "protocol/message_writer.hpp"
#include "protocol/server_reader.hpp"
#include "protocol/state_writer.hpp"

#include <gtest/gtest.h>

#include "core/play/request_check.hpp"
#include "protocol/fast_command.hpp"

namespace ariadne::protocol {
namespace {

client_request parse_ok(std::string_view text) {
  auto parsed = parse_client_message(text);
  if (auto* problem = std::get_if<parse_error>(&parsed)) {
    ADD_FAILURE() << text << " -> " << to_string(problem->code) << ": " << problem->message;
    return {};
  }
  return std::get<client_request>(parsed);
}

parse_error parse_bad(std::string_view text) {
  auto parsed = parse_client_message(text);
  if (auto* problem = std::get_if<parse_error>(&parsed)) return *problem;
  ADD_FAILURE() << text << " was accepted";
  return {};
}

TEST(codec, reads_every_client_message) {
  const auto hello = parse_ok(R"({"type":"hello","name":"my-bot","id":1})");
  EXPECT_EQ(std::get<hello_message>(hello.message).name, "my-bot");
  EXPECT_FALSE(std::get<hello_message>(hello.message).bot);
  EXPECT_EQ(hello.id, "1");
  const auto with_bot =
      parse_ok(R"({"type":"hello","name":"a","bot":"ariadne-bot/frontier 0.1.0"})");
  EXPECT_EQ(std::get<hello_message>(with_bot.message).bot, "ariadne-bot/frontier 0.1.0");

  const auto start = parse_ok(
      R"({"type":"start","maze":{"generator":"hunt_and_kill","width":16,"height":12,"seed":42,"loops":0.25},"treasures":3,"max_steps":2560,"reuse_walls_removed":5,"time_limit_ms":9000})");
  const auto& s = std::get<start_message>(start.message);
  EXPECT_EQ(s.maze.generator, "hunt_and_kill");
  EXPECT_EQ(s.maze.width, 16);
  EXPECT_EQ(s.maze.height, 12);
  EXPECT_EQ(s.maze.seed, 42U);
  EXPECT_EQ(s.maze.loops, 0.25);
  EXPECT_EQ(s.treasures, 3U);
  EXPECT_EQ(s.max_steps, 2560U);
  EXPECT_EQ(s.reuse_walls_removed, 5U);
  EXPECT_EQ(s.time_limit_ms, 9000U);
  EXPECT_TRUE(start.id.empty());

  const auto named = parse_ok(R"({"type":"start","maze":{"name":"hedge5x5","seed":3}})");
  EXPECT_EQ(std::get<start_message>(named.message).maze.name, "hedge5x5");

  const auto bare = parse_ok(R"({"type":"start"})");
  EXPECT_FALSE(std::get<start_message>(bare.message).maze.generator.has_value());

  EXPECT_TRUE(std::holds_alternative<sense_message>(parse_ok(R"({"type":"sense"})").message));
  EXPECT_TRUE(std::holds_alternative<abandon_message>(parse_ok(R"({"type":"abandon"})").message));
  EXPECT_EQ(std::get<move_message>(parse_ok(R"({"type":"move","dir":"W"})").message).dir,
            direction::west);
  EXPECT_EQ(std::get<path_message>(parse_ok(R"({"type":"path","dirs":"NNEESW"})").message).dirs,
            (std::vector<direction>{direction::north, direction::north, direction::east,
                                    direction::east, direction::south, direction::west}));
}

TEST(codec, echoes_any_scalar_id_verbatim) {
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":"abc"})").id, R"("abc")");
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":-12.5})").id, "-12.5");
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":true})").id, "true");
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":null})").id, "null");
  // Exactly as the client wrote it, escapes, exponents and long integers included.
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":"\"q\u00e9"})").id, R"("\"q\u00e9")");
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":1e2})").id, "1e2");
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":123456789012345678901234567890})").id,
            "123456789012345678901234567890");
  EXPECT_EQ(parse_ok(R"({"id" : -0 ,"type":"sense"})").id, "-0");
  EXPECT_EQ(parse_ok(R"({"type":"sense","id":1,"id":"last"})").id, R"("last")");
  EXPECT_EQ(parse_ok(R"({"type":"sense","\u0069d":2})").id, "2");
  EXPECT_EQ(write_server_message(error_message{errc::no_run, "x"}, "1e2"),
            R"({"code":"no_run","message":"x","type":"error","id":1e2})");
  EXPECT_EQ(parse_bad(R"({"type":"sense","id":[1]})").code, errc::bad_request);
  // An error reply still carries the id when it could be read.
  EXPECT_EQ(parse_bad(R"({"type":"move","dir":"X","id":9})").id, "9");
}

TEST(codec, ignores_unknown_fields) {
  const auto move = parse_ok(R"({"type":"move","dir":"N","extra":{"a":[1,2]},"v":2})");
  EXPECT_EQ(std::get<move_message>(move.message).dir, direction::north);
}

TEST(codec, anything_after_the_value_is_bad_json) {
  const std::string with_nul = std::string(R"({"type":"move","dir":"N"})") + '\0' + "garbage";
  EXPECT_EQ(parse_bad(with_nul).code, errc::bad_json);
  EXPECT_FALSE(parse_fast_command(with_nul).has_value());
  EXPECT_EQ(parse_bad(R"({"type":"move","dir":"N"} x)").code, errc::bad_json);
  EXPECT_EQ(parse_bad(R"({"type":"move","dir":"N"}{})").code, errc::bad_json);
  EXPECT_EQ(parse_ok(" {\"type\":\"sense\"} \r\n\t").message.index(), 2U);
}

TEST(codec, malformed_json_is_bad_json) {
  for (const char* text :
       {"", "{", "nonsense", "{\"type\":\"sense\"", "{'type':'sense'}", "\xff\xfe"}) {
    EXPECT_EQ(parse_bad(text).code, errc::bad_json) << text;
  }
}

TEST(codec, reads_a_paint_and_refuses_a_bad_one) {
  const auto paint = parse_ok(
      R"({"type":"paint","clear":true,"cells":[{"x":1,"y":2,"colour":"teal","text":"ab"},{"x":0,"y":0}]})");
  const auto& p = std::get<paint_message>(paint.message);
  EXPECT_TRUE(p.clear);
  ASSERT_EQ(p.cells.size(), 2U);
  EXPECT_EQ(p.cells[0], (paint_mark{1, 2, "teal", "ab"}));
  EXPECT_EQ(p.cells[1], (paint_mark{0, 0, "", ""}));
  std::string many = R"({"type":"paint","cells":[)";
  for (int i = 0; i < 129; ++i)
    many += std::string(i == 0 ? "" : ",") + R"({"x":0,"y":0})";
  many += "]}";
  for (const std::string& text :
       {std::string(R"({"type":"paint"})"), std::string(R"({"type":"paint","cells":[]})"),
        std::string(R"({"type":"paint","clear":1})"),
        std::string(R"({"type":"paint","cells":[{"x":0}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"colour":"pink"}]})"),
        std::string(R"({"type":"paint","cells":[{"x":0,"y":0,"text":"12345"}]})"),
        std::string(R"({"type":"paint","cells":{"x":0}})"), many}) {
    EXPECT_EQ(parse_bad(text).code, errc::bad_request) << text.substr(0, 80);
  }
}

TEST(codec, reads_a_log_line_alone_or_with_cells_and_refuses_a_bad_one) {
  const auto alone = parse_ok(R"j({"type":"paint","log":"d\u00e9j\u00e0 vu at (3, 4)"})j");
  const auto& a = std::get<paint_message>(alone.message);
  EXPECT_EQ(a.log, "d\xc3\xa9j\xc3\xa0 vu at (3, 4)");
  EXPECT_TRUE(a.cells.empty());
  const auto both =
      parse_ok(R"({"type":"paint","cells":[{"x":1,"y":1,"colour":"red"}],"log":"x"})");
  EXPECT_EQ(std::get<paint_message>(both.message).log, "x");
  EXPECT_EQ(std::get<paint_message>(both.message).cells.size(), 1U);
  // Written back as a client sends it.
  EXPECT_NE(write_client_message(a).find(R"("log":"d)"), std::string::npos);
  const std::string longest = R"({"type":"paint","log":")" + std::string(120, 'a') + R"("})";
  EXPECT_EQ(std::get<paint_message>(parse_ok(longest).message).log.size(), 120U);
  for (const std::string& text :
       {std::string(R"({"type":"paint","log":""})"), std::string(R"({"type":"paint","log":7})"),
        std::string(R"({"type":"paint","log":"two\nlines"})"),
        std::string(R"({"type":"paint","log":"\u202eevil"})"),
        std::string(R"({"type":"paint","log":")") + std::string(121, 'a') + R"("})"}) {
    EXPECT_EQ(parse_bad(text).code, errc::bad_request) << text.substr(0, 80);
  }
}

TEST(codec, wrong_shapes_and_types_are_bad_request) {
  for (
      const char* text :
      {R"([1,2])",
       R"("sense")",
       R"(42)",
       R"({})",
       R"({"type":5})",
       R"({"type":"hello","name":7})",
       R"({"type":"hello","name":""})",
       R"({"type":"hello","bot":""})",
       R"({"type":"hello","bot":7})",
       R"({"type":"hello","bot":"a\u0007b"})",
       R"({"type":"hello","bot":"0123456789012345678901234567890123456789012345678901234567890123X"})",
       R"({"type":"start","maze":[]})",
       R"({"type":"start","maze":{"width":"16"}})",
       R"({"type":"start","maze":{"width":16.5}})",
       R"({"type":"start","maze":{"seed":-1}})",
       R"({"type":"start","maze":{"seed":1.5}})",
       R"({"type":"start","maze":{"loops":"half"}})",
       R"({"type":"start","time_limit_ms":-5})",
       R"({"type":"move"})",
       R"({"type":"move","dir":"north"})",
       R"({"type":"move","dir":"n"})",
       R"({"type":"move","dir":1})",
       R"({"type":"path","dirs":""})",
       R"({"type":"path","dirs":"NNX"})",
       R"({"type":"path","dirs":["N"]})"}) {
    EXPECT_EQ(parse_bad(text).code, errc::bad_request) << text;
  }
  EXPECT_EQ(parse_bad(R"({"type":"path","dirs":"NNX"})").message,
            "\"dirs\" letter 3 is not one of N, E, S, W");
}

TEST(codec, huge_numbers_are_refused_not_wrapped) {
  EXPECT_EQ(parse_bad(R"({"type":"start","maze":{"seed":18446744073709551616}})").code,
            errc::bad_request);
  EXPECT_EQ(parse_ok(R"({"type":"start","maze":{"seed":18446744073709551615}})").message.index(),
            1U);
  EXPECT_EQ(parse_bad(R"({"type":"start","maze":{"width":99999999999999999999}})").code,
            errc::bad_request);
  EXPECT_EQ(parse_bad(R"({"type":"start","maze":{"width":4294967297}})").code, errc::invalid_maze);
  EXPECT_EQ(parse_bad(R"({"type":"start","maze":{"loops":1e400}})").code, errc::bad_json);
}

// The codec reads and type-checks; whether the values make a game is the
// rules' to judge, once (core/play/request_check.cpp), with the sentence a
// number no field can hold gets from the codec.
std::optional<request_error> judged(std::string_view text) {
  return check_request(std::get<start_message>(parse_ok(text).message));
}

TEST(codec, ranges_are_the_rules_to_judge) {
  for (const char* text :
       {R"({"type":"start","maze":{"width":0}})", R"({"type":"start","maze":{"height":100000}})",
        R"({"type":"start","maze":{"loops":2}})", R"({"type":"start","maze":{"loops":-0.5}})"}) {
    const auto problem = judged(text);
    ASSERT_TRUE(problem) << text;
    EXPECT_EQ(problem->code, errc::invalid_maze) << text;
  }
  for (const char* text :
       {R"({"type":"start","treasures":0})", R"({"type":"start","treasures":1001})",
        R"({"type":"start","max_steps":0})"}) {
    const auto problem = judged(text);
    ASSERT_TRUE(problem) << text;
    EXPECT_EQ(problem->code, errc::bad_request) << text;
  }
  // Out of range for the field's type or not, the same sentence.
  const auto in_type = judged(R"({"type":"start","maze":{"width":20000}})");
  ASSERT_TRUE(in_type);
  const std::string sentence = in_type->message;
  EXPECT_EQ(sentence.substr(0, sentence.find("got")),
            parse_bad(R"({"type":"start","maze":{"width":4294967297}})")
                .message.substr(0, sentence.find("got")));
}

TEST(codec, unknown_type) {
  const auto problem = parse_bad(R"({"type":"teleport","id":"x"})");
  EXPECT_EQ(problem.code, errc::unknown_type);
  EXPECT_EQ(problem.id, "\"x\"");
  EXPECT_NE(problem.message.find("'teleport'"), std::string::npos);
}

TEST(codec, client_messages_round_trip) {
  start_message start;
  start.maze.generator = "wilson";
  start.maze.width = 8;
  start.maze.seed = 18446744073709551615ULL;
  start.maze.loops = 0.5;
  start.treasures = 2;
  const std::vector<client_message> messages = {hello_message{"bot \"one\""},
                                                start,
                                                sense_message{},
                                                move_message{direction::south},
                                                path_message{{direction::east, direction::north}},
                                                abandon_message{}};
  for (const auto& message : messages) {
    const std::string text = write_client_message(message, "17");
    const auto back = parse_ok(text);
    EXPECT_EQ(back.message.index(), message.index()) << text;
    EXPECT_EQ(back.id, "17");
    EXPECT_EQ(write_client_message(back.message, back.id), text);
  }
}

TEST(codec, server_messages_round_trip) {
  state_message state;
  state.run = 12;
  state.position = {3, 4};
  state.open = 0b1010;  // E and W
  state.treasure = true;
  state.steps = 99;
  state.bumps = 2;
  state.found = 1;
  state.treasures = 1;
  state.moved = true;
  state.width = 16;
  state.height = 16;
  state.seed = 42;
  state.max_steps = 2560;
  state.maze = "odd \"name\"\n";
  state.result = run_result{run_status::found, 99, 2, 101, 30, 30.0 / 101.0, 42, 1, 1};
  const std::string text = write_server_message(state, R"("q")");
  EXPECT_EQ(
      text.rfind(
          R"({"type":"state","id":"q","run":12,"position":{"x":3,"y":4},"open":["E","W"],"treasure":true)",
          0),
      0U)
      << text;
  auto parsed = parse_server_message(text);
  ASSERT_TRUE(std::holds_alternative<server_reply>(parsed))
      << std::get<parse_error>(parsed).message;
  const auto& reply = std::get<server_reply>(parsed);
  EXPECT_EQ(reply.id, R"("q")");
  EXPECT_EQ(std::get<state_message>(reply.message), state);
  // A ranked run's place in its attempt's set, and the set's end: both
  // writers (the hot path's text and the JSON tree) agree.
  state.set = set_position{2, 5, 5, true, 3U, 0.375};
  const std::string set_text = write_server_message(state);
  EXPECT_NE(set_text.find(
                R"("set":{"attempt":2,"maze":5,"mazes":5,"ended":true,"found":3,"mark":0.375})"),
            std::string::npos)
      << set_text;
  EXPECT_EQ(std::get<state_message>(std::get<server_reply>(parse_server_message(set_text)).message),
            state);
  std::string hot;
  append_state(hot, state);
  EXPECT_EQ(hot, set_text);
  state.set->maze = 6;  // past its set
  EXPECT_TRUE(
      std::holds_alternative<parse_error>(parse_server_message(write_server_message(state))));

  const std::string error_text =
      write_server_message(error_message{errc::no_run, "no run yet"}, "3");
  const auto error = std::get<server_reply>(parse_server_message(error_text));
  EXPECT_EQ(std::get<error_message>(error.message).code, errc::no_run);
  EXPECT_EQ(error.id, "3");

  const std::string welcome_text = write_server_message(welcome_message{1, "ariadne/x", "abc"});
  const auto welcome = std::get<server_reply>(parse_server_message(welcome_text));
  EXPECT_EQ(std::get<welcome_message>(welcome.message).session, "abc");
}

TEST(codec, reads_fields_without_judging_the_maze) {
  // Whether a generator exists, or a name comes with generator fields, is for
  // the rules to say (tests/play/request_check_test.cpp): the codec reads them.
  const auto start = std::get<start_message>(
      parse_ok(R"({"type":"start","maze":{"generator":"nope","name":"x"}})").message);
  EXPECT_EQ(start.maze.generator, "nope");
  EXPECT_EQ(start.maze.name, "x");
}

TEST(codec, server_fields_of_the_wrong_type_or_range_are_refused_not_converted) {
  // Found by fuzzing: a float where an integer belongs was converted (undefined
  // behaviour past the integer's range); a client must refuse such a reply.
  const std::string head =
      R"({"type":"state","position":{"x":0,"y":0},"open":[],"treasure":false,)";
  for (const std::string tail :
       {R"("run":6666666666666666666661,"steps":0,"bumps":0,"found":0})",
        R"("run":1,"steps":1.5,"bumps":0,"found":0})", R"("run":1,"steps":-1,"bumps":0,"found":0})",
        R"("run":1,"steps":0,"bumps":0,"found":4294967296})",
        R"("run":1,"steps":0,"bumps":0,"found":0,"moved":1})",
        R"("run":"1","steps":0,"bumps":0,"found":0})"}) {
    EXPECT_TRUE(std::holds_alternative<parse_error>(parse_server_message(head + tail))) << tail;
  }
  EXPECT_TRUE(std::holds_alternative<server_reply>(
      parse_server_message(head + R"("run":1,"steps":0,"bumps":0,"found":0})")));
}

TEST(codec, refuses_a_result_that_is_still_active) {
  const std::string text =
      R"({"type":"state","run":1,"position":{"x":0,"y":0},"open":[],"treasure":false,"steps":0,)"
      R"("bumps":0,"found":0,"result":{"status":"active","steps":0,"bumps":0,"score":0,)"
      R"("optimal":0,"efficiency":0,"seed":1}})";
  const auto parsed = parse_server_message(text);
  ASSERT_TRUE(std::holds_alternative<parse_error>(parsed));
  EXPECT_EQ(std::get<parse_error>(parsed).message, "unknown result status");
}

}  // namespace
}  // namespace ariadne::protocol
