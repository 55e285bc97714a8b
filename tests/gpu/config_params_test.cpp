// Params in launch configurations, copy slices and sizes, and memset slices and values:
// Instance::set folds the nodes they configure again and updates them in the exec
// (cudaGraphExecKernelNodeSetParams, cudaGraphExecNodeSetParams), with the validator's
// limits and bounds; the device sees the new configuration at the next launch.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

const std::string kLaunch = R"(module "kernels.cu";
graph sized {
    param  n : i32 = 1000;
    param  b : i32 = 128;
    param  smem : u32 = 0u;
    buffer seen : u32[3] device;
    kernel probe : report_launch<<<ceil_div(n, b), b, smem>>>(seen);
}
)";

// What report_launch saw: grid, block, dynamic shared memory bytes.
std::vector<std::uint32_t> launched(Instance& instance) {
  instance.launch();
  return read_buffer<std::uint32_t>(instance, "seen");
}

TEST_CASE("a param in grid block and shared memory expressions reconfigures the launch", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("sized"), kLaunch);
  Instance instance = program.instantiate("sized");
  const cudaGraphExec_t exec = instance.exec();
  CHECK(launched(instance) == std::vector<std::uint32_t>{8, 128, 0});

  instance.set("n", 5000);
  CHECK(launched(instance) == std::vector<std::uint32_t>{40, 128, 0});
  instance.set("b", 256);  // ceil_div(5000, 256): the grid follows the block
  CHECK(launched(instance) == std::vector<std::uint32_t>{20, 256, 0});
  instance.set("smem", 1024u);
  CHECK(launched(instance) == std::vector<std::uint32_t>{20, 256, 1024});
  // Over 48 KiB: the kernel's cudaFuncAttributeMaxDynamicSharedMemorySize is raised first.
  instance.set_from_text("smem", "65536");
  CHECK(launched(instance) == std::vector<std::uint32_t>{20, 256, 65536});
  CHECK(instance.exec() == exec);  // updated in place, never re-instantiated
}

TEST_CASE("a value that breaks a launch limit is refused and the param keeps its value", "[runtime][gpu]") {
  const std::string path = graph_path("sized");
  Program program = Program::from_text(path, kLaunch);
  Instance instance = program.instantiate("sized");
  instance.set("n", 300);

  const Error zero = error_of([&] { instance.set("n", 0); });
  CHECK(zero.code() == "R0032");
  CHECK_THAT(zero.what(), Catch::StartsWith(location_of(path, kLaunch, "n : i32") +
                                            ": error[R0032]: param 'n' cannot be 0: a node it configures would "
                                            "break a limit or a bound (notes below); the param keeps its value 300"));
  CHECK_THAT(zero.what(), Catch::Contains(location_of(path, kLaunch, "ceil_div(n, b)") +
                                          ": note: grid dimension x is 0; a kernel launch needs at least 1 [E0804]"));

  const Error wide = error_of([&] { instance.set("b", 2048); });
  CHECK(wide.code() == "R0032");
  CHECK_THAT(wide.what(), Catch::Contains("block dimension x is 2048, over CUDA's limit of 1024 [E0802]"));

  // Over the device's opt-in limit (227 KiB on sm_90): R0009, before anything changes.
  const Error shared = error_of([&] { instance.set("smem", 1u << 20); });
  CHECK(shared.code() == "R0009");
  CHECK_THAT(shared.what(), Catch::Contains("node 'probe' asks for 1048576 bytes of dynamic shared memory"));

  CHECK(launched(instance) == std::vector<std::uint32_t>{3, 128, 0});  // as before the refusals
  instance.set("b", 64);  // the refused values left nothing behind: n is still 300
  CHECK(launched(instance) == std::vector<std::uint32_t>{5, 64, 0});
}

// The same updates reach nodes of a conditional body (nodes of the body graph CUDA made).
const std::string kBody = R"(module "kernels.cu";
graph in_body {
    param  n : i32 = 1000;
    param  count : i32 = 8;
    cond   go = 1;
    buffer seen : u32[3] device;
    buffer marks : i32[64] device;
    memset clear : marks = 0;
    if run (go) {
        kernel probe : report_launch<<<ceil_div(n, 128), 128>>>(seen);
        memset mark : marks[0:count] = 5;
    }
    clear -> run;
}
)";

TEST_CASE("a param reconfigures kernel and memset nodes inside a conditional body", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("in_body"), kBody);
  Instance instance = program.instantiate("in_body");
  CHECK(launched(instance) == std::vector<std::uint32_t>{8, 128, 0});
  instance.set("n", 3000);
  instance.set("count", 20);
  CHECK(launched(instance) == std::vector<std::uint32_t>{24, 128, 0});
  std::vector<std::int32_t> marks(64, 0);
  std::fill(marks.begin(), marks.begin() + 20, 5);
  CHECK(read_buffer<std::int32_t>(instance, "marks") == marks);
}

const std::string kSlices = R"(graph slices {
    const N = 64;
    param  first : i32 = 0;
    param  count : i32 = 16;
    param  mark  : i32 = 7;
    buffer src    : i32[N] device = iota(100);
    buffer dst    : i32[N] device;
    buffer marks  : i32[N] device;
    buffer staged : u8[N] device;

    memset clear_dst   : dst = 0;
    memset clear_marks : marks = 0;
    copy   take        : dst[first:count] <- src[first:count];
    memset set_marks   : marks[first:count] = mark;
    copy   bytes_only  : staged <- src[0:16] bytes count * 2;   // the first 2 * count bytes of src

    clear_dst -> take;
    clear_marks -> set_marks;
}
)";

// dst, marks and the staged bytes the CPU expects for `first`, `count` and `mark`.
struct Expected {
  std::vector<std::int32_t> dst = std::vector<std::int32_t>(64, 0);
  std::vector<std::int32_t> marks = std::vector<std::int32_t>(64, 0);
  std::vector<std::uint8_t> staged_prefix;
};

Expected expected(int first, int count, int mark) {
  Expected e;
  for (int i = first; i < first + count; ++i) {
    e.dst[i] = 100 + i;
    e.marks[i] = mark;
  }
  for (int i = 0; i < 2 * count; ++i) {
    const std::int32_t word = 100 + i / 4;
    e.staged_prefix.push_back(static_cast<std::uint8_t>(word >> (8 * (i % 4))));
  }
  return e;
}

void check_slices(Instance& instance, int first, int count, int mark) {
  instance.launch();
  const Expected e = expected(first, count, mark);
  CHECK(read_buffer<std::int32_t>(instance, "dst") == e.dst);
  CHECK(read_buffer<std::int32_t>(instance, "marks") == e.marks);
  const std::vector<std::uint8_t> staged = read_buffer<std::uint8_t>(instance, "staged");
  CHECK(std::vector<std::uint8_t>(staged.begin(), staged.begin() + 2 * count) == e.staged_prefix);
}

TEST_CASE("params in copy and memset slices sizes and values update the memcpy and memset nodes", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("slices"), kSlices);
  Instance instance = program.instantiate("slices");
  const cudaGraphExec_t exec = instance.exec();
  check_slices(instance, 0, 16, 7);

  instance.set("first", 40);  // new pointers, same widths
  check_slices(instance, 40, 16, 7);
  instance.set("mark", -3);  // a new memset value
  check_slices(instance, 40, 16, -3);
  instance.set("count", 8);  // narrower copies and memset
  check_slices(instance, 40, 8, -3);
  instance.set("count", 24);  // wider than at instantiation
  check_slices(instance, 40, 24, -3);
  CHECK(instance.exec() == exec);
}

TEST_CASE("a value that moves a slice out of its buffer is refused with the bound it breaks", "[runtime][gpu]") {
  const std::string path = graph_path("slices");
  Program program = Program::from_text(path, kSlices);
  Instance instance = program.instantiate("slices");

  const Error past = error_of([&] { instance.set("first", 50); });  // 50 + 16 > 64
  CHECK(past.code() == "R0032");
  CHECK_THAT(past.what(), Catch::Contains(location_of(path, kSlices, "dst[first:count] <-") +
                                          ": note: slice [50:16] is out of bounds of 'dst', which has 64 elements "
                                          "[E0205]"));
  CHECK_THAT(past.what(), Catch::Contains("slice [50:16] is out of bounds of 'marks'"));

  const Error over = error_of([&] { instance.set("count", 40); });  // bytes_only would move 80 of 64 bytes
  CHECK(over.code() == "R0032");
  CHECK_THAT(over.what(), Catch::Contains(location_of(path, kSlices, "count * 2") +
                                          ": note: copy 'bytes_only' moves 80 bytes, but the destination "
                                          "'staged[0:64]' holds only 64 bytes [E0206]"));
  check_slices(instance, 0, 16, 7);  // both refused values left the nodes as they were
}

}  // namespace
}  // namespace graphc::test
