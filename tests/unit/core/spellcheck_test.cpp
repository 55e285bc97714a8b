#include <catch2/catch.hpp>

#include "diag/spellcheck.h"

using namespace graphc;

TEST_CASE("edit distance", "[diag]") {
  CHECK(edit_distance("", "") == 0);
  CHECK(edit_distance("forward", "forwrd") == 1);
  CHECK(edit_distance("kitten", "sitting") == 3);
}

TEST_CASE("closest name suggests only likely typos", "[diag]") {
  const std::vector<std::string> names{"upload", "forward", "backward", "download"};
  CHECK(closest_name("forwrd", names) == std::optional<std::string>("forward"));
  CHECK(closest_name("backwards", names) == std::optional<std::string>("backward"));
  CHECK_FALSE(closest_name("zzz", names).has_value());
  CHECK_FALSE(closest_name("upload", names).has_value());  // itself is no suggestion
}
