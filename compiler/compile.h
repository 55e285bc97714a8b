// The whole front half of graphc in one call: read a file, parse it with the front end
// its extension names, load the files it imports, and analyze it (resolve names, fold
// expressions, validate).
// The CLI and the runtime's Program::load both start here, so a graph that loads is a
// graph that compiles.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/device_topology.h"
#include "ir/graph.h"
#include "ir/kernel_signature.h"
#include "opt/join_roots.h"
#include "opt/order_creation.h"
#include "opt/programmatic_launch.h"
#include "opt/reduce_edges.h"
#include "source/source.h"
#include "variant_dimension.h"

namespace graphc {

/// How to compile. `graphc -O0` and graphc::LoadOptions{.optimize = false} turn the
/// optimiser off.
struct CompileOptions {
  /// Run the optimiser (opt/) on a module that analyzed without errors: both back ends
  /// then build the optimised graph.
  bool optimize = true;
  /// Report data races (W0303 and W0305, sema/check_races.h) as errors: `graphc -Werror=race`.
  bool races_are_errors = false;
  /// Report every warning as an error: `graphc -Werror`.
  bool warnings_are_errors = false;
  /// Report races that are only possible (W0305: a kernel's extent assumed to reach the end
  /// of its buffer); `graphc -Wno-possible-race` turns them off, W0303 stays.
  bool possible_races = true;
  /// Read the module files and check kernel nodes, struct layouts and data races against
  /// the kernels they declare (.cu modules compiled by NVRTC). `graphc convert`, which
  /// translates a file's syntax, turns it off, so it never loads NVRTC.
  bool check_modules = true;
  /// The number of ranks of every communicator (`comm NAME;`) the graph is checked and built
  /// for, `world_size(NAME)` in its expressions (ir::Comm::world_size): `graphc --world-size
  /// N`; 0 leaves it unknown, and an expression that needs it is E1109.
  int world_size = 0;
  /// The same for one communicator each, over `world_size`: `--world-size NAME=N`. A name no
  /// graph of the file declares is E1110.
  std::map<std::string, int, std::less<>> world_sizes;
  /// Consts given a value from outside the file, name -> a number literal (`graphc --define
  /// B=8`): the value of every const of that name, in the file and its imports, as if the
  /// file said so (loops expanded with it included). A value that is no literal is E0122, a
  /// name no graph declares E0121.
  std::map<std::string, std::string, std::less<>> defines;
  /// The value of the file's variant dimension (`variant B in {1, 2, 4};`) to compile for,
  /// a number literal (`graphc --variant 4`): the same as defining B, over any -D B. Unset, a
  /// file with a variant dimension and no define for it is compiled for its largest value. A
  /// value the dimension does not take is E0123; a file without one E0126.
  std::optional<std::string> variant;
  /// A variant dimension given from outside the file (`graphc --variants B=1,2,4,8`): const
  /// `name` (every const of that name, as a define) takes each of `values` (number literals)
  /// in turn, as if the file declared `variant B in {1, 2, 4, 8};`. The batch sizes a
  /// deployment serves are its own, not the model file's. A name no graph declares as a
  /// const, a value that is no number literal or a file that declares a variant dimension of
  /// its own is E0127.
  struct Variants {
    std::string name;
    std::vector<std::string> values;
  };
  std::optional<Variants> variants;
  /// The machine the file is checked for, read from `topology_file` (`graphc --topology FILE`,
  /// which `graphc topology` writes on it): a placement on a device it lacks is E1206, a peer
  /// that cannot reach the memory it is granted E1207. None: placements are checked against
  /// the machine only as the runtime builds the graph.
  std::optional<ir::DeviceTopology> topology;
  std::string topology_file;
  /// Choose each cuBLASLt matmul's algorithm by timing the heuristic's candidates on the
  /// device when the graph is built (graphc::MatmulTuning::timed), not by taking its first:
  /// `graphc --tune-matmuls`. The runtime reads it at instantiate; `graphc compile` writes
  /// it into the generated build(). The compiler itself ignores it.
  bool tune_matmuls = false;
};

/// The result of compiling one file: the sources read, every diagnostic, and the IR
/// (resolved and valid only when ok()), with what the optimiser changed.
struct Compilation {
  SourceManager sources;
  DiagEngine diags;
  ir::Module module;
  std::vector<opt::ImpliedEdge> implied_edges;      // edges the optimiser took out of `module` (opt::reduce_edges)
  std::vector<opt::ProgrammaticEdge> programmatic;  // edges it made programmatic (opt::programmatic_launch)
  std::vector<opt::JoinNode> joins;                 // nodes the optimiser added to `module` (opt::join_roots)
  std::vector<opt::Reorder> reorders;               // graphs whose creation order it changed (opt::order_creation)
  /// The kernels each of module.modules declares (compiler/modules/module_kernels.h), read
  /// for a file on disk that analyzed without errors; empty otherwise.
  std::vector<ir::ModuleKernels> module_kernels;
  /// How many of `sources` are graph files (the file, then its imports); the module files
  /// that notes point into come after them.
  std::uint32_t graph_files = 0;
  /// The file's variant dimension (`variant B in {...};`) with the value compiled for; none
  /// when it declares none.
  std::optional<VariantDimension> variant;
  bool ok() const { return !diags.has_errors(); }
};

/// Whether `path` names the YAML form (.yaml, .yml), which the YAML front end reads; any
/// other file is text.
bool is_yaml_path(const std::string& path);

/// Compiles the file at `path` (".graph", or ".yaml" / ".yml" for the YAML form; the path
/// is kept as given for diagnostics). Imports may mix both forms.
/// Never throws for bad input: an unreadable file is diagnostic E0002, an unreadable module
/// file E0019 at its `module` line. Kernel nodes are checked against the kernels their
/// modules declare (sema/check_kernel_signatures.h: .cu modules compiled to PTX by NVRTC,
/// cached on disk; .ptx read directly).
std::unique_ptr<Compilation> compile_file(const std::string& path, const CompileOptions& options = {});

/// Compiles `path` once per value of its variant dimension, ascending, each as compile_file
/// with that value defined; the one compile_file makes when it declares none, when `options`
/// pick a value (a define of the dimension, `variant`) or when it fails before the dimension
/// is known. What `graphc check` reports and the runtime's Variants load. `first`: that
/// compile_file, already made (graphc compile's), which is not made again.
std::vector<std::unique_ptr<Compilation>> compile_variants(const std::string& path, const CompileOptions& options = {},
                                                           std::unique_ptr<Compilation> first = nullptr);

/// Every file `c` read: the file itself, each file it imports (in load order), then every
/// module they name. What `graphc compile --depfile` lists and `graphc run --watch` watches.
std::vector<std::string> files_read(const Compilation& c);

/// Compiles text held in memory, reported under `path` (tests, tools). Its module files
/// are not read here, nor kernel nodes checked against them (the runtime does: R0002-R0006).
std::unique_ptr<Compilation> compile_text(const std::string& path, std::string text,
                                          const CompileOptions& options = {});

}  // namespace graphc
