// graphc run FILE [--graph NAME] [--launches N] [--set PARAM=VALUE]... [--print BUF]... [--time]
// Loads the file at run time (the runtime path: cudaGraphAddNode, instantiate, upload),
// launches it N times, and prints the named buffers after the last launch.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "report.h"
#include "ir/graph.h"

namespace graphc::driver {
namespace {

struct Options {
  std::string file;
  std::string graph;
  int launches = 1;
  std::vector<std::string> sets;
  std::vector<std::string> prints;
  bool time = false;
  CompileOptions compile;
};

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The graph to run: --graph, or the only graph of the file (imported graphs aside).
const ir::Graph* pick_graph(const ir::Module& module, const std::string& requested) {
  if (!requested.empty()) {
    const auto id = module.find_graph(requested);
    if (!id) {
      std::fprintf(stderr, "graphc: error: '%s' has no graph '%s'\n", module.path.c_str(), requested.c_str());
      return nullptr;
    }
    return &module.graph(*id);
  }
  std::vector<const ir::Graph*> own;
  for (const ir::Graph& g : module.graphs) {
    if (!g.imported) own.push_back(&g);
  }
  if (own.size() != 1) {
    std::vector<std::string> names;
    for (const ir::Graph* g : own) names.push_back(g->name);
    std::fprintf(stderr, "graphc: error: '%s' has %zu graphs (%s); choose one with --graph\n", module.path.c_str(),
                 own.size(), fmt::format("{}", fmt::join(names, ", ")).c_str());
    return nullptr;
  }
  return own.front();
}

// "BUF: v0 v1 ... v(n-1)", each value in shortest round-trip form.
std::string buffer_line(const Instance& instance, const ir::Buffer& buffer) {
  std::vector<unsigned char> host(buffer.bytes());
  check_cuda(cudaMemcpy(host.data(), instance.buffer(buffer.name), host.size(), cudaMemcpyDefault),
             "cudaMemcpy (reading the buffer)");
  std::string line = buffer.name + ":";
  const std::size_t size = ir::type_size(buffer.type);
  for (std::size_t i = 0; i < buffer.count_value; ++i) {
    line += ' ';
    line += ir::Scalar::from_bytes(buffer.type, host.data() + i * size).text();
  }
  return line + "\n";
}

int run(const Options& o) {
  const auto load_start = Clock::now();
  Program program = Program::load(o.file, LoadOptions{.optimize = o.compile.optimize});
  std::fputs(program.warnings().c_str(), stderr);
  const double load_ms = ms_since(load_start);

  const ir::Graph* graph = pick_graph(program.ir(), o.graph);
  if (graph == nullptr) return exit_usage;
  std::vector<const ir::Buffer*> printed;
  for (const std::string& name : o.prints) {
    const auto id = graph->find_buffer(name);
    if (!id) {
      std::fprintf(stderr, "graphc: error: graph '%s' has no buffer '%s'\n", graph->name.c_str(), name.c_str());
      return exit_usage;
    }
    printed.push_back(&graph->buffer(*id));
  }

  cudaStream_t stream = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  const auto instantiate_start = Clock::now();
  Instance instance = program.instantiate(graph->name, Bindings{}, stream);
  const double instantiate_ms = ms_since(instantiate_start);

  for (const std::string& assignment : o.sets) {
    const std::size_t eq = assignment.find('=');
    instance.set_from_text(assignment.substr(0, eq), assignment.substr(eq + 1));
  }

  const auto launch_start = Clock::now();
  for (int i = 0; i < o.launches; ++i) instance.launch(stream);
  const double submit_ms = ms_since(launch_start);
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  const double total_ms = ms_since(launch_start);

  for (const ir::Buffer* buffer : printed) std::fputs(buffer_line(instance, *buffer).c_str(), stdout);
  if (o.time) {
    std::printf("time: load %.3f ms, instantiate+upload %.3f ms, %d launches: %.3f us/launch submitted, %.3f us/launch "
                "completed\n",
                load_ms, instantiate_ms, o.launches, submit_ms * 1000.0 / o.launches, total_ms * 1000.0 / o.launches);
  }
  check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return exit_ok;
}

}  // namespace

void add_run(CLI::App& app, int& status) {
  auto options = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("run", "Build a graph at run time, launch it and print buffers");
  cmd->add_option("file", options->file, "the .graph file")->required();
  cmd->add_option("--graph", options->graph, "the graph to run (default: the file's only one)");
  cmd->add_option("--launches", options->launches, "how many times to launch (default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--set", options->sets, "PARAM=VALUE before the first launch (repeatable)")
      ->check([](const std::string& s) { return s.find('=') == std::string::npos ? "expected PARAM=VALUE" : ""; });
  cmd->add_option("--print", options->prints, "print buffer BUF after the last launch (repeatable)");
  cmd->add_flag("--time", options->time, "print load, instantiate and per-launch times");
  add_optimize_option(*cmd, options->compile);
  cmd->callback([options, &status] {
    try {
      status = run(*options);
    } catch (const Error& e) {
      const std::string_view what = e.what();
      std::fprintf(stderr, "%s%s", e.what(), what.ends_with('\n') ? "" : "\n");
      // A failed CUDA call or module load is a CUDA failure; everything else the runtime
      // reports (unknown kernel, argument mismatch, ...) is a diagnostic about the input.
      status = e.code() == "R0001" || e.code() == "R0006" ? exit_cuda : exit_diagnostics;
    }
  });
}

}  // namespace graphc::driver
