#include <catch2/catch.hpp>

#include "modules/stable_hash.h"

namespace graphc::modules {
namespace {

TEST_CASE("stable_hash is FNV-1a 64: the published test vectors", "[modules]") {
  CHECK(stable_hash("") == 0xcbf29ce484222325ull);
  CHECK(stable_hash("a") == 0xaf63dc4c8601ec8cull);
  CHECK(stable_hash("foobar") == 0x85944171f73967e8ull);
  CHECK(stable_hash_hex("a") == "af63dc4c8601ec8c");
  CHECK(stable_hash_hex("") == "cbf29ce484222325");
}

}  // namespace
}  // namespace graphc::modules
