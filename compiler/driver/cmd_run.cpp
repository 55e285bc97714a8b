// graphc run FILE [--graph NAME] [--launches N] [--set PARAM=VALUE]... [--print BUF]... [--time]
//                 [--profile] [--trace FILE.json] [--dump-cuda-dot FILE.dot] [--watch [--reloads N]]
//                 [--ranks N] [--timeout S] [--nccl-graph-mixing]
// Loads the file at run time (the runtime path: cudaGraphAddNode, instantiate, upload),
// launches it N times, and prints the named buffers after the last launch. --profile then
// launches it N times more under CUPTI (Instance::profile) and prints where the device time
// went; --trace writes that profile as Chrome trace events. With --watch it
// then waits for edits of the files the graph was compiled from, reloads it
// (Instance::reload: nodes set or updated in place, or re-instantiated, as it reports) and runs it again.
// Host nodes run a stand-in that prints "host node 'NAME' (FUNCTION): launch K" each time,
// since no program registers their functions here. With --ranks N it runs one process per GPU
// (run_ranks.h), each a rank of one communicator graphc makes, bound to every `comm` of the
// graph, and each line a rank prints starts with "[rank R] ", its --profile report's too;
// --trace FILE.json is each rank's FILE.rankR.json. Its ranks run their collectives only in
// the graph, so NCCL's graph mixing support is turned off for them
// (disable_nccl_graph_mixing) unless --nccl-graph-mixing or the environment says otherwise.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "commands.h"
#include "graph_by_name.h"
#include "graphc/communicator.h"
#include "graphc/generated_support.h"
#include "graphc/introspect.h"
#include "graphc/program.h"
#include "ir/graph.h"
#include "profile/chrome_trace.h"
#include "profile/profile_report.h"
#include "report.h"
#include "run_ranks.h"
#include "write_file.h"

namespace graphc::driver {
namespace {

struct RunRequest {
  std::string file;
  std::string graph;
  int launches = 1;
  std::vector<std::string> sets;
  std::vector<std::string> prints;
  bool time = false;
  bool profile = false;
  bool memory = false;        // --memory: what the instance holds and the graph-memory pool
  std::string trace;          // --trace: the Chrome trace file to write
  std::string dump_cuda_dot;  // --dump-cuda-dot: cudaGraphDebugDotPrint's file
  bool watch = false;
  int reloads = 0;                 // with --watch: stop after this many (0: never)
  int ranks = 0;                   // --ranks: one process per GPU (0: this process, no communicator)
  int timeout = 600;               // --timeout: seconds a wait for the graph's collectives may take
  bool nccl_graph_mixing = false;  // --nccl-graph-mixing: leave NCCL_GRAPH_MIXING_SUPPORT at NCCL's default
  CompileOptions compile;
};

// What a rank prints before each line: "[rank 1] ", or nothing outside --ranks.
std::string line_prefix() {
  const std::optional<RankEnvironment> rank = rank_environment();
  return rank ? "[rank " + std::to_string(rank->rank) + "] " : std::string();
}

// A size as --memory prints it: bytes below 1 KiB, else KiB, MiB or GiB with one decimal.
std::string size_text(std::size_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  double value = static_cast<double>(bytes) / 1024;
  const char* unit = "KiB";
  for (const char* larger : {"MiB", "GiB"}) {
    if (value < 1024) break;
    value /= 1024;
    unit = larger;
  }
  return fmt::format("{:.1f} {}", value, unit);
}

// --memory's lines: what `instance` holds (Instance::memory) and the device's graph-memory
// pool after its launches.
std::string memory_report(const Instance& instance, int device) {
  const MemoryUse use = instance.memory();
  const GraphMemoryPool pool = graph_memory_pool(device);
  return fmt::format(
      "memory: buffers {} on the device, {} on the host (graphc's), {} bound (the caller's); capture nodes' "
      "workspaces {}; alloc nodes {} a launch\n"
      "graph-memory pool of device {}: used {} (at most {}), reserved {} (at most {})\n",
      size_text(use.buffers), size_text(use.host_buffers), size_text(use.bound), size_text(use.workspaces),
      size_text(use.graph_memory), device, size_text(pool.used), size_text(pool.used_high), size_text(pool.reserved),
      size_text(pool.reserved_high));
}

// `text`'s lines, each after `prefix`, written a line at a time so that the lines of ranks
// printing at once stay whole.
void print_lines(const std::string& text, const std::string& prefix) {
  std::fflush(stdout);
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size() - 1) + 1;
    std::fputs((prefix + text.substr(begin, end - begin)).c_str(), stdout);
    std::fflush(stdout);
    begin = end;
  }
}

// Where a rank writes --trace FILE: FILE with ".rankR" before its extension (trace.json ->
// trace.rank1.json), so that every rank writes its own; FILE itself outside --ranks.
std::string rank_file(const std::string& file) {
  const std::optional<RankEnvironment> rank = rank_environment();
  if (!rank || file == "-") return file;
  const std::filesystem::path path(file);
  return (path.parent_path() /
          (path.stem().string() + ".rank" + std::to_string(rank->rank) + path.extension().string()))
      .string();
}

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The graph to run: --graph, or the only graph of the file (imported graphs aside).
const ir::Graph* pick_graph(const ir::Module& module, const std::string& requested) {
  if (!requested.empty()) return graph_by_name(module, requested);
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

// "BUF: v0 v1 ... v(n-1)", each value in shortest round-trip form; a 2-D buffer's rows one
// after the other (cudaMemcpy2D packs its pitched rows), a 3-D buffer's slice after slice,
// a vector buffer's lanes one after the other.
std::string buffer_line(const Instance& instance, const ir::Buffer& buffer) {
  std::vector<unsigned char> host(buffer.bytes());
  const std::size_t rows = buffer.two_d() ? buffer.all_rows() : 1;
  const std::size_t row_bytes = host.size() / rows;
  const std::size_t pitch = buffer.two_d() ? instance.buffer_pitch(buffer.name) : row_bytes;
  check_cuda(cudaMemcpy2D(host.data(), row_bytes, instance.buffer(buffer.name), pitch, row_bytes, rows,
                          cudaMemcpyDefault),
             "cudaMemcpy2D (reading the buffer)");
  std::string line = buffer.name + ":";
  const ir::ScalarType lane = ir::component_type(buffer.type);  // a vector buffer's lanes in memory order
  const std::size_t size = ir::type_size(lane);
  for (std::size_t i = 0; i < host.size() / size; ++i) {
    line += ' ';
    line += ir::Scalar::from_bytes(lane, host.data() + i * size).text();
  }
  return line + "\n";
}

// --set, then --launches launches, then --print and --time's line (`load_ms` and
// `instantiate_ms` are the load's and the instantiation's or reload's).
void launch_and_report(const RunRequest& o, Instance& instance, const std::vector<const ir::Buffer*>& printed,
                       cudaStream_t stream, double load_ms, double instantiate_ms) {
  for (const std::string& assignment : o.sets) {
    const std::size_t eq = assignment.find('=');
    instance.set_from_text(assignment.substr(0, eq), assignment.substr(eq + 1));
  }

  const auto launch_start = Clock::now();
  for (int i = 0; i < o.launches; ++i) instance.launch(stream);
  const double submit_ms = ms_since(launch_start);
  instance.synchronize(stream, std::chrono::seconds(o.timeout));  // a dead peer rank is R0069, not a hang
  const double total_ms = ms_since(launch_start);

  const std::string prefix = line_prefix();
  for (const ir::Buffer* buffer : printed) std::fputs((prefix + buffer_line(instance, *buffer)).c_str(), stdout);
  if (o.time) {
    std::printf("%stime: load %.3f ms, instantiate+upload %.3f ms, %d launches: %.3f us/launch submitted, %.3f "
                "us/launch completed\n",
                prefix.c_str(), load_ms, instantiate_ms, o.launches, submit_ms * 1000.0 / o.launches,
                total_ms * 1000.0 / o.launches);
  }
  std::fflush(stdout);
}

// The last modification time of each file (the minimum for one that cannot be read now).
std::vector<std::filesystem::file_time_type> modification_times(const std::vector<std::string>& files) {
  std::vector<std::filesystem::file_time_type> times;
  for (const std::string& file : files) {
    std::error_code ec;
    const auto time = std::filesystem::last_write_time(file, ec);
    times.push_back(ec ? std::filesystem::file_time_type::min() : time);
  }
  return times;
}

// --watch: every edit of a file the graph was compiled from reloads it and runs it again.
// A file with errors is reported and the previous graph stays.
void watch(const RunRequest& o, Instance& instance, const std::vector<std::string>& printed_names,
           cudaStream_t stream) {
  std::vector<std::string> files = instance.files();
  auto seen = modification_times(files);
  std::fprintf(stderr, "graphc: watching %zu files (Ctrl-C stops)\n", files.size());
  for (int reloads = 0; o.reloads == 0 || reloads < o.reloads;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const auto now = modification_times(files);
    if (now == seen) continue;
    seen = now;
    ++reloads;
    try {
      const auto reload_start = Clock::now();
      const ReloadResult result = instance.reload(stream);
      const double reload_ms = ms_since(reload_start);
      std::fputs(result.warnings.c_str(), stderr);
      if (result.kind == ReloadResult::Kind::nodes_set) {
        std::fprintf(stderr, "graphc: reloaded: %zu changed node%s set in place\n", result.nodes_set,
                     result.nodes_set == 1 ? "" : "s");
      } else if (result.kind == ReloadResult::Kind::updated) {
        std::fprintf(stderr, "graphc: reloaded: updated in place (cudaGraphExecUpdate): %s\n", result.reason.c_str());
      } else {
        std::fprintf(stderr, "graphc: reloaded: re-instantiated: %s\n", result.reason.c_str());
      }
      files = instance.files();
      seen = modification_times(files);
      const ir::Graph& graph = ir_of(instance);
      std::vector<const ir::Buffer*> printed;
      for (const std::string& name : printed_names) {
        if (const auto id = graph.find_buffer(name)) {
          printed.push_back(&graph.buffer(*id));
        } else {
          std::fprintf(stderr, "graphc: graph '%s' has no buffer '%s' any more\n", graph.name.c_str(), name.c_str());
        }
      }
      launch_and_report(o, instance, printed, stream, 0.0, reload_ms);
    } catch (const Error& e) {
      const std::string_view what = e.what();
      std::fprintf(stderr, "%s%sgraphc: reload failed; the previous graph stays\n", e.what(),
                   what.ends_with('\n') ? "" : "\n");
    }
  }
}

// Whether CUDA has a device, asked before anything else: without a GPU or a driver the first
// CUDA call says cudaErrorNoDevice or cudaErrorInsufficientDriver (which reads like a version
// problem), so that is said plainly. Any other failure throws R0001.
bool have_device() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorNoDevice || status == cudaErrorInsufficientDriver) {
    cudaGetLastError();
    std::fprintf(stderr, "graphc: error: no CUDA device: %s\n", cudaGetErrorString(status));
    return false;
  }
  check_cuda(status, "cudaGetDeviceCount");
  return true;
}

// In a rank's process (--ranks, mpirun, srun): the device of its rank on its host, and the
// communicator of every rank, joined through the unique id rank 0 writes to the file the
// launcher names. Rank 0 removes a file another launcher named once every rank has joined
// (graphc's own launcher removes its own).
std::optional<Communicator> join_ranks(const std::optional<RankEnvironment>& rank) {
  if (!rank) return std::nullopt;
  check_cuda(cudaSetDevice(rank->local_rank), "cudaSetDevice");
  const UniqueId id = UniqueId::through_file(rank->id_file, rank->rank, std::chrono::seconds(60));
  Communicator comm = Communicator::join(id, rank->rank, rank->ranks);
  if (rank->rank == 0 && !rank->launcher.starts_with("graphc")) std::filesystem::remove(rank->id_file);
  return comm;
}

// How to load the file: the command's compile options, and with --ranks (or a launcher's
// ranks) their number as every communicator's size.
LoadOptions load_options(const RunRequest& o) {
  const std::optional<RankEnvironment> rank = rank_environment();
  return LoadOptions{.optimize = o.compile.optimize,
                     .races_are_errors = o.compile.races_are_errors,
                     .warnings_are_errors = o.compile.warnings_are_errors,
                     .possible_races = o.compile.possible_races,
                     .world_size = rank          ? rank->ranks
                                   : o.ranks > 0 ? o.ranks
                                                 : o.compile.world_size,
                     .world_sizes = {o.compile.world_sizes.begin(), o.compile.world_sizes.end()},
                     .defines = {o.compile.defines.begin(), o.compile.defines.end()},
                     .tune_matmuls = o.compile.tune_matmuls};
}

// --ranks N in the launcher: the file is checked once here (its errors printed once), then
// run by N processes.
int launch(const RunRequest& o) {
  int devices = 0;
  check_cuda(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
  if (o.ranks > devices) {
    std::fprintf(stderr, "graphc: error: --ranks %d needs a GPU a rank; this machine has %d\n", o.ranks, devices);
    return exit_usage;
  }
  const Program program = Program::load(o.file, load_options(o));
  std::fputs(program.warnings().c_str(), stderr);
  return launch_ranks(o.ranks, o.timeout + 30);
}

int run(const RunRequest& o) {
  if (!have_device()) return exit_cuda;
  const std::optional<RankEnvironment> rank = rank_environment();
  if ((o.ranks > 0 || rank) && !o.nccl_graph_mixing) disable_nccl_graph_mixing();  // the ranks inherit it
  if (o.ranks > 0 && !rank) return launch(o);
  if (rank && !rank->problem.empty()) {
    std::fprintf(stderr, "graphc: error: %s\n", rank->problem.c_str());
    return exit_usage;
  }
  if (rank && o.ranks > 0 && o.ranks != rank->ranks) {
    std::fprintf(stderr, "graphc: error: --ranks %d, but %s started %d ranks\n", o.ranks, rank->launcher.c_str(),
                 rank->ranks);
    return exit_usage;
  }
  const std::optional<Communicator> comm = join_ranks(rank);
  const auto load_start = Clock::now();
  Program program = Program::load(o.file, load_options(o));
  if (!comm) std::fputs(program.warnings().c_str(), stderr);  // the launcher printed a rank's
  const double load_ms = ms_since(load_start);

  const ir::Graph* graph = pick_graph(ir_of(program), o.graph);
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
  Bindings bindings;
  if (comm) {
    for (const ir::Comm& c : graph->comms) bindings.communicator(c.name, *comm);
  }
  bindings.unbound_hosts([prefix = line_prefix()](const Bindings::HostCall& call) {
    std::printf("%shost node '%.*s' (%.*s): launch %llu%s%.*s\n", prefix.c_str(), static_cast<int>(call.node.size()),
                call.node.data(), static_cast<int>(call.function.size()), call.function.data(),
                static_cast<unsigned long long>(call.launch), call.arguments.empty() ? "" : ", arguments ",
                static_cast<int>(call.arguments.size()), call.arguments.data());
  });
  Instance instance = program.instantiate(graph->name, bindings, stream);
  const double instantiate_ms = ms_since(instantiate_start);

  launch_and_report(o, instance, printed, stream, load_ms, instantiate_ms);
  if (o.memory) {
    int device = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    print_lines(memory_report(instance, device), line_prefix());
  }
  if (!o.dump_cuda_dot.empty()) {
    check_cuda(cudaGraphDebugDotPrint(instance.graph(), o.dump_cuda_dot.c_str(), cudaGraphDebugDotFlagsVerbose),
               "cudaGraphDebugDotPrint");
  }
  if (o.profile || !o.trace.empty()) {
    const Profile profile = instance.profile(static_cast<std::uint32_t>(o.launches), stream);
    if (o.profile) print_lines(profile::profile_report(ir_of(program), *graph, profile), line_prefix());
    if (!o.trace.empty() && !write_or_print(rank_file(o.trace), profile::chrome_trace(profile))) {
      return exit_diagnostics;
    }
    std::fflush(stdout);
  }
  if (o.watch) watch(o, instance, o.prints, stream);
  check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  return exit_ok;
}

}  // namespace

void add_run(CLI::App& app, int& status) {
  auto options = std::make_shared<RunRequest>();
  CLI::App* cmd = app.add_subcommand("run", "Build a graph at run time, launch it and print buffers");
  cmd->add_option("FILE", options->file, "the .graph file (- reads standard input)")->required();
  cmd->add_option("--graph", options->graph, "the graph to run (default: the file's only one)");
  cmd->add_option("--launches", options->launches, "how many times to launch (default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--set", options->sets, "PARAM=VALUE before the first launch (repeatable)")
      ->check([](const std::string& s) { return s.find('=') == std::string::npos ? "expected PARAM=VALUE" : ""; });
  cmd->add_option("--print", options->prints, "print buffer BUF after the last launch (repeatable)");
  cmd->add_flag("--time", options->time, "print load, instantiate and per-launch times");
  cmd->add_flag("--profile", options->profile,
                "then launch N times more under CUPTI and print each node's device time, the critical path and "
                "the idle gaps");
  cmd->add_flag("--memory", options->memory,
                "after the launches, print the memory the instance holds (buffers, workspaces, alloc nodes) and the "
                "device's graph-memory pool");
  cmd->add_option("--trace", options->trace, "then write that profile as Chrome trace events (Perfetto) to FILE.json");
  cmd->add_option("--dump-cuda-dot", options->dump_cuda_dot,
                  "write the graph as CUDA built it (cudaGraphDebugDotPrint, verbose) to FILE.dot");
  cmd->add_flag("--watch", options->watch,
                "then reload and run again whenever a file the graph was compiled from changes");
  cmd->add_option("--reloads", options->reloads, "with --watch: stop after N reloads (default: never)")
      ->check(CLI::PositiveNumber)
      ->needs("--watch");
  add_compile_options(*cmd, options->compile);
  add_tuning_option(*cmd, options->compile);
  cmd->add_option("--ranks", options->ranks,
                  "run N processes, one per GPU, each a rank of one NCCL communicator bound to every comm of the "
                  "graph, each line they print (--profile's report too) prefixed [rank R], each --trace FILE.json "
                  "written as FILE.rankR.json")
      ->check(CLI::PositiveNumber)
      ->excludes("--watch")
      ->excludes("--dump-cuda-dot")
      ->excludes("--world-size");
  cmd->add_option("--timeout", options->timeout,
                  "seconds a wait for the graph's collectives may take before it aborts them (R0069; default 600)")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--nccl-graph-mixing", options->nccl_graph_mixing,
                "with ranks: leave NCCL's graph mixing support on (by default NCCL_GRAPH_MIXING_SUPPORT=0 unless "
                "the environment sets it, since the ranks run collectives only in the graph)");
  cmd->callback([options, &status] {
    if (options->watch && options->file == "-") {
      std::fprintf(stderr,
                   "graphc: error: --watch reloads the graph's files; standard input (-) cannot be read again\n");
      status = exit_usage;
      return;
    }
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
