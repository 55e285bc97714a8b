// bench_updates: what changing a graph costs.
// 1. A chain of N kernel nodes that all pass param `a` and take their grid from param `g`:
//    Instance::set("a", v) (one cuGraphExecKernelNodeSetParams per node),
//    Instance::set("g", v) (each node's launch configuration folded again, then the same
//    call), Instance::reload() of the edited file (every node set in place: the value path)
//    and a new Program::instantiate.
// 2. The dynamic-parameter workflow: three kernels, the last taking a value that changes
//    every step, 1000 steps submitted back to back, then waited for:
//      graphc    Instance::set, then Instance::launch;
//      by hand   cudaGraphExecKernelNodeSetParams on the node, then cudaGraphLaunch;
//      recapture the three launches captured again, cudaGraphExecUpdate, cudaGraphLaunch;
//      stream    three cudaLaunchKernel calls, no graph.
// 3. A chain of N kernel nodes that all pass buffer `x`: Instance::bind("x", ...) to new
//    device memory (one cudaPointerGetAttributes, then the driver's
//    cuGraphExecKernelNodeSetParams per node, exec_kernel_setter.h), against the runtime's
//    cudaGraphExecKernelNodeSetParams per node as hand-written code calls it on the same
//    exec, and against a new Program::instantiate of the graph bound to that memory.
// Medians of 5 rounds, the ways taking turns. Run on a GPU: build/bench/bench_updates
#include <cuda_runtime_api.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "device.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "noop_kernel.h"
#include "timing.h"

namespace graphc::bench {
namespace {

std::string param_chain_text(int kernels, float a) {
  std::string text = fmt::format("graph chain {{\n    param a : f32 = {:.1f}f;\n    param g : i32 = 1;\n", a);
  for (int k = 0; k < kernels; ++k) text += fmt::format("    kernel k{} : noop_with<<<g, 32>>>(a);\n", k);
  for (int k = 1; k < kernels; ++k) text += fmt::format("    k{} -> k{};\n", k - 1, k);
  return text + "}\n";
}

Bindings noop_bindings() {
  Bindings bindings;
  bindings.kernel_symbol("noop", noop_kernel());
  bindings.kernel_symbol("noop_with", noop_with_kernel());
  bindings.kernel_symbol("noop_on", noop_on_kernel());
  return bindings;
}

void update_row(int kernels, cudaStream_t stream) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() / "graphc_bench_updates.graph";
  std::ofstream(path) << param_chain_text(kernels, 1.0f);
  Program program = Program::load(path.string());
  const Bindings bindings = noop_bindings();
  Instance instance = program.instantiate("chain", bindings, stream);

  std::vector<double> set_us, grid_us, reload_us, instantiate_us;
  bool all_set = true;
  for (int round = 0; round < 5; ++round) {
    const Clock::time_point set_start = Clock::now();
    for (int i = 0; i < 20; ++i) instance.set("a", static_cast<float>(i));
    set_us.push_back(us_since(set_start) / 20);

    const Clock::time_point grid_start = Clock::now();
    for (int i = 0; i < 20; ++i) instance.set("g", 1 + i % 4);
    grid_us.push_back(us_since(grid_start) / 20);

    std::ofstream(path) << param_chain_text(kernels, static_cast<float>(round + 2));
    const Clock::time_point reload_start = Clock::now();
    all_set = instance.reload(stream).kind == ReloadResult::Kind::nodes_set && all_set;
    reload_us.push_back(us_since(reload_start));

    const Clock::time_point instantiate_start = Clock::now();
    Instance fresh = program.instantiate("chain", bindings, stream);
    instantiate_us.push_back(us_since(instantiate_start));
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  std::filesystem::remove(path);
  const double s = median(set_us), g = median(grid_us), r = median(reload_us), i = median(instantiate_us);
  std::printf("%7d | %9.1f %7.3f | %9.1f %7.3f | %9.1f %9.1f | %8.1f %8.1f %8.1f %s\n", kernels, s, s / kernels, g,
              g / kernels, r, i, i / s, i / g, i / r, all_set ? "" : "(a reload did not set nodes!)");
  std::fflush(stdout);
}

std::string buffer_chain_text(int kernels) {
  std::string text = "graph chain {\n    buffer x : f32[1024] device;\n";
  for (int k = 0; k < kernels; ++k) text += fmt::format("    kernel k{} : noop_on<<<1, 32>>>(x);\n", k);
  for (int k = 1; k < kernels; ++k) text += fmt::format("    k{} -> k{};\n", k - 1, k);
  return text + "}\n";
}

void bind_row(int kernels, cudaStream_t stream) {
  Program program = Program::from_text("buffer_chain.graph", buffer_chain_text(kernels));
  Allocation<float> first(1024, MemorySpace::device, "first");
  Allocation<float> second(1024, MemorySpace::device, "second");
  Bindings bindings = noop_bindings();
  Instance instance = program.instantiate("chain", bindings, stream);

  std::vector<cudaGraphNode_t> nodes;
  for (int k = 0; k < kernels; ++k) nodes.push_back(instance.node(fmt::format("k{}", k)));
  // By hand: the kernel node's parameters with the new pointer, set on every node.
  const auto set_by_hand = [&](float* x) {
    void* args[] = {&x};
    cudaKernelNodeParams p{};
    p.func = const_cast<void*>(noop_on_kernel());
    p.gridDim = dim3(1);
    p.blockDim = dim3(32);
    p.kernelParams = args;
    for (cudaGraphNode_t node : nodes) {
      check_cuda(cudaGraphExecKernelNodeSetParams(instance.exec(), node, &p), "cudaGraphExecKernelNodeSetParams");
    }
  };

  std::vector<double> bind_us, hand_us, instantiate_us;
  for (int round = 0; round < 5; ++round) {
    const Clock::time_point bind_start = Clock::now();
    for (int i = 0; i < 20; ++i) instance.bind("x", (i % 2 == 0 ? first : second).get(), 1024 * sizeof(float));
    bind_us.push_back(us_since(bind_start) / 20);

    const Clock::time_point hand_start = Clock::now();
    for (int i = 0; i < 20; ++i) set_by_hand((i % 2 == 0 ? first : second).get());
    hand_us.push_back(us_since(hand_start) / 20);

    bindings.buffer("x", first.get(), 1024 * sizeof(float));
    const Clock::time_point instantiate_start = Clock::now();
    Instance fresh = program.instantiate("chain", bindings, stream);
    instantiate_us.push_back(us_since(instantiate_start));
  }
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  const double b = median(bind_us), h = median(hand_us), i = median(instantiate_us);
  std::printf("%7d | %9.1f %7.3f | %9.1f %7.3f | %9.1f %7.3f | %9.1f %9.1f\n", kernels, b, b / kernels, h, h / kernels,
              i, i / kernels, i / b, i / h);
  std::fflush(stdout);
}

// The dynamic-parameter workflow's three launches on a stream.
void three_launches(cudaStream_t stream, float a) {
  launch_noop(stream);
  launch_noop(stream);
  launch_noop_with(stream, a);
}

void workflow(cudaStream_t stream) {
  const int steps = 1000;
  Program program = Program::from_text("workflow.graph", R"(graph workflow {
    param a : f32 = 0.0f;
    kernel first : noop<<<1, 32>>>();
    kernel second : noop<<<1, 32>>>();
    kernel last : noop_with<<<1, 32>>>(a);
    first -> second -> last;
}
)");
  Instance instance = program.instantiate("workflow", noop_bindings(), stream);

  // By hand: the captured graph and its last node, updated with cudaGraphExecKernelNodeSetParams.
  cudaGraph_t graph = nullptr;
  check_cuda(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
  three_launches(stream, 0.0f);
  check_cuda(cudaStreamEndCapture(stream, &graph), "cudaStreamEndCapture");
  cudaGraphExec_t exec = nullptr;
  check_cuda(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
  std::size_t count = 3;
  std::vector<cudaGraphNode_t> nodes(count);
  check_cuda(cudaGraphGetNodes(graph, nodes.data(), &count), "cudaGraphGetNodes");
  cudaGraphNode_t last = nullptr;
  for (cudaGraphNode_t node : nodes) {
    cudaKernelNodeParams p{};
    check_cuda(cudaGraphKernelNodeGetParams(node, &p), "cudaGraphKernelNodeGetParams");
    if (p.func == noop_with_kernel()) last = node;
  }

  const auto timed = [&](auto step) {
    const Clock::time_point start = Clock::now();
    for (int s = 0; s < steps; ++s) step(static_cast<float>(s));
    check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
    return us_since(start) / steps;
  };
  std::vector<double> graphc_us, hand_us, recapture_us, stream_us;
  for (int round = 0; round < 5; ++round) {
    graphc_us.push_back(timed([&](float a) {
      instance.set("a", a);
      instance.launch(stream);
    }));
    hand_us.push_back(timed([&](float a) {
      void* args[] = {&a};
      cudaKernelNodeParams p{};
      p.func = const_cast<void*>(noop_with_kernel());
      p.gridDim = dim3(1);
      p.blockDim = dim3(32);
      p.kernelParams = args;
      check_cuda(cudaGraphExecKernelNodeSetParams(exec, last, &p), "cudaGraphExecKernelNodeSetParams");
      check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
    }));
    recapture_us.push_back(timed([&](float a) {
      cudaGraph_t again = nullptr;
      check_cuda(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
      three_launches(stream, a);
      check_cuda(cudaStreamEndCapture(stream, &again), "cudaStreamEndCapture");
      cudaGraphExecUpdateResultInfo info{};
      check_cuda(cudaGraphExecUpdate(exec, again, &info), "cudaGraphExecUpdate");
      check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
      check_cuda(cudaGraphDestroy(again), "cudaGraphDestroy");
    }));
    stream_us.push_back(timed([&](float a) { three_launches(stream, a); }));
  }
  const double g = median(graphc_us), h = median(hand_us), r = median(recapture_us), s = median(stream_us);
  std::printf("%9.2f %9.2f %9.2f %9.2f | %6.2f %6.2f %6.2f\n", g, h, r, s, h / g, r / g, s / g);
  check_cuda(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  check_cuda(cudaGraphDestroy(graph), "cudaGraphDestroy");
}

}  // namespace
}  // namespace graphc::bench

int main() {
  using namespace graphc::bench;
  if (!have_device("bench_updates")) return 77;
  cudaStream_t stream = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  std::puts("bench_updates 1: a chain of N empty kernel nodes that all pass param a, with grid g; us, medians of 5");
  std::puts("rounds. set = Instance::set(\"a\") and set grid = Instance::set(\"g\") (per call, and per node);");
  std::puts("reload = Instance::reload of the edited file (its nodes set in place); instantiate = a new");
  std::puts("Program::instantiate. Ratios: instantiate / set, instantiate / set grid, instantiate / reload.");
  std::puts("");
  std::printf("%7s | %9s %7s | %9s %7s | %9s %9s | %8s %8s %8s\n", "kernels", "set", "/node", "set grid", "/node",
              "reload", "instant.", "inst/set", "inst/grd", "inst/rel");
  for (const int kernels : {10, 100, 1000}) update_row(kernels, stream);
  std::puts("");
  std::puts("bench_updates 2: three kernels, the last with a value that changes every step; 1000 steps submitted");
  std::puts(
      "back to back, then waited for; us per step, medians of 5 rounds. Ratios: how many times cheaper graphc is.");
  std::puts("");
  std::printf("%9s %9s %9s %9s | %6s %6s %6s\n", "graphc", "by hand", "recapture", "stream", "hand/g", "recap/g",
              "str/g");
  workflow(stream);
  std::puts("");
  std::puts("bench_updates 3: a chain of N empty kernel nodes that all pass buffer x; us, medians of 5 rounds.");
  std::puts("bind = Instance::bind(\"x\") to other device memory (per call, and per node); by hand = a");
  std::puts(
      "cudaGraphExecKernelNodeSetParams per node with prepared parameters; instantiate = a new Program::instantiate");
  std::puts("bound to it. Ratios: instantiate / bind, instantiate / by hand.");
  std::puts("");
  std::printf("%7s | %9s %7s | %9s %7s | %9s %7s | %9s %9s\n", "kernels", "bind", "/node", "by hand", "/node",
              "instant.", "/node", "inst/bind", "inst/hand");
  for (const int kernels : {10, 100, 1000}) bind_row(kernels, stream);
  graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return 0;
}
