// Launch configuration: grid and block dimensions, threads per block, shared memory.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

namespace {
using Dims = std::array<std::uint32_t, 3>;
const ir::KernelNode& kernel(const test::Analyzed& a, std::string_view name) {
  return std::get<ir::KernelNode>(a.node(name).op);
}
}  // namespace

TEST_CASE("grid and block dimensions fold, missing ones are 1", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const N = 1000;
  kernel a : f<<<ceil_div(N, 256), 256>>>();
  kernel b : f<<<(2, 3, 4), (8, 8, 4), 1024u>>>();
  kernel c : f<<<(2147483647, 65535, 65535), (1, 1, 64)>>>();
}
)");
  REQUIRE(a->sorted().empty());
  CHECK(kernel(*a, "a").grid_dims == Dims{4, 1, 1});
  CHECK(kernel(*a, "a").block_dims == Dims{256, 1, 1});
  CHECK(kernel(*a, "a").shared_memory_bytes == 0);
  CHECK(kernel(*a, "b").grid_dims == Dims{2, 3, 4});
  CHECK(kernel(*a, "b").block_dims == Dims{8, 8, 4});
  CHECK(kernel(*a, "b").shared_memory_bytes == 1024);
  CHECK(kernel(*a, "c").grid_dims == Dims{2147483647, 65535, 65535});
}

TEST_CASE("a zero or negative dimension", "[sema]") {
  const auto a = analyze_text("graph g {\n  kernel c : f<<<0, 1>>>();\n  kernel j : f<<<1, -4>>>();\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::zero_dim, "2:18", "grid dimension x is 0; a kernel launch needs at least 1");
  test::check_diag(*a, all[1], DiagCode::zero_dim, "3:21", "block dimension x is -4; a kernel launch needs at least 1");
}

TEST_CASE("more than 1024 threads per block", "[sema]") {
  const auto a = analyze_text("graph g {\n  kernel d : f<<<1, (32, 33)>>>();\n}\n");
  single_diag(*a, DiagCode::block_too_large, "2:22",
              "block of 1056 threads exceeds CUDA's limit of 1024 threads per block");
}

TEST_CASE("block and grid dimension limits", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  kernel e : f<<<1, (1, 1, 65)>>>();
  kernel f : f<<<(1, 65536), 1>>>();
  kernel g : f<<<2147483648ll, 2048>>>();
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 4);
  test::check_diag(*a, all[0], DiagCode::block_dim_limit, "2:28", "block dimension z is 65, over CUDA's limit of 64");
  test::check_diag(*a, all[1], DiagCode::grid_dim_limit, "3:22",
                   "grid dimension y is 65536, over CUDA's limit of 65535");
  test::check_diag(*a, all[2], DiagCode::grid_dim_limit, "4:18",
                   "grid dimension x is 2147483648, over CUDA's limit of 2147483647");
  test::check_diag(*a, all[3], DiagCode::block_dim_limit, "4:32",
                   "block dimension x is 2048, over CUDA's limit of 1024");
}

TEST_CASE("dimensions and shared memory are integers", "[sema]") {
  const auto a = analyze_text("graph g {\n  kernel h : f<<<1, 2.0>>>();\n  kernel i : f<<<1, 1, -1>>>();\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::expected_integer, "2:21",
                   "block dimension x must be an integer, but this expression is f64");
  test::check_diag(*a, all[1], DiagCode::value_out_of_range, "3:24", "value -1 does not fit in type u32");
}

TEST_CASE("launch attributes resolve, and a priority anywhere in the call tree needs its flag", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  kernel a : f<<<(8, 4), 32>>>() [cluster(2, 2), cooperative, sync_domain(remote), carveout(25)];
  call c : h();
}
graph h {
  kernel p : f<<<1, 32>>>() [priority(-3)];
}
graph plain {
  kernel q : f<<<1, 32>>>();
}
)");
  REQUIRE(a->sorted().empty());
  const ir::LaunchAttributes& launch = kernel(*a, "a").launch;
  CHECK(launch.cluster == Dims{2, 2, 1});
  CHECK(launch.cooperative);
  CHECK(launch.remote_sync_domain == true);
  CHECK(launch.carveout == 25);
  CHECK_FALSE(launch.priority.has_value());
  CHECK(a->module.uses_node_priority(ir::GraphId{0}));  // through the call of h
  CHECK(a->module.uses_node_priority(ir::GraphId{1}));
  CHECK_FALSE(a->module.uses_node_priority(ir::GraphId{2}));
}
