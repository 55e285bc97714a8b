#include <catch2/catch.hpp>

#include "diag/spellcheck.h"

using namespace graphc;

TEST_CASE("edit distance", "[diag]") {
  CHECK(edit_distance("", "") == 0);
  CHECK(edit_distance("forward", "forwrd") == 1);
  CHECK(edit_distance("kitten", "sitting") == 3);
  // Two neighbouring characters swapped are one edit, the commonest typo of all.
  CHECK(edit_distance("grdi", "grid") == 1);
  CHECK(edit_distance("spcae", "space") == 1);
  CHECK(edit_distance("ab", "ba") == 1);
  CHECK(edit_distance("abc", "ca") == 3);  // optimal string alignment: a swapped pair is not edited again
}

TEST_CASE("closest name suggests only likely typos", "[diag]") {
  const std::vector<std::string> names{"upload", "forward", "backward", "download"};
  CHECK(closest_name("forwrd", names) == std::optional<std::string>("forward"));
  CHECK(closest_name("backwards", names) == std::optional<std::string>("backward"));
  CHECK_FALSE(closest_name("zzz", names).has_value());
  CHECK(closest_name("grdi", {"kernel", "grid", "block"}) == std::optional<std::string>("grid"));
  CHECK_FALSE(closest_name("upload", names).has_value());  // itself is no suggestion
}

TEST_CASE("closest name prefers the nearest number among numbered names", "[diag]") {
  // One past a loop's last copy: layer[8] where layer[0..7] exist (named layer_0 .. layer_7).
  const std::vector<std::string> layers{"layer_0", "layer_1", "layer_2", "layer_3",
                                        "layer_4", "layer_5", "layer_6", "layer_7"};
  CHECK(closest_name("layer_8", layers) == std::optional<std::string>("layer_7"));
  CHECK(closest_name("layer_9", layers) == std::optional<std::string>("layer_7"));
  CHECK(closest_name("layr_3", layers) == std::optional<std::string>("layer_3"));
  // Without a shared prefix, the earliest of the closest.
  CHECK(closest_name("stage_1", {"stage", "stages"}) == std::optional<std::string>("stage"));
}
