// Instance::memory and the graph-memory pool (graphc/memory_use.h) on the device,
// data/memory_use.graph: each figure against the bytes the graph declares, computed here, and
// the pool's high-water mark after a launch against the alloc node's size.
#include <catch2/catch.hpp>

#include <cstddef>

#include "gpu_test_support.h"
#include "graphc/cublas_ops.h"
#include "graphc/memory_use.h"

namespace graphc::test {
namespace {

constexpr std::size_t kM = 64;

TEST_CASE("Instance::memory: buffers, bound memory, workspaces and graph memory", "[memory]") {
  Program program = Program::load(graph_path("memory_use"));
  Allocation<float> given(256, MemorySpace::device, "given");
  Bindings bindings;
  bindings.buffer("given", given.get(), 256 * sizeof(float));
  Instance instance = program.instantiate("held", bindings);
  const MemoryUse use = instance.memory();
  CHECK(use.buffers == 3 * kM * kM * sizeof(float));  // a, b, c; not the view, the bound buffer or the alloc
  CHECK(use.host_buffers == 1000 * sizeof(float));
  CHECK(use.bound == 256 * sizeof(float));
  CHECK(use.workspaces == kCublasWorkspaceBytes);  // one GEMM node, one workspace
  CHECK(use.graph_memory == 1048576 * sizeof(float));

  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  instance.launch();
  instance.synchronize();
  const GraphMemoryPool pool = graph_memory_pool(device);
  CHECK(pool.used_high >= use.graph_memory);  // the alloc node's memory while the launch ran
  CHECK(pool.reserved_high >= pool.used_high);
  CHECK(pool.used <= pool.reserved);  // memory stays associated with the graph after its free node
  trim_graph_memory(device);
  CHECK(graph_memory_pool(device).reserved <= pool.reserved);
  CHECK(read<float>(instance.buffer("h"), kM) == std::vector<float>(kM, 2.0f * kM));  // c = a b: each 64 * 1 * 2
}

}  // namespace
}  // namespace graphc::test
