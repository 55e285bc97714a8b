// Variants::load (graphc/variants.h) needs no device: a Program per value of the variant
// dimension, each compiled for its value; the variant a count of items takes; a variant in
// error named in the error; a file without a variant dimension refused (R0080).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../gpu_test_support.h"
#include "graphc/introspect.h"
#include "graphc/variants.h"

namespace graphc::test {
namespace {

TEST_CASE("Variants::load: a Program per value, each built for its value", "[variants]") {
  Variants variants = Variants::load(graph_path("variants"));
  CHECK(variants.dimension() == "B");
  REQUIRE(variants.values() == std::vector<std::int64_t>{1, 2, 4, 8});
  for (const std::int64_t value : variants.values()) {
    const ir::Graph& rows = ir_of(variants.program(value)).graphs.at(0);
    CHECK(rows.buffers.at(0).name == "x");
    CHECK(rows.buffers.at(0).count_value == static_cast<std::uint64_t>(value) * 256);
  }
  CHECK(error_of([&] { variants.program(3); }).code() == "R0079");
}

TEST_CASE("Variants::load: a const made a variant dimension by the loader, not the file", "[variants]") {
  // transformer_decode.graph declares `const B = 4;` in both its graphs: the sizes served are
  // the deployment's (LoadOptions::variants, graphc --variants B=1,16).
  const std::string path = std::string(GRAPHC_SAMPLES_DIR) + "/transformer_decode/transformer_decode.graph";
  Variants variants = Variants::load(path, LoadOptions{.variants = LoadOptions::VariantValues{"B", {1, 16}}});
  CHECK(variants.dimension() == "B");
  REQUIRE(variants.values() == std::vector<std::int64_t>{1, 16});
  for (const std::int64_t value : variants.values()) {
    const ir::Module& module = ir_of(variants.program(value));
    for (const ir::Graph& graph : module.graphs) {
      const auto x = std::ranges::find_if(graph.buffers, [](const ir::Buffer& b) { return b.name == "x"; });
      REQUIRE(x != graph.buffers.end());
      CHECK(x->count_value == static_cast<std::uint64_t>(value) * 768);  // B x D, in `layer` and `decode` alike
    }
  }
  const Error unknown = error_of([&] {
    Variants::load(path, LoadOptions{.variants = LoadOptions::VariantValues{"Q", {1}}});
  });
  CHECK(unknown.code() == "E0127");
}

TEST_CASE("Variants::holding: the smallest value that holds n", "[variants]") {
  const Variants variants = Variants::load(graph_path("variants"));
  CHECK(variants.holding(1) == 1);
  CHECK(variants.holding(2) == 2);
  CHECK(variants.holding(3) == 4);
  CHECK(variants.holding(5) == 8);
  CHECK(variants.holding(8) == 8);
  const Error past = error_of([&] { variants.holding(9); });
  CHECK(past.code() == "R0078");
  CHECK_THAT(past.what(), Catch::Contains("9 items: variant dimension 'B' of '" + graph_path("variants") +
                                          "' takes {1, 2, 4, 8}, and no value holds 9; launch them in parts of "
                                          "at most 8"));
  CHECK(error_of([&] { variants.holding(0); }).code() == "R0078");
}

TEST_CASE("Variants::load: a variant in error is named in the error", "[variants]") {
  const Error e = error_of([] { Variants::load(graph_path("variants_bad")); });
  CHECK(e.code() == "E0206");
  CHECK_THAT(e.what(), Catch::Contains("note: in variant B = 2 (of {2, 4})"));
  CHECK_THAT(e.what(), !Catch::Contains("B = 4"));
}

TEST_CASE("Variants::load: a file without a variant dimension, or one value picked, is R0080", "[variants]") {
  CHECK(error_of([] { Variants::load(graph_path("views")); }).code() == "R0080");
  CHECK(error_of([] { Variants::load(graph_path("variants"), LoadOptions{.variant = 4}); }).code() == "R0080");
  // Program::load takes the value picked, and the largest when none is.
  CHECK(
      ir_of(Program::load(graph_path("variants"), LoadOptions{.variant = 4})).graphs.at(0).buffers.at(0).count_value ==
      1024);
  CHECK(ir_of(Program::load(graph_path("variants"))).graphs.at(0).buffers.at(0).count_value == 2048);
}

}  // namespace
}  // namespace graphc::test
