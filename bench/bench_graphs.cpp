// bench_graphs: graphs of empty kernel nodes in several shapes and sizes, built three ways
// in one process and compared:
//   hand   the hand-written explicit-API code for the same description (naive: every edge
//          as written, one cudaGraphAddKernelNode per node, in order);
//   -O0    graphc's runtime (Program::instantiate) with the optimiser off: the same graph;
//   -O1    graphc's runtime with the optimiser on (the default).
// Per shape and size: the loader's cost per node (parse + validate + optimise, no CUDA),
// build + instantiate + upload, the first launch, the CPU cost of a repeat launch and the
// device time per launch; then the ratios. Then the loader's scaling, a graph of calls, and
// instantiation alone with more rounds. Run on a GPU: scripts/gpu, or
//   build/bench/bench_graphs [--quick]
#include <cuda_runtime_api.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "compile.h"
#include "device.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "launch_timing.h"
#include "load_timing.h"
#include "noop_kernel.h"
#include "shapes.h"
#include "timing.h"

namespace graphc::bench {
namespace {

struct Figures {
  double instantiate_us = 0;   // build + instantiate + upload (synchronized)
  double first_launch_us = 0;  // launch + synchronize, right after instantiation
  double launch_cpu_us = 0;    // cudaGraphLaunch call, per launch, back to back
  double device_us = 0;        // device time per launch (events around back-to-back launches)
};

double time_first_launch(cudaGraphExec_t exec, cudaStream_t stream) {
  const Clock::time_point start = Clock::now();
  check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  return us_since(start);
}

// The figures of an exec that took `instantiate_us` to make: its first launch, then
// `launches` more back to back.
Figures launched(cudaGraphExec_t exec, cudaStream_t stream, int launches, double instantiate_us) {
  Figures f;
  f.instantiate_us = instantiate_us;
  f.first_launch_us = time_first_launch(exec, stream);
  const LaunchTimes t = time_launches(exec, stream, launches);
  f.launch_cpu_us = t.launch_cpu_us;
  f.device_us = t.device_us;
  return f;
}

// The loader's cost as the graph grows: `chain` of n nodes, compile_text (parse, validate,
// optimise) in us per node, median of 5; and the process's peak resident memory after the
// loads of this size, less what it was before the first (sizes ascend, so each load's peak
// is the high-water mark it leaves).
void loader_row(std::size_t n, long rss_before_kb) {
  const std::string text = graph_text(make_shape(Shape::chain, n));
  const double load_us = median_load_us(text);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double peak_mb = static_cast<double>(usage.ru_maxrss - rss_before_kb) / 1024.0;
  const double file_mb = static_cast<double>(text.size()) / (1024.0 * 1024.0);
  std::printf("%6zu | %9.1f %6.3f | %8.2f %7.1f %6.1f\n", n, load_us / 1000.0, load_us / static_cast<double>(n),
              file_mb, peak_mb, peak_mb / file_mb);
  std::fflush(stdout);
}

// How the hand-written baseline adds its kernel nodes: as a programmer writes it
// (cudaGraphAddKernelNode with the kernel's function), or as graphc's runtime calls CUDA
// (a cudaKernel_t from cudaGetKernel, cudaGraphAddNode).
enum class HandApi { kernel_node, add_node };

// The baseline: what a programmer writes by hand for the description, every edge as written.
Figures hand_written(const ShapeGraph& g, cudaStream_t stream, int launches, HandApi api = HandApi::kernel_node) {
  cudaKernel_t kernel = nullptr;
  if (api == HandApi::add_node) check_cuda(cudaGetKernel(&kernel, noop_kernel()), "cudaGetKernel");
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  const Clock::time_point start = Clock::now();
  check_cuda(cudaGraphCreate(&graph, 0), "cudaGraphCreate");
  std::vector<cudaGraphNode_t> nodes(g.nodes);
  std::vector<std::vector<std::size_t>> preds(g.nodes);
  for (const auto& [from, to] : g.edges) preds[to].push_back(from);
  cudaKernelNodeParams params{};
  params.func = const_cast<void*>(noop_kernel());
  params.gridDim = dim3(1);
  params.blockDim = dim3(32);
  params.kernelParams = nullptr;
  cudaGraphNodeParams node_params{};
  node_params.type = cudaGraphNodeTypeKernel;
  node_params.kernel.func = reinterpret_cast<void*>(kernel);
  node_params.kernel.gridDim = params.gridDim;
  node_params.kernel.blockDim = params.blockDim;
  std::vector<cudaGraphNode_t> on;
  for (std::size_t i = 0; i < g.nodes; ++i) {  // every edge goes forward: index order is a topological order
    on.clear();
    for (const std::size_t p : preds[i]) on.push_back(nodes[p]);
    if (api == HandApi::kernel_node) {
      check_cuda(cudaGraphAddKernelNode(&nodes[i], graph, on.data(), on.size(), &params), "cudaGraphAddKernelNode");
    } else {
      check_cuda(cudaGraphAddNode(&nodes[i], graph, on.data(), nullptr, on.size(), &node_params), "cudaGraphAddNode");
    }
  }
  check_cuda(cudaGraphInstantiate(&exec, graph, 0), "cudaGraphInstantiate");
  check_cuda(cudaGraphUpload(exec, stream), "cudaGraphUpload");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  const Figures f = launched(exec, stream, launches, us_since(start));
  check_cuda(cudaGraphExecDestroy(exec), "cudaGraphExecDestroy");
  check_cuda(cudaGraphDestroy(graph), "cudaGraphDestroy");
  return f;
}

Figures with_graphc(Program& program, cudaStream_t stream, int launches) {
  Bindings bindings;
  bindings.kernel_symbol("noop", noop_kernel());
  const Clock::time_point start = Clock::now();
  Instance instance = program.instantiate("g", bindings, stream);
  return launched(instance.exec(), stream, launches, us_since(start));
}

// The medians, figure by figure, of `runs`.
Figures medians(const std::vector<Figures>& runs) {
  const auto pick = [&](double Figures::*field) {
    std::vector<double> values;
    for (const Figures& r : runs) values.push_back(r.*field);
    return median(values);
  };
  return {pick(&Figures::instantiate_us), pick(&Figures::first_launch_us), pick(&Figures::launch_cpu_us),
          pick(&Figures::device_us)};
}

void row(const ShapeGraph& g, cudaStream_t stream) {
  const std::string text = graph_text(g);
  // The loader: parse, validate and optimise, no CUDA call.
  std::size_t kept_edges = 0;
  const double load_us =
      median_load_us(text, [&](const Compilation& c) { kept_edges = c.module.graphs.front().edges.size(); });
  const int launches = g.nodes >= 10000 ? 20 : g.nodes >= 1000 ? 100 : 500;
  Program o0 = Program::from_text("shape.graph", text, LoadOptions{.optimize = false});
  Program o1 = Program::from_text("shape.graph", text);
  // Five rounds, the three variants taking turns within each, so that a slow spell of the
  // machine falls on all three alike.
  std::vector<Figures> hand_runs, o0_runs, o1_runs;
  for (int round = 0; round < 5; ++round) {
    hand_runs.push_back(hand_written(g, stream, launches));
    o0_runs.push_back(with_graphc(o0, stream, launches));
    o1_runs.push_back(with_graphc(o1, stream, launches));
  }
  const Figures hand = medians(hand_runs);
  const Figures gc0 = medians(o0_runs);
  const Figures gc1 = medians(o1_runs);

  std::printf("%-13s %6zu %7zu %7zu | %6.3f | %9.1f %9.1f %9.1f | %8.1f %8.1f %8.1f | %8.1f %8.1f %8.1f | %8.1f %8.1f "
              "%8.1f | %5.2f %5.2f %5.2f %5.2f | %5.2f %5.2f %5.2f %5.2f\n",
              shape_name(g.shape), g.nodes, g.edges.size(), kept_edges, load_us / static_cast<double>(g.nodes),
              hand.instantiate_us, gc0.instantiate_us, gc1.instantiate_us, hand.first_launch_us, gc0.first_launch_us,
              gc1.first_launch_us, hand.launch_cpu_us, gc0.launch_cpu_us, gc1.launch_cpu_us, hand.device_us,
              gc0.device_us, gc1.device_us, gc0.instantiate_us / hand.instantiate_us,
              gc0.first_launch_us / hand.first_launch_us, gc0.launch_cpu_us / hand.launch_cpu_us,
              gc0.device_us / hand.device_us, hand.instantiate_us / gc1.instantiate_us,
              hand.first_launch_us / gc1.first_launch_us, hand.launch_cpu_us / gc1.launch_cpu_us,
              hand.device_us / gc1.device_us);
  std::fflush(stdout);
}

// Instantiation alone, four ways, for `shape` of `n` nodes: hand; hand as graphc's runtime
// calls CUDA; graphc -O0 and -O1. 11 rounds, the four in turn; the median and the minimum
// of each (machine noise only adds time, so the minimum is the cost without it).
void instantiate_row(Shape shape, std::size_t n, cudaStream_t stream) {
  const ShapeGraph g = make_shape(shape, n);
  Program o0 = Program::from_text("shape.graph", graph_text(g), LoadOptions{.optimize = false});
  Program o1 = Program::from_text("shape.graph", graph_text(g));
  std::vector<double> hand, api, gc0, gc1;
  for (int round = 0; round < 11; ++round) {
    hand.push_back(hand_written(g, stream, 1).instantiate_us);
    api.push_back(hand_written(g, stream, 1, HandApi::add_node).instantiate_us);
    gc0.push_back(with_graphc(o0, stream, 1).instantiate_us);
    gc1.push_back(with_graphc(o1, stream, 1).instantiate_us);
  }
  const auto least = [](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); };
  std::printf("%-13s %6zu | %9.1f %9.1f %9.1f %9.1f | %5.2f %5.2f %5.2f | %5.2f %5.2f %5.2f\n", shape_name(shape), n,
              median(hand), median(api), median(gc0), median(gc1), median(gc0) / median(api),
              median(gc0) / median(hand), median(hand) / median(gc1), least(gc0) / least(api), least(gc0) / least(hand),
              least(hand) / least(gc1));
  std::fflush(stdout);
}

// A model's shape: graph `layer`, four independent kernels (a layer's parallel branches),
// called `calls` times in a chain. The optimiser joins a launched graph's roots and leaves
// (a no-op kernel before and after them); does that pay inside a called graph too? The
// same program with the layer's root and sink written out (what joining the called graph
// adds) against without, both -O0 so that nothing else differs; and the plain program
// optimised, which joins in the caller the roots and leaves the calls bring.
std::string calls_text(int calls, bool joined) {
  std::string text = "graph layer {\n";
  for (int k = 0; k < 4; ++k) text += fmt::format("    kernel k{} : noop<<<1, 32>>>();\n", k);
  if (joined) {
    text += "    kernel root : noop<<<1, 32>>>();\n    kernel sink : noop<<<1, 32>>>();\n";
    text += "    root -> {k0, k1, k2, k3} -> sink;\n";
  }
  text += "}\n\ngraph g {\n";
  for (int c = 0; c < calls; ++c) text += fmt::format("    call c{} : layer;\n", c);
  for (int c = 1; c < calls; ++c) text += fmt::format("    c{} -> c{};\n", c - 1, c);
  return text + "}\n";
}

void calls_row(int calls, cudaStream_t stream) {
  Program plain = Program::from_text("calls.graph", calls_text(calls, false), LoadOptions{.optimize = false});
  Program joined = Program::from_text("calls.graph", calls_text(calls, true), LoadOptions{.optimize = false});
  Program optimised = Program::from_text("calls.graph", calls_text(calls, false));
  std::vector<Figures> plain_runs, joined_runs, optimised_runs;
  for (int round = 0; round < 5; ++round) {
    plain_runs.push_back(with_graphc(plain, stream, 500));
    joined_runs.push_back(with_graphc(joined, stream, 500));
    optimised_runs.push_back(with_graphc(optimised, stream, 500));
  }
  const Figures p = medians(plain_runs);
  const Figures j = medians(joined_runs);
  const Figures o = medians(optimised_runs);
  std::printf("%5d %6d | %8.1f %8.1f %8.1f | %6.1f %6.1f %6.1f | %7.1f %7.1f %7.1f | %4.2f %4.2f | %4.2f %4.2f\n",
              calls, calls * 4, p.instantiate_us, j.instantiate_us, o.instantiate_us, p.launch_cpu_us, j.launch_cpu_us,
              o.launch_cpu_us, p.device_us, j.device_us, o.device_us, p.launch_cpu_us / j.launch_cpu_us,
              p.device_us / j.device_us, p.launch_cpu_us / o.launch_cpu_us, p.device_us / o.device_us);
  std::fflush(stdout);
}

}  // namespace
}  // namespace graphc::bench

int main(int argc, char** argv) {
  using namespace graphc::bench;
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  if (!have_device("bench_graphs")) return 77;
  cudaDeviceProp prop{};
  graphc::check_cuda(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
  int driver = 0;
  graphc::check_cuda(cudaDriverGetVersion(&driver), "cudaDriverGetVersion");
  std::printf("bench_graphs on %s, CUDA driver %d.%d; empty kernel nodes (1 block of 32 threads)\n", prop.name,
              driver / 1000, driver % 1000 / 10);
  std::puts("Loader scaling: `chain` of n nodes through compile_text (parse, validate, optimise), median of 5;");
  std::puts("peak = the process's peak resident memory after loads of n nodes less before the first (MiB).");
  std::printf("%6s | %9s %6s | %8s %7s %6s\n", "nodes", "load ms", "us/nd", "file MiB", "peak", "x file");
  {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    for (const std::size_t n : quick ? std::vector<std::size_t>{1000} : std::vector<std::size_t>{1000, 10000, 65536}) {
      loader_row(n, usage.ru_maxrss);
    }
  }
  std::puts("");
  std::puts("times in us: instantiate = build + instantiate + upload; 1st = the first launch and its synchronize,");
  std::puts("right after instantiation; launch = CPU per cudaGraphLaunch, back to back; device = per launch between");
  std::puts("events. Each figure the median of 5 rounds (the three variants in turn).");
  std::puts("O0/hand: graphc with the optimiser off against the hand-written graph (1 = equal);");
  std::puts("hand/O1: how many times cheaper graphc's optimised graph is than the hand-written one.");
  std::puts("");
  std::printf("%-13s %6s %7s %7s | %6s | %9s %9s %9s | %8s %8s %8s | %8s %8s %8s | %8s %8s %8s | %23s | %23s\n",
              "shape", "nodes", "edges", "kept", "load", "inst hand", "inst O0", "inst O1", "1st hand", "1st O0",
              "1st O1", "ln hand", "ln O0", "ln O1", "dev hand", "dev O0", "dev O1", "O0/hand i  1st  l  d",
              "hand/O1 i  1st  l  d");
  std::printf("%-13s %6s %7s %7s | %6s |\n", "", "", "", "-O1", "us/nd");
  cudaStream_t stream = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  const std::vector<std::size_t> sizes =
      quick ? std::vector<std::size_t>{10, 100} : std::vector<std::size_t>{10, 100, 1025, 10000};
  for (const Shape shape :
       {Shape::chain, Shape::chains4, Shape::fork_join128, Shape::implied4, Shape::implied16, Shape::roots128}) {
    for (const std::size_t n : sizes) row(make_shape(shape, n), stream);
  }
  std::puts("");
  std::puts("Calls: graph `layer` (4 independent kernels) called `calls` times in a chain. pl: -O0, its roots and");
  std::puts("leaves as written; jn: -O0, joined in `layer` by a no-op kernel root and sink written out (what");
  std::puts("joining a called graph adds at each call); O1: the plain program optimised (joined in the caller).");
  std::puts("us, medians of 5 rounds; ratios pl/jn and pl/O1 for launch CPU and device (above 1: it pays).");
  std::printf("%5s %6s | %8s %8s %8s | %6s %6s %6s | %7s %7s %7s | %9s | %9s\n", "calls", "kerns", "inst pl", "inst jn",
              "inst O1", "ln pl", "ln jn", "ln O1", "dev pl", "dev jn", "dev O1", "pl/jn l d", "pl/O1 l d");
  for (const int calls : quick ? std::vector<int>{12} : std::vector<int>{1, 12, 96}) calls_row(calls, stream);
  std::puts("");
  std::puts("Instantiate (build + instantiate + upload), us, medians of 11 rounds (the four in turn): hand; api =");
  std::puts("hand as graphc's runtime calls CUDA (a cudaKernel_t, cudaGraphAddNode); graphc -O0 and -O1. Ratios");
  std::puts("of the medians, then of the minimums: O0/api = graphc's own work over the same CUDA calls; O0/hand;");
  std::puts("hand/O1 (the optimiser changes nothing in these shapes).");
  std::printf("%-13s %6s | %9s %9s %9s %9s | %17s | %17s\n", "shape", "nodes", "hand", "api", "O0", "O1",
              "med O0/a O0/h h/O1", "min O0/a O0/h h/O1");
  for (const Shape shape : {Shape::chain, Shape::chains4, Shape::fork_join128}) {
    for (const std::size_t n : quick ? std::vector<std::size_t>{100} : std::vector<std::size_t>{10, 1025, 10000}) {
      instantiate_row(shape, n, stream);
    }
  }
  graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return 0;
}
