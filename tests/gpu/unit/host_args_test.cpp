// HostArgs (runtime/src/host_args.h) without a device: the argument block a host node's
// callback hands its typed function, and the new block a param or buffer change makes while
// the old one, which a pending launch may still read, keeps its values.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "build/host_args.h"
#include "graphc/bindings.h"

namespace graphc::detail {
namespace {

using ST = ir::ScalarType;

// What `report(y + 2, scale, 7, scale)` passes: y a buffer of f32, scale an f32 param.
struct ReportArgs {
  float* y;
  float scale;
  std::int32_t count;
  float again;
};

// One call of report, as its function saw it.
struct Seen {
  float* y;
  float scale;
  std::int32_t count;
  float again;
  void* user_data;
};

std::vector<Seen>* calls = nullptr;

void report(const ReportArgs& args, void* user_data) {
  calls->push_back({args.y, args.scale, args.count, args.again, user_data});
}

ir::Graph graph_with_declarations() {
  ir::Graph graph;
  graph.buffers.resize(1);
  graph.buffers[0].name = "y";
  graph.buffers[0].type = ST::f32;
  graph.params.resize(1);
  graph.params[0].name = "scale";
  graph.params[0].type = ST::f32;
  return graph;
}

ir::HostNode report_node() {
  ir::HostNode host;
  host.function = "report";
  ir::KernelArg y;
  y.kind = ir::KernelArg::Kind::buffer;
  y.buffer = ir::BufferId{0};
  y.offset = 2;
  ir::KernelArg scale;
  scale.kind = ir::KernelArg::Kind::param;
  scale.param = ir::ParamId{0};
  ir::KernelArg count;
  count.kind = ir::KernelArg::Kind::value;
  count.value = ir::Scalar::of_integer(ST::i32, 7);
  host.args = {y, scale, count, scale};
  return host;
}

// Runs what CUDA would run for the node's current parameters.
void run(const cudaHostNodeParams& p) { p.fn(p.userData); }

TEST_CASE("HostArgs hands the typed function its arguments as one struct", "[runtime]") {
  std::vector<Seen> seen;
  calls = &seen;
  int data = 0;
  Bindings bindings;
  bindings.host<ReportArgs>("report", &report, &data);
  const Bindings::BoundHost* bound = bindings.find_host("report");
  REQUIRE(bound != nullptr);
  CHECK(bound->args_size == sizeof(ReportArgs));
  CHECK(bound->args_alignment == alignof(ReportArgs));

  alignas(8) float y[16] = {};
  float y2[16] = {};
  const ir::Graph graph = graph_with_declarations();
  HostArgs args(graph, report_node(), *bound, {y}, {param_slot(ir::Scalar::of_float(ST::f32, 2.5))});
  const cudaHostNodeParams first = args.params();
  CHECK(first.fn == &HostBlock::run);
  run(first);
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].y == y + 2);
  CHECK(seen[0].scale == 2.5f);
  CHECK(seen[0].count == 7);
  CHECK(seen[0].again == 2.5f);
  CHECK(seen[0].user_data == &data);

  CHECK(args.uses(ir::ParamId{0}));
  CHECK(args.uses(ir::BufferId{0}));
  args.set_param(ir::ParamId{0}, param_slot(ir::Scalar::of_float(ST::f32, -1.0)));
  args.set_buffer(ir::BufferId{0}, y2);
  const cudaHostNodeParams second = args.params();
  CHECK(second.userData != first.userData);  // a new block: CUDA may still hold the first
  run(second);
  run(first);
  REQUIRE(seen.size() == 3);
  CHECK(seen[1].y == y2 + 2);
  CHECK(seen[1].scale == -1.0f);
  CHECK(seen[1].again == -1.0f);
  CHECK(seen[1].count == 7);
  CHECK(seen[2].y == y + 2);  // the first block is as it was
  CHECK(seen[2].scale == 2.5f);

  HostArgs moved = std::move(args);
  CHECK(moved.params().userData == second.userData);  // the block did not move
  calls = nullptr;
}

TEST_CASE("HostArgs of an untyped function passes it and its user data as they are", "[runtime]") {
  int data = 0;
  Bindings bindings;
  bindings.host(
      "tick", [](void* d) { ++*static_cast<int*>(d); }, &data);
  ir::HostNode host;
  host.function = "tick";
  HostArgs args(graph_with_declarations(), host, *bindings.find_host("tick"), {}, {});
  const cudaHostNodeParams p = args.params();
  CHECK(p.userData == &data);
  run(p);
  CHECK(data == 1);
  CHECK_FALSE(args.uses(ir::ParamId{0}));
  CHECK_FALSE(args.uses(ir::BufferId{0}));
}

}  // namespace
}  // namespace graphc::detail
