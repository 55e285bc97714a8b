// The generated code's node configurations on the device: set_NAME() of a param that
// configures nodes (a grid, block and shared memory size, copy and memset slices, a memset
// value) changes them as the runtime's Instance::set does, checked against what the device
// saw and against CPU references; a value that breaks a limit or a bound is refused with
// R0032 and changes nothing.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "gpu_test_support.h"
#include "updates.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::configured;

// What a launch left: report_launch's grid, block and shared memory, dst and marks.
struct Result {
  std::vector<std::uint32_t> seen;
  std::vector<std::int32_t> dst;
  std::vector<std::int32_t> marks;
  bool operator==(const Result&) const = default;
};

Result launched(const gen::Graph& g) {
  g.launch(nullptr);
  const gen::Bindings& b = g.bindings();
  return {read<std::uint32_t>(b.seen, gen::seen_count), read<std::int32_t>(b.dst, gen::dst_count),
          read<std::int32_t>(b.marks, gen::marks_count)};
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
  gen::Graph g;
  Program program = Program::load(graph_path("updates"));
  Instance instance = program.instantiate("configured");
  CHECK(launched(g) == expected(8, 128, 0, 0, 16, 7));
  CHECK(launched(instance) == expected(8, 128, 0, 0, 16, 7));

  g.set_n(5000);
  g.set_threads(256);
  g.set_smem(65536u);  // over 48 KiB: the kernel's opt-in is raised first
  g.set_first(40);
  g.set_count(24);  // wider copy and memset than at instantiation
  g.set_mark(-3);
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
  gen::Graph g;
  g.set_count(8);

  const Error zero = error_of([&] { g.set_n(0); });
  CHECK(zero.code() == "R0032");
  CHECK_THAT(zero.what(), Catch::Contains("updates.graph:36:12: error[R0032]: node 'probe' cannot be configured "
                                          "with the Bindings' params: grid dimension x is 0; a kernel launch needs "
                                          "at least 1"));
  CHECK(g.bindings().n == 1000);

  const Error past = error_of([&] { g.set_first(60); });  // 60 + 8 > 64
  CHECK(past.code() == "R0032");
  CHECK_THAT(past.what(), Catch::Contains("node 'take' cannot be configured with the Bindings' params: slice [60:8] "
                                          "is out of bounds of 'dst', which has 64 elements"));
  CHECK(g.bindings().first == 0);

  const Error wide = error_of([&] { g.set_threads(2048); });
  CHECK_THAT(wide.what(), Catch::Contains("block dimension x is 2048, over CUDA's limit of 1024"));

  CHECK(launched(g) == expected(8, 128, 0, 0, 8, 7));  // as before the refusals
}

}  // namespace
}  // namespace graphc::test
