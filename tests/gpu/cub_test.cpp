// CUB capture nodes (data/cub.graph) on both paths, against the CPU: a float sum (within its
// rounding), the minimum and maximum, inclusive and exclusive prefix sums of i32, a radix sort
// of u32 keys carrying i64 values (stable, as std::stable_sort orders equal keys) and one of
// f64 keys with negatives. Each captured graph holds kernel nodes (and CUB's memsets) only:
// the temporary storage is graphc's.
#include <catch2/catch.hpp>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "cub.graph.h"
#include "gemm_reference.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::cub;
constexpr std::size_t kN = 10000;

struct Inputs {
  std::vector<float> x = random_values(kN, 61);
  std::vector<std::int32_t> counts;
  std::vector<std::uint32_t> keys;
  std::vector<std::int64_t> ids;
  std::vector<double> reals;
  Inputs() {
    const std::vector<float> r = random_values(kN, 62);
    for (std::size_t i = 0; i < kN; ++i) {
      counts.push_back(static_cast<std::int32_t>((r[i] + 1.0f) * 8.0f));   // 0 .. 16
      keys.push_back(static_cast<std::uint32_t>((r[i] + 1.0f) * 500.0f));  // repeated keys
      ids.push_back(static_cast<std::int64_t>(i) * 3 - 7);
      reals.push_back(static_cast<double>(r[(i * 7919) % kN]) * 1e3);  // both signs
    }
  }
};

template <class T>
void put(void* memory, const std::vector<T>& values) {
  check_cuda(cudaMemcpy(memory, values.data(), values.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
}

void put_inputs(const Inputs& in, const std::function<void*(const char*)>& buffer) {
  put(buffer("x"), in.x);
  put(buffer("counts"), in.counts);
  put(buffer("keys"), in.keys);
  put(buffer("ids"), in.ids);
  put(buffer("reals"), in.reals);
}

void check_outputs(const Inputs& in, const std::function<void*(const char*)>& buffer) {
  const std::vector<float> stats = read<float>(buffer("stats"), 3);
  double sum = 0;
  for (const float v : in.x) sum += v;
  CHECK(std::abs(stats[0] - sum) < 5e-3);  // 10 000 f32 additions in CUB's order
  CHECK(stats[1] == *std::min_element(in.x.begin(), in.x.end()));
  CHECK(stats[2] == *std::max_element(in.x.begin(), in.x.end()));

  std::vector<std::int32_t> inclusive(kN);
  std::inclusive_scan(in.counts.begin(), in.counts.end(), inclusive.begin());
  std::vector<std::int32_t> exclusive(kN);
  std::exclusive_scan(in.counts.begin(), in.counts.end(), exclusive.begin(), 0);
  CHECK(read<std::int32_t>(buffer("inclusive"), kN) == inclusive);
  CHECK(read<std::int32_t>(buffer("exclusive"), kN) == exclusive);

  std::vector<std::size_t> order(kN);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return in.keys[a] < in.keys[b]; });
  std::vector<std::uint32_t> sorted;
  std::vector<std::int64_t> ids_sorted;
  for (const std::size_t i : order) {
    sorted.push_back(in.keys[i]);
    ids_sorted.push_back(in.ids[i]);
  }
  CHECK(read<std::uint32_t>(buffer("sorted"), kN) == sorted);
  CHECK(read<std::int64_t>(buffer("ids_sorted"), kN) == ids_sorted);

  std::vector<double> reals = in.reals;
  std::sort(reals.begin(), reals.end());
  CHECK(reals.front() < 0.0);
  CHECK(read<double>(buffer("reals_sorted"), kN) == reals);
}

TEST_CASE("CUB capture nodes reduce, scan and sort as the CPU does", "[runtime][gpu][capture]") {
  Program program = Program::load(graph_path("cub"));
  Instance instance = program.instantiate("cub");
  const auto buffer = [&](const char* name) { return instance.buffer(name); };
  const Inputs in;
  put_inputs(in, buffer);
  instance.launch();
  check_outputs(in, buffer);
  for (const char* node : {"total", "smallest", "largest", "running", "offsets", "order", "order_reals"}) {
    INFO(node);
    const std::vector<cudaGraphNodeType> types = captured_types(instance, node);
    CHECK(std::count(types.begin(), types.end(), cudaGraphNodeTypeKernel) > 0);
    CHECK(std::all_of(types.begin(), types.end(), [](cudaGraphNodeType t) {
      return t == cudaGraphNodeTypeKernel || t == cudaGraphNodeTypeMemset;
    }));
  }

  SECTION("Instance::bind of the keys points the sort at the new memory, in place") {
    const cudaGraphExec_t exec = instance.exec();
    Inputs moved = in;
    std::reverse(moved.keys.begin(), moved.keys.end());
    graphc::Allocation<std::uint32_t> keys(kN, graphc::MemorySpace::device, "keys2");
    put(keys.get(), moved.keys);
    instance.bind("keys", keys.get(), kN * sizeof(std::uint32_t));
    instance.launch();
    CHECK(instance.exec() == exec);
    check_outputs(moved, buffer);
  }
}

TEST_CASE("generated CUB capture nodes compute what the runtime's do", "[codegen][gpu][capture]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  const auto buffer = [&](const std::string& name) -> void* {
    if (name == "x") return b.x;
    if (name == "stats") return b.stats;
    if (name == "counts") return b.counts;
    if (name == "inclusive") return b.inclusive;
    if (name == "exclusive") return b.exclusive;
    if (name == "keys") return b.keys;
    if (name == "sorted") return b.sorted;
    if (name == "ids") return b.ids;
    if (name == "ids_sorted") return b.ids_sorted;
    if (name == "reals") return b.reals;
    return b.reals_sorted;
  };
  const Inputs in;
  put_inputs(in, buffer);
  g.launch(nullptr);
  check_outputs(in, buffer);
}

}  // namespace
}  // namespace graphc::test
