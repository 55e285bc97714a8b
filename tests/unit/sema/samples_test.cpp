// The bundled samples analyze without a diagnostic, to the values their kernels expect.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::KernelArg;

namespace {
std::unique_ptr<test::Analyzed> analyze_sample(const std::string& name) {
  const std::string path = std::string(GRAPHC_SOURCE_DIR) + "/samples/" + name + "/" + name + ".graph";
  std::ifstream in(path);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  auto a = test::analyze_text(text.str());
  CHECK(a->ok);
  CHECK(a->sorted().empty());
  return a;
}
}  // namespace

TEST_CASE("train_step resolves", "[sema]") {
  const auto a = analyze_sample("train_step");
  const auto& forward = std::get<ir::KernelNode>(a->node("forward").op);
  CHECK(forward.grid_dims == std::array<std::uint32_t, 3>{4096, 1, 1});
  CHECK(forward.block_dims == std::array<std::uint32_t, 3>{256, 1, 1});
  REQUIRE(forward.args.size() == 3);
  CHECK(forward.args[0].kind == KernelArg::Kind::buffer);
  CHECK(forward.args[1].kind == KernelArg::Kind::param);
  CHECK(forward.args[2].kind == KernelArg::Kind::value);
  CHECK(forward.args[2].value == ir::Scalar::of_integer(ir::ScalarType::i32, 1048576));
  const auto& upload = std::get<ir::CopyNode>(a->node("upload").op);
  CHECK(upload.kind == ir::CopyKind::host_to_device);
  CHECK(upload.bytes_value == 4194304);
  CHECK(std::get<ir::CopyNode>(a->node("download").op).kind == ir::CopyKind::device_to_host);
  CHECK(a->graph().params[0].folded_default == ir::Scalar::of_float(ir::ScalarType::f32, 2.0));
}

TEST_CASE("diamond resolves", "[sema]") {
  const auto a = analyze_sample("diamond");
  const auto& right = std::get<ir::KernelNode>(a->node("right").op);
  CHECK(right.args[0].kind == KernelArg::Kind::buffer);
  // The view `upper`: x's second half, 524288 floats in.
  CHECK(a->graph().storage(right.args[0].buffer).offset == 524288 * 4);
  CHECK(right.args[2].value == ir::Scalar::of_float(ir::ScalarType::f32, -3.0));
  CHECK(a->graph().edges.size() == 5);
}

TEST_CASE("heat2d resolves", "[sema]") {
  const auto a = analyze_sample("heat2d");
  CHECK(a->graph().nodes.size() == 203);
  CHECK(a->graph().edges.size() == 202);
  const auto& step = std::get<ir::KernelNode>(a->node("step_0").op);
  CHECK(step.grid_dims == std::array<std::uint32_t, 3>{64, 64, 1});
  CHECK(step.block_dims == std::array<std::uint32_t, 3>{16, 16, 1});
}

TEST_CASE("pdl_pipeline resolves: the same chain twice, with programmatic and with default edges", "[sema]") {
  const auto a = analyze_sample("pdl_pipeline");
  REQUIRE(a->module.graphs.size() == 2);
  const ir::Graph& pdl = a->module.graphs[0];
  const ir::Graph& plain = a->module.graphs[1];
  CHECK(pdl.name == "pdl");
  CHECK(plain.name == "plain");
  REQUIRE(pdl.nodes.size() == 8);
  REQUIRE(plain.nodes.size() == 8);
  for (std::size_t i = 0; i < 8; ++i) {
    const auto& p = std::get<ir::KernelNode>(pdl.nodes[i].op);
    const auto& q = std::get<ir::KernelNode>(plain.nodes[i].op);
    CHECK(p.function == "stage");
    CHECK(p.grid_dims == std::array<std::uint32_t, 3>{4096, 1, 1});
    REQUIRE(p.args.size() == 5);
    REQUIRE(q.args.size() == 5);
    for (std::size_t k = 0; k < 5; ++k) {
      CHECK(p.args[k].kind == q.args[k].kind);
      CHECK(p.args[k].buffer == q.args[k].buffer);
      CHECK(p.args[k].value == q.args[k].value);
    }
  }
  REQUIRE(pdl.edges.size() == 7);
  REQUIRE(plain.edges.size() == 7);
  for (std::size_t i = 0; i < 7; ++i) {
    CHECK(pdl.edges[i].from_id.value == i);
    CHECK(pdl.edges[i].to_id.value == i + 1);
    CHECK(pdl.edges[i].port == ir::EdgePort::programmatic);
    CHECK(plain.edges[i].port == ir::EdgePort::default_);
  }
}
