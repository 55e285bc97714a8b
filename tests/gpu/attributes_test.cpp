// Kernel node launch attributes on both paths (data/attributes.graph): the cluster a
// kernel reports, a cooperative grid-wide sum against the CPU's, and the priority, memory
// synchronization domain, carveout and L2 access policy window that CUDA reports back for
// the node; the generated
// instantiate_flags hold cudaGraphInstantiateFlagUseNodePriority (cudaGraphExecGetFlags does
// not report it; ir::Module::uses_node_priority is unit-tested). A cooperative grid over what
// the device holds at once is R0049 before anything launches.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "attributes.graph.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::attributes;

constexpr float kSum = 4096.0f * 4095.0f / 2.0f;  // x = 0, 1, ..., 4095: exact in f32

cudaLaunchAttributeValue attribute(cudaGraphNode_t node, cudaLaunchAttributeID id) {
  cudaLaunchAttributeValue v{};
  check_cuda(cudaGraphKernelNodeGetAttribute(node, id, &v), "cudaGraphKernelNodeGetAttribute");
  return v;
}

// The attributes of nodes `clustered` and `summed` as CUDA reports them; `x` is the memory
// of buffer x. A priority is clamped to the device's stream priority range (0 to -5 on an
// H100: lower is sooner).
void check_attributes(cudaGraphNode_t clustered, cudaGraphNode_t summed, const void* x) {
  const cudaLaunchAttributeValue cluster = attribute(clustered, cudaLaunchAttributeClusterDimension);
  CHECK(cluster.clusterDim.x == 4);
  CHECK(cluster.clusterDim.y == 1);
  int least = 0;
  int greatest = 0;
  check_cuda(cudaDeviceGetStreamPriorityRange(&least, &greatest), "cudaDeviceGetStreamPriorityRange");
  CHECK(attribute(clustered, cudaLaunchAttributePriority).priority == std::clamp(-2, greatest, least));
  CHECK(attribute(clustered, cudaLaunchAttributeMemSyncDomain).memSyncDomain == cudaLaunchMemSyncDomainRemote);
  CHECK(attribute(clustered, cudaLaunchAttributePreferredSharedMemoryCarveout).sharedMemCarveout == 50);
  CHECK(attribute(summed, cudaLaunchAttributeCooperative).cooperative == 1);
  CHECK(attribute(clustered, cudaLaunchAttributeCooperative).cooperative == 0);
  const cudaAccessPolicyWindow window = attribute(summed, cudaLaunchAttributeAccessPolicyWindow).accessPolicyWindow;
  CHECK(window.base_ptr == x);
  CHECK(window.num_bytes == 4096 * sizeof(float));
  CHECK(window.hitRatio == 0.5f);
  CHECK(window.hitProp == cudaAccessPropertyPersisting);
  CHECK(window.missProp == cudaAccessPropertyStreaming);
}

TEST_CASE("launch attributes reach CUDA and the kernels on the runtime path", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/attributes.graph");
  Instance instance = program.instantiate("attributes");
  instance.launch();
  CHECK(read_buffer<unsigned>(instance, "shape") == std::vector<unsigned>(16, 4));
  CHECK(read_buffer<float>(instance, "total") == std::vector<float>{kSum});
  check_attributes(instance.node("clustered"), instance.node("summed"), instance.buffer("x"));

  try {
    program.instantiate("too_wide");
    FAIL("a cooperative grid of 262144 blocks was instantiated");
  } catch (const Error& e) {
    CHECK(e.code() == "R0049");
    CHECK_THAT(e.what(), Catch::Contains("attributes.graph:27:12: error[R0049]: cooperative kernel node 'summed' "
                                         "launches 262144 blocks, but at most"));
  }
}

TEST_CASE("generated code sets the same launch attributes", "[codegen][gpu]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  static_assert((gen::instantiate_flags & cudaGraphInstantiateFlagUseNodePriority) != 0);
  g.launch(nullptr);
  CHECK(read<unsigned>(b.shape, gen::shape_count) == std::vector<unsigned>(16, 4));
  CHECK(read<float>(b.total, 1) == std::vector<float>{kSum});
  check_attributes(g.nodes().clustered, g.nodes().summed, b.x);

  namespace wide = graphc::gen::too_wide;
  wide::Storage storage;
  wide::Nodes nodes;
  const GraphHandle graph = create_graph();
  CHECK_THROWS_WITH(wide::build(graph.get(), storage.bindings(), nodes),
                    Catch::Contains("attributes.graph:27:12: error[R0049]"));
}

}  // namespace
}  // namespace graphc::test
