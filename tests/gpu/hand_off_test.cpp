// An exec handed away (Instance::release, the generated Graph's release()) on the device,
// data/hand_off.graph: after its owner (and, for the runtime, its Program) is destroyed, it
// still holds its memory (cudaMemGetInfo), another thread launches it on its own stream and
// it computes d = (a b) / 2 as the CPU does; once cudaGraphExecDestroy destroys it, graphc's
// reaper thread frees everything (handed_off_execs() back to 0, the memory back). The same
// for a variant's exec (VariantInstances::release, the generated Variants' release<V>(),
// data/hand_off_variants.graph), which keeps the buffers all the variants share.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include "gpu_test_support.h"
#include "graphc/exec_keeper.h"
#include "graphc/variants.h"
#include "hand_off.graph.h"
#include "hand_off_variants.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::handed;
namespace rows = graphc::gen::rows;

constexpr std::size_t kM = 64;
constexpr std::size_t kBigBytes = std::size_t{16777216} * sizeof(std::uint32_t);

std::size_t free_device_memory() {
  std::size_t free = 0;
  std::size_t total = 0;
  check_cuda(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
  return free;
}

// What an exec of the graph uses, by pointer: its owner is gone when the test reads them.
struct Outputs {
  float* c = nullptr;
  float* d = nullptr;
  std::uint32_t* big = nullptr;
  float* h = nullptr;
};

// Memory an exec writes, cleared before each launch.
struct Cleared {
  void* memory = nullptr;
  std::size_t bytes = 0;
};

std::vector<Cleared> written(const Outputs& out) {
  return {{out.c, kM * kM * sizeof(float)}, {out.d, kM * kM * sizeof(float)}, {out.big, kBigBytes}};
}

// On a thread of its own, as a framework that was handed the exec would: clears `cleared`,
// launches `exec` on a new stream and waits for it.
void launch_elsewhere(cudaGraphExec_t exec, const std::vector<Cleared>& cleared) {
  std::thread([&] {
    cudaStream_t stream = nullptr;
    check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    for (const Cleared& c : cleared) check_cuda(cudaMemsetAsync(c.memory, 0, c.bytes, stream), "cudaMemsetAsync");
    check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
    check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  }).join();
}

// Every output as the CPU computes it: c = a b with a = 1 and b = 2 (each element 2 M), d = c / 2.
void check_outputs(const Outputs& out) {
  CHECK(read<float>(out.c, kM * kM) == std::vector<float>(kM * kM, 2.0f * kM));
  CHECK(read<float>(out.d, kM * kM) == std::vector<float>(kM * kM, 1.0f * kM));
  CHECK(std::vector<float>(out.h, out.h + kM) == std::vector<float>(kM, 1.0f * kM));
  const std::vector<std::uint32_t> big = read<std::uint32_t>(out.big, kBigBytes / sizeof(std::uint32_t));
  CHECK(big.front() == 7U);
  CHECK(big.back() == 7U);
}

// What an exec of hand_off_variants.graph's rows uses, by pointer: the shared buffers, at the
// largest variant's size (B = 64).
struct RowOutputs {
  float* y = nullptr;
  float* z = nullptr;
  std::uint32_t* big = nullptr;
};

constexpr std::size_t kRowsMax = kM * 64;

std::vector<Cleared> written(const RowOutputs& out) {
  return {{out.y, kRowsMax * sizeof(float)}, {out.z, kRowsMax * sizeof(float)}, {out.big, kBigBytes}};
}

// What variant B = `columns` computes, as the CPU does: y = a x over its columns (a = 1, x = 2:
// each element 2 M), copied to z, the other columns untouched (0).
void check_rows(const RowOutputs& out, std::size_t columns) {
  std::vector<float> y(kRowsMax, 0.0f);
  std::fill_n(y.begin(), kM * columns, 2.0f * kM);
  CHECK(read<float>(out.y, kRowsMax) == y);
  CHECK(read<float>(out.z, kRowsMax) == y);
  const std::vector<std::uint32_t> big = read<std::uint32_t>(out.big, kBigBytes / sizeof(std::uint32_t));
  CHECK(big.front() == 7U);
  CHECK(big.back() == 7U);
}

// Destroys `exec` and waits (at most 10 s) for the reaper thread to free what it kept.
void destroy_and_wait(cudaGraphExec_t exec) {
  check_cuda(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (handed_off_execs() != 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

TEST_CASE("Instance::release: the exec outlives its Instance and Program, and frees what it kept", "[gpu][hand_off]") {
  const std::size_t before = free_device_memory();
  Outputs out;
  cudaGraphExec_t exec = nullptr;
  {
    Program program = Program::load(graph_path("hand_off"));
    Instance instance = program.instantiate("handed");
    out = {static_cast<float*>(instance.buffer("c")), static_cast<float*>(instance.buffer("d")),
           static_cast<std::uint32_t*>(instance.buffer("big")), static_cast<float*>(instance.buffer("h"))};
    exec = instance.release();
  }
  CHECK(handed_off_execs() == 1);
  CHECK(before - free_device_memory() >= kBigBytes);  // the buffers are the exec's still
  launch_elsewhere(exec, written(out));
  check_outputs(out);
  launch_elsewhere(exec, written(out));
  check_outputs(out);

  destroy_and_wait(exec);
  CHECK(handed_off_execs() == 0);
  CHECK(free_device_memory() + kBigBytes / 2 > before);  // `big` and the rest are free again
}

TEST_CASE("Instance::release after a reload that updated the exec keeps the updated graph's resources",
          "[gpu][hand_off]") {
  Program program = Program::load(graph_path("hand_off"));
  Instance instance = program.instantiate("handed");
  // The same file: the capture node is captured again, and the exec updated from the new graph.
  CHECK(instance.reload().kind == ReloadResult::Kind::updated);
  const Outputs out{static_cast<float*>(instance.buffer("c")), static_cast<float*>(instance.buffer("d")),
                    static_cast<std::uint32_t*>(instance.buffer("big")), static_cast<float*>(instance.buffer("h"))};
  cudaGraphExec_t exec = instance.release();
  instance = program.instantiate("handed");  // an emptied Instance may be assigned to
  launch_elsewhere(exec, written(out));
  check_outputs(out);
  destroy_and_wait(exec);
  CHECK(handed_off_execs() == 0);
}

TEST_CASE("the generated Graph's release(): the exec outlives the Graph and its Storage", "[gpu][hand_off][codegen]") {
  const std::size_t before = free_device_memory();
  Outputs out;
  cudaGraphExec_t exec = nullptr;
  {
    gen::Graph graph;
    const gen::Bindings& b = graph.bindings();
    out = {b.c, b.d, b.big, b.h};
    exec = graph.release();
  }
  CHECK(handed_off_execs() == 1);
  CHECK(before - free_device_memory() >= kBigBytes);
  launch_elsewhere(exec, written(out));
  check_outputs(out);

  destroy_and_wait(exec);
  CHECK(handed_off_execs() == 0);
  CHECK(free_device_memory() + kBigBytes / 2 > before);
}

TEST_CASE("VariantInstances::release: a variant's exec outlives the variants and keeps the shared buffers",
          "[gpu][hand_off][variants]") {
  const std::size_t before = free_device_memory();
  RowOutputs out;
  cudaGraphExec_t exec = nullptr;
  {
    Variants variants = Variants::load(graph_path("hand_off_variants"));
    VariantInstances instances = variants.instantiate("rows");
    instances.variant(64);  // built first: B = 16 shares its buffers and cuBLAS resources
    out = {static_cast<float*>(instances.buffer("y")), static_cast<float*>(instances.buffer("z")),
           static_cast<std::uint32_t*>(instances.buffer("big"))};
    exec = instances.release(16);  // built, then handed away
    CHECK(instances.instantiated() == std::vector<std::int64_t>{64});
    instances.variant(16);  // built anew
    CHECK(instances.instantiated() == std::vector<std::int64_t>{16, 64});
  }
  CHECK(handed_off_execs() == 1);
  CHECK(before - free_device_memory() >= kBigBytes);  // the shared buffers are the exec's still
  launch_elsewhere(exec, written(out));
  check_rows(out, 16);

  destroy_and_wait(exec);
  CHECK(handed_off_execs() == 0);
  CHECK(free_device_memory() + kBigBytes / 2 > before);
}

TEST_CASE("VariantInstances: a variant whose Instance handed its exec away is built anew on its next use",
          "[gpu][hand_off][variants]") {
  Variants variants = Variants::load(graph_path("hand_off_variants"));
  VariantInstances instances = variants.instantiate("rows");
  const RowOutputs out{static_cast<float*>(instances.buffer("y")), static_cast<float*>(instances.buffer("z")),
                       static_cast<std::uint32_t*>(instances.buffer("big"))};
  cudaGraphExec_t exec = instances.variant(64).release();
  CHECK(instances.instantiated().empty());
  launch_elsewhere(exec, written(out));
  check_rows(out, 64);
  destroy_and_wait(exec);
  CHECK(handed_off_execs() == 0);

  Instance& again = instances.variant(64);
  CHECK_FALSE(again.empty());
  launch_elsewhere(again.exec(), written(out));
  check_rows(out, 64);
}

TEST_CASE("the generated Variants' release<V>(): the exec outlives the Variants and their Storage",
          "[gpu][hand_off][variants][codegen]") {
  const std::size_t before = free_device_memory();
  RowOutputs out;
  cudaGraphExec_t exec = nullptr;
  {
    rows::Variants variants;
    variants.variant<64>();
    const rows::B64::Bindings& b = variants.bindings();
    out = {b.y, b.z, b.big};
    exec = variants.release<16>();
  }
  CHECK(handed_off_execs() == 1);
  CHECK(before - free_device_memory() >= kBigBytes);
  launch_elsewhere(exec, written(out));
  check_rows(out, 16);

  destroy_and_wait(exec);
  CHECK(handed_off_execs() == 0);
  CHECK(free_device_memory() + kBigBytes / 2 > before);
}

}  // namespace
}  // namespace graphc::test
