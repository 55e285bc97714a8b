// graphc::Program: a .graph file loaded at run time. Loading parses and validates the
// file (the same front end and validator as `graphc check`); instantiating a graph
// loads its kernel modules, builds a cudaGraph_t with cudaGraphAddNode, instantiates and
// uploads it.
//
//   graphc::Program prog = graphc::Program::load("train_step.graph");
//   graphc::Bindings b;
//   b.buffer("h_data", my_host_ptr, bytes);
//   graphc::Instance inst = prog.instantiate("train_step", b);
//   inst.set("scale", 3.0f);
//   inst.launch(stream);
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "graphc/bindings.h"
#include "graphc/diagnostic_info.h"
#include "graphc/error.h"
#include "graphc/instance.h"

namespace graphc {

namespace detail {
struct ProgramState;
struct Introspection;
}  // namespace detail

class CaptureResources;  // graphc/capture_resources.h

/// What loading one `module` declaration did (Program::modules()).
struct ModuleInfo {
  enum class Kind { nvrtc, library };
  std::string path;  // as resolved by the front end (relative to the current directory)
  Kind kind = Kind::library;
  /// nvrtc: the CUBIN came from the disk cache, NVRTC did not run.
  bool cache_hit = false;
  /// nvrtc: the --gpu-architecture compiled for, e.g. "sm_90"; empty for library.
  std::string arch;
};

/// How Program::load and from_text compile the file.
struct LoadOptions {
  /// Leave out the edges other paths imply (graphc's -O1, the default); false keeps every
  /// edge as written (-O0).
  bool optimize = true;
  /// Make data races (W0303: two nodes touching the same memory, one writing, with no path
  /// of edges between them; W0305: two that may) errors, so that load throws on them
  /// (graphc's -Werror=race).
  bool races_are_errors = false;
  /// Make every warning an error, so that load throws on any (graphc's -Werror).
  bool warnings_are_errors = false;
  /// Report the races that are only possible (W0305: a pointer passed to a kernel is
  /// assumed to reach the end of its buffer); false leaves them out (-Wno-possible-race).
  bool possible_races = true;
  /// The number of ranks of every communicator (`comm NAME;`) the graph is loaded for: the
  /// value of `world_size(NAME)` in its expressions (buffer counts per rank, grids), and the
  /// size each bound communicator must have (R0068 at instantiate otherwise). 0 leaves it
  /// unknown: an expression that needs it is E1109. graphc's `--world-size N`.
  int world_size = 0;
  /// The same for one communicator each, over `world_size`: `--world-size NAME=N`. A name
  /// that no graph of the file declares is E1110.
  std::map<std::string, int, std::less<>> world_sizes;
  /// Consts given a value from outside the file, name -> a number literal ("8", "0.5f"):
  /// every const of that name, in the file and its imports, takes it as if the file said
  /// so, `for` loops included. One file then serves several shapes (a batch size, a model's
  /// width). A value that is no number literal is E0122, a name no graph declares E0121.
  /// graphc's `--define NAME=VALUE`.
  std::map<std::string, std::string, std::less<>> defines;
  /// The value of the file's variant dimension (`variant B in {1, 2, 4};`) to load, over any
  /// define of its name; unset, the largest (graphc/variants.h loads them all). A value the
  /// dimension does not take is E0123, a file without one E0126. graphc's `--variant VALUE`.
  std::optional<std::int64_t> variant;
  /// A variant dimension given from outside the file: const `name` takes each of `values`
  /// in turn, as if the file declared `variant name in {values};` (graphc's `--variants
  /// B=1,2,4,8`): the batch sizes a deployment serves, over a model file that declares
  /// `const B = 4;`. E0127 for a name no graph declares or a file with its own dimension.
  struct VariantValues {
    std::string name;
    std::vector<std::int64_t> values;
  };
  std::optional<VariantValues> variants;
  /// Choose each cuBLASLt matmul's algorithm (`cublaslt.matmul*` capture nodes) by timing the
  /// first kMatmulCandidates algorithms cublasLtMatmulAlgoGetHeuristic offers on the device
  /// at instantiate, outside capture, rather than taking its first (graphc/cublaslt_ops.h,
  /// MatmulTuning::timed): the instantiate pays about (kMatmulTimedRuns + 1) matmuls per
  /// candidate and the candidates' kernels loaded, once per shape an instance holds, for the
  /// fastest algorithm on this GPU. graphc's `--tune-matmuls`.
  bool tune_matmuls = false;
};

/// Move-only. Not thread-safe: one thread at a time per Program.
class Program {
 public:
  /// Reads, parses and validates `path` (".graph"). Throws graphc::Error when any error
  /// is reported: what() is every diagnostic rendered as `graphc check` prints it, code()
  /// the first error's code (E0002 when the file cannot be read). Needs no GPU: modules
  /// are loaded at the first instantiate (or load_modules()).
  static Program load(const std::string& path, const LoadOptions& options = {});
  /// The same for text held in memory, reported under `path` (modules resolve relative to
  /// its folder).
  static Program from_text(const std::string& path, std::string text, const LoadOptions& options = {});

  /// What `graphc check` reports for `path`, as fields: every diagnostic, errors and
  /// warnings, in the order it prints them (Error::diagnostics() holds the same for a load
  /// that fails); empty when the file is clean. Bad input throws nothing: a file that cannot
  /// be read is E0002 among them. Kernel nodes are checked against their .cu modules
  /// (NVRTC) as load does. A file with a variant dimension is checked for every value, each
  /// diagnostic once, with a note naming the variants it holds for where not all do
  /// ("in variant B = 8 (of {1, 2, 4, 8})"). Needs no GPU.
  static std::vector<DiagnosticInfo> check(const std::string& path, const LoadOptions& options = {});
  /// The same for text held in memory, reported under `path` (its extension picks the
  /// front end: .yaml or .yml the YAML form); its modules are not read, as from_text. A
  /// variant dimension's largest value only (or the one `options` pick).
  static std::vector<DiagnosticInfo> check_text(const std::string& path, std::string text,
                                                const LoadOptions& options = {});

  Program(Program&&) noexcept;
  Program& operator=(Program&&) noexcept;
  ~Program();

  /// Builds top-level graph `graph` with `bindings` on the current device: loads the
  /// modules if not yet loaded, resolves every kernel (Bindings::kernel first, then the
  /// modules in declaration order), checks every kernel node's argument count and sizes
  /// with cudaFuncGetParamInfo, allocates the buffers not bound (cudaMalloc,
  /// cudaMallocHost, cudaMallocManaged) and writes their initial contents, adds every node
  /// with cudaGraphAddNode, then cudaGraphInstantiate (WithParams, to name a failing node)
  /// and cudaGraphUpload on `stream`, synchronized, so the first launch costs what a repeat
  /// launch costs.
  /// Everything is checked before anything is allocated or launched. Throws graphc::Error:
  /// R0013 unknown graph, R0010 binding of an undeclared buffer, R0007 bound memory too
  /// small, R0002 kernel not found, R0003 argument count, R0004 argument size, R0008 host
  /// function not bound, R0009 shared memory over the device's limit, R0005/R0006 module
  /// compile/load failures, R0001 any failed CUDA call (naming the node and its
  /// file:line:col).
  /// May be called from several threads at once, each building on its own device (the ranks
  /// of a communicator: their collectives' first runs wait for each other).
  Instance instantiate(std::string_view graph, const Bindings& bindings = {}, cudaStream_t stream = nullptr);

  /// Loads every module now (instantiate does it on first use): `.cu` compiled by NVRTC
  /// for the current device (cached on disk: $GRAPHC_CACHE_DIR, else
  /// $XDG_CACHE_HOME/graphc, else ~/.cache/graphc) and loaded with cudaLibraryLoadData;
  /// `.ptx`, `.cubin`, `.fatbin` with cudaLibraryLoadFromFile. Throws R0005, R0006, R0001.
  void load_modules();
  /// One entry per `module` declaration, in order, once loaded; empty before.
  const std::vector<ModuleInfo>& modules() const;

  /// Warnings reported while loading, rendered (empty when none).
  const std::string& warnings() const;
  /// The same warnings as fields, in that order (empty when none).
  const std::vector<DiagnosticInfo>& diagnostics() const;

 private:
  friend struct detail::Introspection;
  friend class Variants;          // graphc/variants.h: a Program per value
  friend class VariantInstances;  // shares the modules the first variant built loaded
  explicit Program(std::shared_ptr<detail::ProgramState> state);
  /// instantiate(), the graph's capture nodes using `captures` (the libraries' handles and
  /// workspaces the variants of one VariantInstances share), or resources of the instance's
  /// own when null.
  Instance instantiate_with(std::string_view graph, const Bindings& bindings, cudaStream_t stream,
                            std::shared_ptr<CaptureResources> captures);

  std::shared_ptr<detail::ProgramState> state_;
};

}  // namespace graphc
