// The generated class Variants on the device (data/variants.graph, B in {1, 2, 4, 8}, compiled
// by graphc compile into every variant's namespace): its Storage is the largest variant's,
// no variant is built before its first use, launch(n) runs the smallest variant that holds n
// rows and writes exactly its rows, a param is each variant's own, and holding() past the
// largest is R0078. Against a CPU reference, as variants_test.cpp checks the runtime's.
#include <catch2/catch.hpp>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <vector>

#include "gpu_test_support.h"
#include "variants.graph.h"
#include "variants_rows.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::rows;

TEST_CASE("generated Variants: launch(n) builds the smallest variant that holds n rows, over one Storage",
          "[generated][variants]") {
  static_assert(gen::Variants::values.size() == 4 && gen::Variants::values.back() == 8);
  gen::Variants rows;
  CHECK(read<float>(rows.bindings().y, kLargest * kN) == std::vector<float>(kLargest * kN, -1.0f));
  rows.launch(3, nullptr);  // the B = 4 variant
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  CHECK(read<float>(rows.bindings().y, kLargest * kN) == expected_y({4}, {2.0f}));
  CHECK(rows.variant<4>().bindings().x == rows.bindings().x);

  rows.variant<1>().set_scale(3.0f);  // a param is the variant's own
  rows.launch(1, nullptr);
  rows.launch(8, nullptr);
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  CHECK(read<float>(rows.bindings().y, kLargest * kN) == expected_y({1, 8}, {3.0f, 2.0f}));

  CHECK(gen::Variants::holding(5) == 8);
  CHECK(error_of([] { gen::Variants::holding(9); }).code() == "R0078");
}

}  // namespace
}  // namespace graphc::test
