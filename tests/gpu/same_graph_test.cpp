// The runtime path and the generated-code path build the same CUDA graph: for every
// sample (and the event graphs of data/events.graph, the joined roots of
// data/joined.graph), Program::load + instantiate and the C++ that `graphc compile` wrote
// (built into this test by graphc_add_graph) are read back through cudaGraphGetNodes and cudaGraphGetEdges and compared
// node by node, in creation order: node types, launch dimensions and dynamic shared memory, memcpy sizes and kinds,
// memset shapes, event nodes' events being set, mem alloc sizes, and edges with their edge
// data (port and dependency type).
#include <catch2/catch.hpp>
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "branching.graph.h"
#include "cg_solver.graph.h"
#include "device_launch.graph.h"
#include "diamond.graph.h"
#include "events.graph.h"
#include "graph_memory.graph.h"
#include "graphc/generated_support.h"
#include "graphc/introspect.h"
#include "graphc/program.h"
#include "heat2d.graph.h"
#include "ir/graph.h"
#include "joined.graph.h"
#include "moe_router.graph.h"
#include "pdl_pipeline.graph.h"
#include "train_step.graph.h"

namespace {

struct NodeShape {
  cudaGraphNodeType type{};
  unsigned grid[3]{};
  unsigned block[3]{};
  unsigned shared_memory = 0;
  std::size_t copy_bytes = 0;
  cudaMemcpyKind copy_kind{};
  std::size_t memset_elements = 0;
  unsigned memset_element_size = 0;
  unsigned memset_value = 0;
  bool has_event = false;  // event record and wait nodes: an event is set (each path has its own)
  std::size_t alloc_bytes = 0;

  friend bool operator==(const NodeShape& a, const NodeShape& b) {
    return a.type == b.type && std::equal(a.grid, a.grid + 3, b.grid) && std::equal(a.block, a.block + 3, b.block) &&
           a.shared_memory == b.shared_memory && a.copy_bytes == b.copy_bytes && a.copy_kind == b.copy_kind &&
           a.memset_elements == b.memset_elements && a.memset_element_size == b.memset_element_size &&
           a.memset_value == b.memset_value && a.has_event == b.has_event && a.alloc_bytes == b.alloc_bytes;
  }
};

// One edge: the node indices in creation order, then cudaGraphEdgeData's from_port,
// to_port and type.
using EdgeShape = std::tuple<std::size_t, std::size_t, int, int, int>;

struct GraphShape {
  std::vector<NodeShape> nodes;  // creation order
  std::vector<EdgeShape> edges;  // sorted
};

// A kernel node's parameters through the driver API. The runtime's
// cudaGraphKernelNodeGetParams answers cudaErrorInvalidDeviceFunction for a node whose
// kernel is a cudaKernel_t from cudaLibraryGetKernel (the runtime path's NVRTC modules),
// since it cannot map it back to a host-side function; cuGraphKernelNodeGetParams (v2)
// returns it as a CUkernel. Taken through cudaGetDriverEntryPointByVersion, so the test
// needs no link to libcuda and still starts (and skips) where no driver exists.
CUDA_KERNEL_NODE_PARAMS kernel_node_params(cudaGraphNode_t node) {
  static const auto get_params = [] {
    void* fn = nullptr;
    cudaDriverEntryPointQueryResult found{};
    graphc::check_cuda(cudaGetDriverEntryPointByVersion("cuGraphKernelNodeGetParams", &fn, 12000, cudaEnableDefault,
                                                        &found),
                       "cudaGetDriverEntryPointByVersion(cuGraphKernelNodeGetParams)");
    REQUIRE(found == cudaDriverEntryPointSuccess);
    return reinterpret_cast<PFN_cuGraphKernelNodeGetParams_v12000>(fn);
  }();
  CUDA_KERNEL_NODE_PARAMS p{};
  REQUIRE(get_params(node, &p) == CUDA_SUCCESS);
  return p;
}

NodeShape shape_of(cudaGraphNode_t node) {
  NodeShape s;
  graphc::check_cuda(cudaGraphNodeGetType(node, &s.type), "cudaGraphNodeGetType");
  if (s.type == cudaGraphNodeTypeKernel) {
    const CUDA_KERNEL_NODE_PARAMS p = kernel_node_params(node);
    s.grid[0] = p.gridDimX, s.grid[1] = p.gridDimY, s.grid[2] = p.gridDimZ;
    s.block[0] = p.blockDimX, s.block[1] = p.blockDimY, s.block[2] = p.blockDimZ;
    s.shared_memory = p.sharedMemBytes;
  } else if (s.type == cudaGraphNodeTypeMemcpy) {
    cudaMemcpy3DParms p{};
    graphc::check_cuda(cudaGraphMemcpyNodeGetParams(node, &p), "cudaGraphMemcpyNodeGetParams");
    s.copy_bytes = p.extent.width * p.extent.height * p.extent.depth;
    s.copy_kind = p.kind;
  } else if (s.type == cudaGraphNodeTypeMemset) {
    cudaMemsetParams p{};
    graphc::check_cuda(cudaGraphMemsetNodeGetParams(node, &p), "cudaGraphMemsetNodeGetParams");
    s.memset_elements = p.width * p.height;
    s.memset_element_size = p.elementSize;
    s.memset_value = p.value;
  } else if (s.type == cudaGraphNodeTypeEventRecord || s.type == cudaGraphNodeTypeWaitEvent) {
    cudaEvent_t event = nullptr;
    if (s.type == cudaGraphNodeTypeEventRecord) {
      graphc::check_cuda(cudaGraphEventRecordNodeGetEvent(node, &event), "cudaGraphEventRecordNodeGetEvent");
    } else {
      graphc::check_cuda(cudaGraphEventWaitNodeGetEvent(node, &event), "cudaGraphEventWaitNodeGetEvent");
    }
    s.has_event = event != nullptr;
  } else if (s.type == cudaGraphNodeTypeMemAlloc) {
    cudaMemAllocNodeParams p{};
    graphc::check_cuda(cudaGraphMemAllocNodeGetParams(node, &p), "cudaGraphMemAllocNodeGetParams");
    s.alloc_bytes = p.bytesize;
  }
  return s;
}

GraphShape shape_of(cudaGraph_t graph) {
  std::size_t count = 0;
  graphc::check_cuda(cudaGraphGetNodes(graph, nullptr, &count), "cudaGraphGetNodes");
  std::vector<cudaGraphNode_t> nodes(count);
  graphc::check_cuda(cudaGraphGetNodes(graph, nodes.data(), &count), "cudaGraphGetNodes");
  GraphShape shape;
  for (cudaGraphNode_t n : nodes) shape.nodes.push_back(shape_of(n));

  std::size_t edge_count = 0;
  graphc::check_cuda(cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &edge_count), "cudaGraphGetEdges");
  std::vector<cudaGraphNode_t> from(edge_count), to(edge_count);
  std::vector<cudaGraphEdgeData> data(edge_count);
  graphc::check_cuda(cudaGraphGetEdges(graph, from.data(), to.data(), data.data(), &edge_count), "cudaGraphGetEdges");
  auto index = [&nodes](cudaGraphNode_t n) {
    return static_cast<std::size_t>(std::find(nodes.begin(), nodes.end(), n) - nodes.begin());
  };
  for (std::size_t i = 0; i < edge_count; ++i) {
    shape.edges.emplace_back(index(from[i]), index(to[i]), data[i].from_port, data[i].to_port, data[i].type);
  }
  std::sort(shape.edges.begin(), shape.edges.end());
  return shape;
}

GraphShape runtime_shape(const std::string& path, const std::string& graph) {
  graphc::Program program = graphc::Program::load(path);
  const graphc::Instance instance = program.instantiate(graph);
  return shape_of(instance.graph());
}

GraphShape runtime_shape(const std::string& sample) {
  return runtime_shape(std::string(GRAPHC_SAMPLES_DIR) + "/" + sample + "/" + sample + ".graph", sample);
}

// The graph of one generated Graph (graphc::gen::NAME::Graph), with its own Storage.
template <class Graph>
GraphShape generated_shape() {
  const Graph generated;
  return shape_of(generated.graph());
}

void require_same(const GraphShape& runtime, const GraphShape& generated, std::size_t ir_nodes) {
  REQUIRE(runtime.nodes.size() == ir_nodes);
  REQUIRE(generated.nodes.size() == ir_nodes);
  for (std::size_t i = 0; i < ir_nodes; ++i) {
    INFO("node " << i << " in creation order");
    CHECK(runtime.nodes[i] == generated.nodes[i]);
  }
  CHECK(runtime.edges == generated.edges);
  CHECK_FALSE(runtime.edges.empty());
}

}  // namespace

TEST_CASE("train_step: the runtime and the generated code build the same graph", "[runtime][codegen]") {
  namespace gen = graphc::gen::train_step;
  require_same(runtime_shape("train_step"), generated_shape<gen::Graph>(), 4);
}

TEST_CASE("diamond: the runtime and the generated code build the same graph", "[runtime][codegen]") {
  namespace gen = graphc::gen::diamond;
  const GraphShape runtime = runtime_shape("diamond");
  require_same(runtime, generated_shape<gen::Graph>(), 5);
  CHECK(runtime.edges.size() == 5);  // upload -> {left, right} -> combine -> download
}

// The nodes of a sample's graph itself, not those of its conditional bodies (which
// cudaGraphGetNodes on the graph does not list).
std::size_t top_level_nodes(const std::string& sample) {
  const graphc::Program program =
      graphc::Program::load(std::string(GRAPHC_SAMPLES_DIR) + "/" + sample + "/" + sample + ".graph");
  const auto& nodes = ir_of(program).graphs.at(0).nodes;
  return static_cast<std::size_t>(std::count_if(nodes.begin(), nodes.end(),
                                                [](const graphc::ir::Node& n) { return !n.body.valid(); }));
}

TEST_CASE("cg_solver: the runtime and the generated code build the same graph", "[runtime][codegen]") {
  namespace gen = graphc::gen::cg_solver;
  const GraphShape runtime = runtime_shape("cg_solver");
  require_same(runtime, generated_shape<gen::Graph>(), top_level_nodes("cg_solver"));
  CHECK(std::count_if(runtime.nodes.begin(), runtime.nodes.end(),
                      [](const NodeShape& n) { return n.type == cudaGraphNodeTypeConditional; }) == 1);
}

TEST_CASE("branching: the runtime and the generated code build the same graph", "[runtime][codegen]") {
  namespace gen = graphc::gen::branching;
  const GraphShape runtime = runtime_shape("branching");
  require_same(runtime, generated_shape<gen::Graph>(), top_level_nodes("branching"));
  CHECK(std::count_if(runtime.nodes.begin(), runtime.nodes.end(),
                      [](const NodeShape& n) { return n.type == cudaGraphNodeTypeConditional; }) == 4);
}

TEST_CASE("heat2d: the runtime and the generated code build the same graph", "[runtime][codegen]") {
  namespace gen = graphc::gen::heat2d;
  const GraphShape runtime = runtime_shape("heat2d");
  require_same(runtime, generated_shape<gen::Graph>(), 203);
  CHECK(runtime.nodes[2].grid[0] == 64);  // (ceil_div(1024, 16), ...) x (16, 16)
  CHECK(runtime.nodes[2].block[1] == 16);
}

TEST_CASE("pdl_pipeline: both paths build the same graphs, programmatic edge data included, the optimiser's too",
          "[runtime][codegen]") {
  const std::string path = std::string(GRAPHC_SAMPLES_DIR) + "/pdl_pipeline/pdl_pipeline.graph";
  namespace pdl = graphc::gen::pdl;
  namespace plain = graphc::gen::plain;
  const GraphShape runtime = runtime_shape(path, "pdl");
  require_same(runtime, generated_shape<pdl::Graph>(), 8);
  REQUIRE(runtime.edges.size() == 7);
  for (const EdgeShape& e : runtime.edges) {
    CHECK(std::get<2>(e) == cudaGraphKernelNodePortProgrammatic);
    CHECK(std::get<3>(e) == 0);
    CHECK(std::get<4>(e) == cudaGraphDependencyTypeProgrammatic);
  }
  // plain's edges are written default; both paths build it at -O1 (the default), where the
  // optimiser makes each programmatic, since every stage waits for its dependencies.
  const GraphShape found = runtime_shape(path, "plain");
  require_same(found, generated_shape<plain::Graph>(), 8);
  REQUIRE(found.edges == runtime.edges);
}

TEST_CASE("events: both paths build the same record and wait nodes", "[runtime][codegen]") {
  const std::string path = std::string(GRAPHC_TEST_DATA_DIR) + "/events.graph";
  namespace produce = graphc::gen::produce;
  namespace consume = graphc::gen::consume;
  const GraphShape produced = runtime_shape(path, "produce");
  require_same(produced, generated_shape<produce::Graph>(), 2);
  CHECK(produced.nodes[1].type == cudaGraphNodeTypeEventRecord);
  CHECK(produced.nodes[1].has_event);
  const GraphShape consumed = runtime_shape(path, "consume");
  require_same(consumed, generated_shape<consume::Graph>(), 2);
  CHECK(consumed.nodes[0].type == cudaGraphNodeTypeWaitEvent);
  CHECK(consumed.nodes[0].has_event);
}

TEST_CASE("timed: the generated Storage creates timing events that graphc::elapsed_ms reads", "[runtime][codegen]") {
  namespace gen = graphc::gen::timed;
  const std::string path = std::string(GRAPHC_TEST_DATA_DIR) + "/events.graph";
  require_same(runtime_shape(path, "timed"), generated_shape<gen::Graph>(), 4);
  const gen::Graph g;
  g.launch(nullptr);
  // slow_fill spins 2e7 cycles: at least 10 ms at an H100's top clock of 2 GHz.
  CHECK(graphc::elapsed_ms(g.bindings().start, g.bindings().stop, "start", "stop") >= 9.0f);
  CHECK_THROWS_WITH(graphc::elapsed_ms(g.bindings().start, g.bindings().plain, "start", "plain"),
                    Catch::Contains("cudaEventElapsedTime of events 'start' and 'plain' failed"));
}

TEST_CASE("joined: both paths build the optimiser's no-op kernel root and sink", "[runtime][codegen]") {
  namespace gen = graphc::gen::lanes;
  const GraphShape runtime = runtime_shape(std::string(GRAPHC_TEST_DATA_DIR) + "/joined.graph", "lanes");
  require_same(runtime, generated_shape<gen::Graph>(), 9);
  // Created first and last: a 1-thread kernel, before the five roots and after the five leaves.
  for (const std::size_t i : {std::size_t{0}, std::size_t{8}}) {
    CHECK(runtime.nodes[i].type == cudaGraphNodeTypeKernel);
    CHECK(runtime.nodes[i].grid[0] == 1);
    CHECK(runtime.nodes[i].block[0] == 1);
  }
  const auto from_root = [](const EdgeShape& e) { return std::get<0>(e) == 0; };
  const auto to_sink = [](const EdgeShape& e) { return std::get<1>(e) == 8; };
  CHECK(std::count_if(runtime.edges.begin(), runtime.edges.end(), from_root) == 5);
  CHECK(std::count_if(runtime.edges.begin(), runtime.edges.end(), to_sink) == 5);
}

TEST_CASE("device_launch: both paths build the same graph, instantiated for device launch", "[runtime][codegen]") {
  namespace gen = graphc::gen::countdown;
  const std::string path = std::string(GRAPHC_SAMPLES_DIR) + "/device_launch/device_launch.graph";
  require_same(runtime_shape(path, "countdown"), generated_shape<gen::Graph>(), 3);
  static_assert(gen::instantiate_flags == cudaGraphInstantiateFlagDeviceLaunch);
  graphc::Program program = graphc::Program::load(path);
  const graphc::Instance instance = program.instantiate("countdown");
  unsigned long long flags = 0;
  graphc::check_cuda(cudaGraphExecGetFlags(instance.exec(), &flags), "cudaGraphExecGetFlags");
  CHECK((flags & cudaGraphInstantiateFlagDeviceLaunch) != 0);
  const gen::Graph generated;  // instantiated with gen::instantiate_flags
  flags = 0;
  graphc::check_cuda(cudaGraphExecGetFlags(generated.exec(), &flags), "cudaGraphExecGetFlags");
  CHECK((flags & cudaGraphInstantiateFlagDeviceLaunch) != 0);
}

TEST_CASE("graph_memory: the runtime and the generated code build the same graph", "[runtime][codegen]") {
  namespace gen = graphc::gen::graph_memory;
  const GraphShape runtime = runtime_shape("graph_memory");
  require_same(runtime, generated_shape<gen::Graph>(), 7);
  const auto alloc = std::find_if(runtime.nodes.begin(), runtime.nodes.end(),
                                  [](const NodeShape& n) { return n.type == cudaGraphNodeTypeMemAlloc; });
  REQUIRE(alloc != runtime.nodes.end());
  CHECK(alloc->alloc_bytes == (1048576 + 1) * sizeof(float));
  CHECK(std::count_if(runtime.nodes.begin(), runtime.nodes.end(),
                      [](const NodeShape& n) { return n.type == cudaGraphNodeTypeMemFree; }) == 1);
}

TEST_CASE("moe_router: both paths build the same graph, its device-updatable expert nodes included",
          "[runtime][codegen]") {
  namespace gen = graphc::gen::moe;
  const std::string path = std::string(GRAPHC_SAMPLES_DIR) + "/moe_router/moe_router.graph";
  require_same(runtime_shape(path, "moe"), generated_shape<gen::Graph>(), top_level_nodes("moe_router"));
}
