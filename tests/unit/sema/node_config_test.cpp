// Params in node configurations: launch dimensions, shared memory, copy and memset slices,
// copy sizes and memset values fold with the params' defaults and record the params they
// use (Node::config_params); ConfigRefolder folds them again with new values, reporting
// what analyze would. A graph's scalar parameters configure nodes too, folded per call
// (check_call_config.cpp).
#include <catch2/catch.hpp>

#include "sema/node_config.h"
#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::check_diag;
using graphc::test::single_diag;

namespace {

using Dims = std::array<std::uint32_t, 3>;
using Params = std::vector<ir::ParamId>;

const std::string kConfigured = R"(graph g {
  const N = 64;
  param n : i32 = 1000;
  param b : i32 = 128;
  param first : i64 = 8;
  param value : u8 = 7u;
  param scale : f32 = 2.0f;
  buffer src : i32[N] device;
  buffer dst : i32[N] device;
  buffer raw : u8[N] device;
  kernel k : f<<<ceil_div(n, b), b, u32(n) * 4u>>>(scale);
  kernel fixed : f<<<4, 32>>>(scale);
  copy c : dst[first:N - first] <- src[0:N - first];
  copy sized : raw <- src bytes i64(n / 100);
  memset m : raw[first:4] = value;
}
)";

TEST_CASE("params may configure kernel copy and memset nodes and are recorded per node", "[sema]") {
  const auto a = analyze_text(kConfigured);
  REQUIRE(a->sorted().empty());
  const auto& k = std::get<ir::KernelNode>(a->node("k").op);
  CHECK(k.grid_dims == Dims{8, 1, 1});
  CHECK(k.block_dims == Dims{128, 1, 1});
  CHECK(k.shared_memory_bytes == 4000);
  CHECK(a->node("k").config_params == Params{ir::ParamId{0}, ir::ParamId{1}});  // `scale`, an argument, is not
  CHECK(a->node("fixed").config_params.empty());
  const auto& c = std::get<ir::CopyNode>(a->node("c").op);
  CHECK(c.dst.offset_value == 8);
  CHECK(c.dst.length_value == 56);
  CHECK(c.bytes_value == 224);
  CHECK(a->node("c").config_params == Params{ir::ParamId{2}});
  CHECK(std::get<ir::CopyNode>(a->node("sized").op).bytes_value == 10);
  CHECK(a->node("sized").config_params == Params{ir::ParamId{0}});
  const auto& m = std::get<ir::MemsetNode>(a->node("m").op);
  CHECK(m.dst.offset_value == 8);
  CHECK(m.value_bits == 7);
  CHECK(a->node("m").config_params == Params{ir::ParamId{2}, ir::ParamId{3}});
}

TEST_CASE("a default that breaks a limit is reported where the param is used", "[sema]") {
  const auto a = analyze_text("graph g {\n  param b : i32 = 2048;\n  kernel k : f<<<1, b>>>();\n}\n");
  single_diag(*a, DiagCode::block_dim_limit, "3:21", "block dimension x is 2048, over CUDA's limit of 1024");
}

const std::string kLayer = R"(graph layer(x : f32[256] device, n : i32, v : u8) {
  kernel k : f<<<ceil_div(n, 128), 128>>>(x, n);
  memset m : x[0:n] = v;
}
)";

TEST_CASE("a graph's scalar parameter configures its nodes, folded per call", "[sema]") {
  const auto a = analyze_text(kLayer);
  REQUIRE(a->sorted().empty());  // alone, the nodes wait for a call's values
  CHECK(a->node("k").config_params == Params{ir::ParamId{0}});
  CHECK(a->node("m").config_params == Params{ir::ParamId{0}, ir::ParamId{1}});

  const auto called = analyze_text(kLayer + R"(graph main {
  buffer d : f32[256] device;
  param n : i32 = 256;
  call a : layer(d, 100, 1u);
  call b : layer(d, n, 255u);
}
)");
  CHECK(called->sorted().empty());
}

TEST_CASE("a call whose value breaks a rule is reported at the node with a note at the call", "[sema]") {
  const auto a = analyze_text(kLayer + R"(graph main {
  buffer d : f32[256] device;
  param n : i32 = 0;
  call fine : layer(d, 256, 0u);
  call zero : layer(d, n, 0u);
}
)");
  const std::vector<Diagnostic> diags = a->sorted();
  REQUIRE(diags.size() == 2);
  check_diag(*a, diags[0], DiagCode::zero_dim, "2:18", "grid dimension x is 0; a kernel launch needs at least 1");
  CHECK(a->notes(diags[0]) == "9:8: 'zero' calls 'layer' here, with n = 0, v = 0\n");
  check_diag(*a, diags[1], DiagCode::empty_slice, "3:14",
             "slice [0:0] of 'x' is empty; a memset node must cover at least one element");
}

TEST_CASE("a value passed on through nested calls is checked with the chain of calls", "[sema]") {
  const auto a = analyze_text(kLayer + R"(graph block(x : f32[256] device, n : i32) {
  call inner : layer(x, n, 7u);
}
graph main {
  buffer d : f32[256] device;
  call outer : block(d, 512);
}
)");
  const std::vector<Diagnostic> diags = a->sorted();
  REQUIRE(diags.size() == 1);
  const Diagnostic& d = diags[0];
  check_diag(*a, d, DiagCode::slice_out_of_bounds, "3:14",
             "slice [0:512] is out of bounds of 'x', which has 256 elements");
  CHECK(a->notes(d) == "6:8: 'inner' calls 'layer' here, with n = 512, v = 7\n"
                       "10:8: 'outer' calls 'block' here, with n = 512\n");
}

TEST_CASE("a graph's parameter still cannot size a buffer", "[sema]") {
  const auto a = analyze_text(R"(graph g(x : f32[64] device, n : i32) {
  alloc t : f32[n];
  free r : t;
  t -> r;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::not_constant, "2:17",
                                   "'n' is a param, but this expression must be a compile-time constant");
  CHECK(a->notes(d) == "1:29: 'n' is declared here\n"
                       "a parameter of graph 'g' is known only per call, so it may configure a node (a launch "
                       "configuration, a copy or a memset) but not a declaration\n");
}

TEST_CASE("ConfigRefolder folds a node again with new values and the validator's checks", "[sema]") {
  const auto a = analyze_text(kConfigured);
  REQUIRE(a->sorted().empty());
  sema::ConfigRefolder refolder(a->graph());
  refolder.set_param_value(ir::ParamId{0}, ir::Scalar::of_integer(ir::ScalarType::i32, 5000));
  refolder.set_param_value(ir::ParamId{1}, ir::Scalar::of_integer(ir::ScalarType::i32, 256));

  std::vector<ir::Node> k{a->node("k")};
  DiagEngine diags;
  REQUIRE(refolder.fold(std::vector<ir::Node*>{&k[0]}, diags));
  CHECK(std::get<ir::KernelNode>(k[0].op).grid_dims == Dims{20, 1, 1});
  CHECK(std::get<ir::KernelNode>(k[0].op).block_dims == Dims{256, 1, 1});
  CHECK(std::get<ir::KernelNode>(k[0].op).shared_memory_bytes == 20000);
  CHECK(std::get<ir::KernelNode>(a->node("k").op).grid_dims == Dims{8, 1, 1});  // the IR is left alone

  refolder.set_param_value(ir::ParamId{2}, ir::Scalar::of_integer(ir::ScalarType::i64, 70));
  std::vector<ir::Node> m{a->node("m"), a->node("k")};  // k does not use `first`
  CHECK_FALSE(refolder.fold(std::vector<ir::Node*>{&m[0], &m[1]}, diags));
  REQUIRE(diags.sorted().size() == 1);
  CHECK(diags.sorted()[0].code == DiagCode::slice_out_of_bounds);
  CHECK(diags.sorted()[0].message == "slice [70:4] is out of bounds of 'raw', which has 64 elements");

  // Folding again with the values of an earlier fold gives its results back (what
  // Instance::set relies on to undo a refused value).
  refolder.set_param_value(ir::ParamId{2}, ir::Scalar::of_integer(ir::ScalarType::i64, 0));
  DiagEngine none;
  REQUIRE(refolder.fold(std::vector<ir::Node*>{&m[0], &m[1]}, none));
  CHECK(std::get<ir::KernelNode>(m[1].op).grid_dims == Dims{20, 1, 1});
}

}  // namespace
