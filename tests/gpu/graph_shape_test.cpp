// The cudaGraph_t built at run time has exactly the IR's nodes (kinds) and edges, read
// back with cudaGraphGetNodes, cudaGraphNodeGetType and cudaGraphGetEdges (CUDA 13:
// with edge data).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "gpu_test_support.h"
#include "graphc/introspect.h"
#include "ir/graph.h"

namespace graphc::test {
namespace {

void CUDART_CB nothing(void*) {}

TEST_CASE("the built graph's node kinds and edges match the IR", "[runtime][gpu]") {
  // Declared out of dependency order, with a duplicate edge (given to CUDA once).
  const std::string text = R"(module "kernels.cu";
graph shape {
    const N = 64;
    buffer h : f32[N] host = fill(1.0f);
    buffer d : f32[N] device;
    buffer e : f32[N] device;

    copy   download : h <- d;
    kernel left     : scale_add<<<1, N>>>(d, 2.0f, 0.0f, N);
    kernel right    : scale_add<<<1, N>>>(e, 2.0f, 0.0f, N);
    memset clear    : e = 0;
    host   note     : tick();
    empty  join;
    copy   upload   : d <- h;

    upload -> {left, right} -> join -> download;
    clear -> right;
    join -> note;
    upload -> left;
}
)";
  Program program = Program::from_text(graph_path("shape"), text);
  Bindings bindings;
  bindings.host("tick", nothing, nullptr);
  Instance instance = program.instantiate("shape", bindings);
  const ir::Graph& graph = ir_of(program).graphs.at(0);

  const std::map<std::string, cudaGraphNodeType> kinds = {
      {"download", cudaGraphNodeTypeMemcpy}, {"left", cudaGraphNodeTypeKernel}, {"right", cudaGraphNodeTypeKernel},
      {"clear", cudaGraphNodeTypeMemset},    {"note", cudaGraphNodeTypeHost},   {"join", cudaGraphNodeTypeEmpty},
      {"upload", cudaGraphNodeTypeMemcpy}};
  std::size_t count = 0;
  check_cuda(cudaGraphGetNodes(instance.graph(), nullptr, &count), "cudaGraphGetNodes");
  REQUIRE(count == graph.nodes.size());
  std::vector<cudaGraphNode_t> nodes(count);
  check_cuda(cudaGraphGetNodes(instance.graph(), nodes.data(), &count), "cudaGraphGetNodes");
  std::map<cudaGraphNode_t, std::string> names;
  for (const ir::Node& node : graph.nodes) {
    const cudaGraphNode_t handle = instance.node(node.name);
    REQUIRE(std::find(nodes.begin(), nodes.end(), handle) != nodes.end());
    names[handle] = node.name;
    cudaGraphNodeType type{};
    check_cuda(cudaGraphNodeGetType(handle, &type), "cudaGraphNodeGetType");
    CHECK(type == kinds.at(node.name));
  }
  REQUIRE(names.size() == count);

  std::size_t edge_count = 0;
  check_cuda(cudaGraphGetEdges(instance.graph(), nullptr, nullptr, nullptr, &edge_count), "cudaGraphGetEdges");
  std::vector<cudaGraphNode_t> from(edge_count);
  std::vector<cudaGraphNode_t> to(edge_count);
  std::vector<cudaGraphEdgeData> data(edge_count);
  check_cuda(cudaGraphGetEdges(instance.graph(), from.data(), to.data(), data.data(), &edge_count),
             "cudaGraphGetEdges");
  std::set<std::pair<std::string, std::string>> built;
  for (std::size_t i = 0; i < edge_count; ++i) {
    built.emplace(names.at(from[i]), names.at(to[i]));
    CHECK(data[i].type == cudaGraphDependencyTypeDefault);
    CHECK(data[i].from_port == cudaGraphKernelNodePortDefault);
  }
  std::set<std::pair<std::string, std::string>> declared;
  for (const ir::Edge& edge : graph.edges) declared.emplace(edge.from, edge.to);
  CHECK(built == declared);
  CHECK(edge_count == declared.size());
  CHECK(declared == std::set<std::pair<std::string, std::string>>{{"upload", "left"},
                                                                  {"upload", "right"},
                                                                  {"left", "join"},
                                                                  {"right", "join"},
                                                                  {"join", "download"},
                                                                  {"clear", "right"},
                                                                  {"join", "note"}});

  // And it runs: h = 2 * 1.
  instance.launch();
  CHECK(read_buffer<float>(instance, "h") == std::vector<float>(64, 2.0f));
}

using Edges = std::set<std::pair<std::string, std::string>>;

// The (from, to) names of every edge of `instance`'s CUDA graph.
Edges built_edges(const Instance& instance, const ir::Graph& graph) {
  std::map<cudaGraphNode_t, std::string> names;
  for (const ir::Node& node : graph.nodes) names[instance.node(node.name)] = node.name;
  std::size_t count = 0;
  check_cuda(cudaGraphGetEdges(instance.graph(), nullptr, nullptr, nullptr, &count), "cudaGraphGetEdges");
  std::vector<cudaGraphNode_t> from(count);
  std::vector<cudaGraphNode_t> to(count);
  check_cuda(cudaGraphGetEdges(instance.graph(), from.data(), to.data(), nullptr, &count), "cudaGraphGetEdges");
  Edges out;
  for (std::size_t i = 0; i < count; ++i) out.emplace(names.at(from[i]), names.at(to[i]));
  return out;
}

TEST_CASE("edges other paths imply are not given to CUDA, and the graph computes the same", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph implied {
    const N = 64;
    buffer d : f32[N] device = fill(1.0f);
    kernel k0 : scale_add<<<1, N>>>(d, 2.0f, 1.0f, N);
    kernel k1 : scale_add<<<1, N>>>(d, 2.0f, 1.0f, N);
    kernel k2 : scale_add<<<1, N>>>(d, 2.0f, 1.0f, N);
    kernel k3 : scale_add<<<1, N>>>(d, 2.0f, 1.0f, N);
    k0 -> k1 -> k2 -> k3;
    k0 -> {k2, k3};
    k1 -> k3;
}
)";
  for (const bool optimize : {true, false}) {
    Program program = Program::from_text(graph_path("implied"), text, LoadOptions{.optimize = optimize});
    Instance instance = program.instantiate("implied");
    const Edges chain = {{"k0", "k1"}, {"k1", "k2"}, {"k2", "k3"}};
    const Edges all = {{"k0", "k1"}, {"k1", "k2"}, {"k2", "k3"}, {"k0", "k2"}, {"k0", "k3"}, {"k1", "k3"}};
    CHECK(built_edges(instance, ir_of(program).graphs.at(0)) == (optimize ? chain : all));
    instance.launch();
    CHECK(read_buffer<float>(instance, "d") == std::vector<float>(64, 31.0f));  // ((((1*2+1)*2+1)*2+1)*2+1)
  }
}

// The root nodes of `instance`'s CUDA graph (cudaGraphGetRootNodes).
std::vector<cudaGraphNode_t> built_roots(const Instance& instance) {
  std::size_t count = 0;
  check_cuda(cudaGraphGetRootNodes(instance.graph(), nullptr, &count), "cudaGraphGetRootNodes");
  std::vector<cudaGraphNode_t> roots(count);
  check_cuda(cudaGraphGetRootNodes(instance.graph(), roots.data(), &count), "cudaGraphGetRootNodes");
  return roots;
}

TEST_CASE("many roots and leaves are joined by the runtime's no-op kernel, and the graph computes the same",
          "[runtime][gpu]") {
  // The CPU reference: lanes a (2x + 1, twice), b (3x), c (x + 5), d (memset 0), e (0.5x, then 4x - 1).
  constexpr std::size_t kN = 256;
  std::vector<float> expected(5 * kN);
  for (std::size_t i = 0; i < kN; ++i) {
    const auto x = [&](std::size_t lane) { return static_cast<float>(lane * kN + i); };
    expected[i] = (x(0) * 2.0f + 1.0f) * 2.0f + 1.0f;
    expected[kN + i] = x(1) * 3.0f;
    expected[2 * kN + i] = x(2) + 5.0f;
    expected[3 * kN + i] = 0.0f;
    expected[4 * kN + i] = x(4) * 0.5f * 4.0f - 1.0f;
  }
  for (const bool optimize : {true, false}) {
    Program program = Program::load(graph_path("joined"), LoadOptions{.optimize = optimize});
    Instance instance = program.instantiate("lanes");
    const std::vector<cudaGraphNode_t> roots = built_roots(instance);
    std::size_t count = 0;
    check_cuda(cudaGraphGetNodes(instance.graph(), nullptr, &count), "cudaGraphGetNodes");
    if (optimize) {
      REQUIRE(roots.size() == 1);
      CHECK(roots[0] == instance.node("graphc_root"));
      cudaGraphNodeType type{};
      check_cuda(cudaGraphNodeGetType(roots[0], &type), "cudaGraphNodeGetType");
      CHECK(type == cudaGraphNodeTypeKernel);
      CHECK(count == 9);
      const Edges edges = built_edges(instance, ir_of(program).graphs.at(0));
      for (const char* root : {"a0", "b", "c", "d", "e0"}) CHECK(edges.count({"graphc_root", root}) == 1);
      for (const char* leaf : {"a1", "b", "c", "d", "e1"}) CHECK(edges.count({leaf, "graphc_sink"}) == 1);
      CHECK(edges.size() == 12);
    } else {
      CHECK(roots.size() == 5);
      CHECK(count == 7);
    }
    instance.launch();
    CHECK(read_buffer<float>(instance, "x") == expected);
  }
}

TEST_CASE("a graph with no module is joined too: the no-op kernel is the runtime's own", "[runtime][gpu]") {
  const std::string text = R"(graph spread {
    buffer x : u32[64] device = fill(7);
    memset m0 : x[0:16] = 1;
    memset m1 : x[16:16] = 2;
    memset m2 : x[32:16] = 3;
    memset m3 : x[48:16] = 4;
}
)";
  Program program = Program::from_text(graph_path("spread"), text);
  Instance instance = program.instantiate("spread");
  CHECK(built_roots(instance).size() == 1);
  instance.launch();
  std::vector<std::uint32_t> expected(64);
  for (std::size_t i = 0; i < 64; ++i) expected[i] = static_cast<std::uint32_t>(i / 16 + 1);
  CHECK(read_buffer<std::uint32_t>(instance, "x") == expected);
}

TEST_CASE("Instance::node of an unknown name is R0015", "[runtime][gpu]") {
  const std::string path = graph_path("named");
  const std::string text = "graph named {\n    empty start;\n}\n";
  Program program = Program::from_text(path, text);
  Instance instance = program.instantiate("named");
  const Error e = error_of([&] { instance.node("stat"); });
  CHECK(e.code() == "R0015");
  CHECK_THAT(e.what(), Catch::StartsWith(path + ":1:7: error[R0015]: graph 'named' has no node 'stat'\n"));
  CHECK_THAT(e.what(), Catch::Contains(path + ":2:11: note: did you mean 'start'?"));
  CHECK(error_of([&] { instance.buffer("none"); }).code() == "R0010");
}

}  // namespace
}  // namespace graphc::test
