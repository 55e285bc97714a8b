// The generated code's node configurations on the device: set_NAME() of a param that
// configures nodes (a grid, block and shared memory size, copy and memset slices, a memset
// value) changes them as the runtime's Instance::set does, checked against what the device
// saw and against CPU references; a value that breaks a limit or a bound is refused with
// R0032 and changes nothing.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "generated_graph.h"
#include "gpu_test_support.h"
#include "updates.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::configured;
using Generated = GeneratedGraph<gen::Storage, gen::Bindings, gen::Nodes, gen::build, gen::instantiate_flags>;

// What a launch left: report_launch's grid, block and shared memory, dst and marks.
struct Result {
  std::vector<std::uint32_t> seen;
  std::vector<std::int32_t> dst;
  std::vector<std::int32_t> marks;
  bool operator==(const Result&) const = default;
};

Result launched(Generated& g) {
  g.launch();
  return {read<std::uint32_t>(g.b.seen, gen::seen_count), read<std::int32_t>(g.b.dst, gen::dst_count),
          read<std::int32_t>(g.b.marks, gen::marks_count)};
}

Result launched(Instance& instance) {
  instance.launch();
  return {read_buffer<std::uint32_t>(instance, "seen"), read_buffer<std::int32_t>(instance, "dst"),
          read_buffer<std::int32_t>(instance, "marks")};
}

// The CPU reference: src is 100, 101, ...; dst and marks are cleared, then [first, first +
// count) is copied and marked.
Result expected(std::uint32_t grid, std::uint32_t block, std::uint32_t shared, int first, int count, int mark) {
  Result r{{grid, block, shared}, std::vector<std::int32_t>(64, 0), std::vector<std::int32_t>(64, 0)};
  for (int i = first; i < first + count; ++i) {
    r.dst[i] = 100 + i;
    r.marks[i] = mark;
  }
  return r;
}

TEST_CASE("generated set_NAME reconfigures nodes as Instance::set does", "[codegen][gpu]") {
  Generated g;
  Program program = Program::load(graph_path("updates"));
  Instance instance = program.instantiate("configured");
  CHECK(launched(g) == expected(8, 128, 0, 0, 16, 7));
  CHECK(launched(instance) == expected(8, 128, 0, 0, 16, 7));

  gen::set_n(g.exec, g.nodes, g.b, 5000);
  gen::set_threads(g.exec, g.nodes, g.b, 256);
  gen::set_smem(g.exec, g.nodes, g.b, 65536u);  // over 48 KiB: the kernel's opt-in is raised first
  gen::set_first(g.exec, g.nodes, g.b, 40);
  gen::set_count(g.exec, g.nodes, g.b, 24);  // wider copy and memset than at instantiation
  gen::set_mark(g.exec, g.nodes, g.b, -3);
  instance.set("n", 5000);
  instance.set("threads", 256);
  instance.set("smem", 65536u);
  instance.set("first", 40);
  instance.set("count", 24);
  instance.set("mark", -3);
  CHECK(launched(g) == expected(20, 256, 65536, 40, 24, -3));
  CHECK(launched(instance) == expected(20, 256, 65536, 40, 24, -3));
}

TEST_CASE("generated set_NAME refuses a value that breaks a limit or a bound and changes nothing", "[codegen][gpu]") {
  Generated g;
  gen::set_count(g.exec, g.nodes, g.b, 8);

  const Error zero = error_of([&] { gen::set_n(g.exec, g.nodes, g.b, 0); });
  CHECK(zero.code() == "R0032");
  CHECK_THAT(zero.what(), Catch::Contains("updates.graph:36:12: error[R0032]: node 'probe' cannot be configured "
                                          "with the Bindings' params: grid dimension x is 0; a kernel launch needs "
                                          "at least 1"));
  CHECK(g.b.n == 1000);

  const Error past = error_of([&] { gen::set_first(g.exec, g.nodes, g.b, 60); });  // 60 + 8 > 64
  CHECK(past.code() == "R0032");
  CHECK_THAT(past.what(), Catch::Contains("node 'take' cannot be configured with the Bindings' params: slice [60:8] "
                                          "is out of bounds of 'dst', which has 64 elements"));
  CHECK(g.b.first == 0);

  const Error wide = error_of([&] { gen::set_threads(g.exec, g.nodes, g.b, 2048); });
  CHECK_THAT(wide.what(), Catch::Contains("block dimension x is 2048, over CUDA's limit of 1024"));

  CHECK(launched(g) == expected(8, 128, 0, 0, 8, 7));  // as before the refusals
}

}  // namespace
}  // namespace graphc::test
