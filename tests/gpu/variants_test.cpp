// Variants (graphc/variants.h) on the device, data/variants.graph (B in {1, 2, 4, 8}): the
// buffers are allocated once at the largest variant's size with its initial contents, no
// variant is built before its first use, a launch of n rows builds and runs the smallest
// variant that holds them and writes exactly its rows, params are per variant, and building
// the rest eagerly leaves the shared memory where it was. Every result against a CPU
// reference.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "gpu_test_support.h"
#include "graphc/variants.h"
#include "variants_rows.h"

namespace graphc::test {
namespace {

TEST_CASE("variants: a launch of n rows builds the smallest variant that holds them, over shared buffers",
          "[variants]") {
  Variants variants = Variants::load(graph_path("variants"));
  VariantInstances rows = variants.instantiate("rows");
  CHECK(rows.instantiated().empty());
  REQUIRE(rows.buffer_bytes("x") == kLargest * kN * sizeof(float));
  REQUIRE(rows.buffer_bytes("y") == kLargest * kN * sizeof(float));
  CHECK(read<float>(rows.buffer("x"), kLargest * kN) == ramp(kLargest * kN, 0.0f));
  CHECK(read<float>(rows.buffer("y"), kLargest * kN) == std::vector<float>(kLargest * kN, -1.0f));

  rows.launch(3);  // the B = 4 variant
  CHECK(rows.instantiated() == std::vector<std::int64_t>{4});
  CHECK(read<float>(rows.buffer("y"), kLargest * kN) == expected_y({4}, {2.0f}));
  CHECK(rows.variant(4).buffer("y") == rows.buffer("y"));

  rows.variant(1).set("scale", 3.0f);  // a param is the variant's own
  rows.launch(1);
  CHECK(rows.instantiated() == std::vector<std::int64_t>{1, 4});
  CHECK(read<float>(rows.buffer("y"), kLargest * kN) == expected_y({4, 1}, {2.0f, 3.0f}));

  rows.instantiate_all();
  CHECK(rows.instantiated() == std::vector<std::int64_t>{1, 2, 4, 8});
  for (const std::int64_t value : variants.values()) CHECK(rows.variant(value).buffer("x") == rows.buffer("x"));
  rows.launch(8);
  CHECK(read<float>(rows.buffer("y"), kLargest * kN) == expected_y({8}, {2.0f}));

  CHECK(error_of([&] { rows.launch(9); }).code() == "R0078");
  CHECK(error_of([&] { rows.variant(3); }).code() == "R0079");
}

TEST_CASE("variants: memory the caller binds is every variant's", "[variants]") {
  Variants variants = Variants::load(graph_path("variants"));
  Allocation<float> y(kLargest * kN, MemorySpace::device, "y");
  Bindings bindings;
  bindings.buffer("y", y.get(), kLargest * kN * sizeof(float));
  VariantInstances rows = variants.instantiate("rows", bindings);
  CHECK(rows.buffer("y") == y.get());
  rows.launch(2);
  rows.launch(8);
  CHECK(rows.variant(2).buffer("y") == y.get());
  CHECK(read<float>(y.get(), kLargest * kN) == expected_y({2, 8}, {2.0f, 2.0f}));
}

}  // namespace
}  // namespace graphc::test
