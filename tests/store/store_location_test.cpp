#include "server/store/store_location.hpp"

#include <gtest/gtest.h>

#include "server/store/postgres_connection.hpp"
#include "server/store/store_error.hpp"

namespace ariadne {
namespace {

using kind = store_location::kind;

TEST(store_location, a_path_or_sqlite_colon_is_sqlite) {
  EXPECT_EQ(parse_store_location("cup.db").type, kind::sqlite);
  EXPECT_EQ(parse_store_location("cup.db").target, "cup.db");
  EXPECT_EQ(parse_store_location("/var/lib/ariadne/cup.db").target, "/var/lib/ariadne/cup.db");
  EXPECT_EQ(parse_store_location("sqlite:cup.db").target, "cup.db");
  EXPECT_EQ(parse_store_location("sqlite:/data/cup.db").target, "/data/cup.db");
  EXPECT_EQ(parse_store_location("sqlite:///data/cup.db").target, "/data/cup.db");
}

TEST(store_location, a_postgresql_uri_is_postgresql) {
  const auto where =
      parse_store_location("postgresql://ariadne@db.example:5432/cup?sslmode=require");
  EXPECT_EQ(where.type, kind::postgresql);
  EXPECT_EQ(where.target, "postgresql://ariadne@db.example:5432/cup?sslmode=require");
  EXPECT_EQ(where.shown, where.target);
  EXPECT_EQ(parse_store_location("postgres://h/cup").type, kind::postgresql);
}

TEST(store_location, passwords_never_show) {
  EXPECT_EQ(without_password("postgresql://ann:s3cret@h:5432/cup"), "postgresql://ann@h:5432/cup");
  EXPECT_EQ(without_password("postgresql://ann@h/cup?password=s3cret"), "postgresql://ann@h/cup");
  EXPECT_EQ(without_password("postgresql://h/cup?sslmode=require&password=x&connect_timeout=5"),
            "postgresql://h/cup?sslmode=require&connect_timeout=5");
  EXPECT_EQ(without_password("postgresql://h/cup?password=x&sslmode=require"),
            "postgresql://h/cup?sslmode=require");
  EXPECT_EQ(parse_store_location("postgresql://a:pw@h/c").shown, "postgresql://a@h/c");
}

TEST(store_location, nonsense_is_a_clear_error) {
  EXPECT_THROW(parse_store_location(""), store_error);
  EXPECT_THROW(parse_store_location("sqlite:"), store_error);
  try {
    parse_store_location("mysql://root:pw@h/cup");
    FAIL();
  } catch (const store_error& e) {
    EXPECT_EQ(std::string(e.what()).find("pw"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("unknown"), std::string::npos) << e.what();
  }
}

TEST(store_location, an_unreachable_postgresql_is_a_clear_error_without_the_password) {
  // Port 1 on loopback: nothing listens there.
  try {
    open_store(parse_store_location("postgresql://ann:s3cret@127.0.0.1:1/cup?connect_timeout=2"));
    FAIL();
  } catch (const store_error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cannot open the database postgresql://ann@127.0.0.1:1/cup"),
              std::string::npos)
        << what;
    EXPECT_EQ(what.find("s3cret"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace ariadne
