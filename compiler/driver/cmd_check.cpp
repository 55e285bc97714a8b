// graphc check FILE... [--emit=ir] [--explain] [-O0]: parse and validate each file; optionally
// print the IR dump, and what the optimiser changed, the order of each communicator's
// collectives and what memory each node accesses.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "commands.h"
#include "ir/collective_ops.h"
#include "ir/collective_order.h"
#include "ir/creation_order.h"
#include "ir/dump.h"
#include "report.h"
#include "sema/memory_access.h"

namespace graphc::driver {
namespace {

// One line per memory access of every node, as the race analysis takes it.
std::string accesses(const Compilation& c) {
  std::string out;
  sema::NodeAccesses node_accesses(c.module, sema::KernelInfo{&c.module, &c.module_kernels});
  for (const ir::Graph& graph : c.module.graphs) {
    for (std::uint32_t n = 0; n < graph.nodes.size(); ++n) {
      const ir::Node& node = graph.nodes[n];
      for (const sema::MemoryAccess& a : node_accesses.of(graph, ir::NodeId{n})) {
        out += fmt::format("{}: node '{}' of graph '{}' {} {} of buffer '{}': {}\n", c.sources.location(a.range),
                           node.name, graph.name, sema::access_name(a.access), sema::describe_extent(graph, a.extent),
                           graph.buffer(a.extent.root).name, a.why);
      }
    }
  }
  return out;
}

// One line per communicator of each graph: its collectives, and the calls that run some over
// it, in the order every rank issues them; a graph's `comm` parameters included.
std::string collective_order(const Compilation& c) {
  std::string out;
  for (const ir::Graph& graph : c.module.graphs) {
    if (graph.comms.empty()) continue;
    const ir::CreationOrder order(graph);
    for (std::uint32_t k = 0; k < graph.comms.size(); ++k) {
      const ir::Comm& comm = graph.comms[k];
      std::vector<std::string> issued;
      for (const ir::NodeId id : ir::collectives_in_order(c.module, graph, order, ir::CommId{k})) {
        const ir::Node& node = graph.node(id);
        if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
          issued.push_back(fmt::format("call '{}' (the collectives of graph '{}')", node.name,
                                       c.module.graph(call->graph_id).name));
          continue;
        }
        const ir::CollectiveCall& call = std::get<ir::CollectiveNode>(node.op).collective;
        issued.push_back(fmt::format("'{}' ({} of {} x {})", node.name, ir::collective_op(call.op).nccl,
                                     call.send_count, ir::type_name(call.type)));
      }
      const std::string size = comm.world_size > 0 ? fmt::format(", {} ranks", comm.world_size) : "";
      out += fmt::format("{}: communicator '{}' of graph '{}'{}: ", c.sources.location(comm.name_range), comm.name,
                         graph.name, size);
      out += issued.empty()
                 ? std::string("no collectives\n")
                 : fmt::format("every rank issues {} in this order: {}\n",
                               issued.size() == 1 ? "its collective" : "its collectives", fmt::join(issued, ", then "));
    }
  }
  return out;
}

// One line per edge the optimiser left out (where it is written, and a path that implies it),
// then one per node it added.
std::string explain(const Compilation& c) {
  std::string out;
  for (const opt::ImpliedEdge& e : c.implied_edges) {
    out += fmt::format("{}: edge '{}' -> '{}' of graph '{}' is implied by {}; not given to CUDA (-O0 keeps it)\n",
                       c.sources.location(e.edge.range), e.edge.from, e.edge.to, e.graph, fmt::join(e.path, " -> "));
  }
  for (const opt::ProgrammaticEdge& e : c.programmatic) {
    out += fmt::format("{}: edge '{}' -> '{}' of graph '{}' is programmatic: kernel '{}' of '{}' waits for the "
                       "grids it depends on (cudaGridDependencySynchronize), so CUDA may launch it before '{}' "
                       "completes (-O0 keeps the default port)\n",
                       c.sources.location(e.edge.range), e.edge.from, e.edge.to, e.graph, e.kernel, e.edge.to,
                       e.edge.from);
  }
  for (const opt::JoinNode& j : c.joins) {
    out += fmt::format("{}: graph '{}' has {} {}; a no-op kernel node '{}' {} them, so the graph has one {} (-O0 "
                       "leaves them)\n",
                       c.sources.location(j.range), j.graph, j.joined, j.sink ? "leaf nodes" : "root nodes", j.node,
                       j.sink ? "follows" : "precedes", j.sink ? "leaf" : "root");
  }
  for (const opt::Reorder& r : c.reorders) {
    out +=
        fmt::format("{}: graph '{}' creates node '{}' (first of a path of {} nodes) before '{}' (of {}); {} nodes "
                    "are created in another order than declared: longest path first (-O0 keeps the declared order)\n",
                    c.sources.location(r.range), r.graph, r.first, r.first_path, r.before, r.before_path, r.moved);
  }
  if (c.implied_edges.empty() && c.programmatic.empty() && c.joins.empty() && c.reorders.empty()) {
    out += "no changes: no edge is implied by other edges or leads to a kernel that waits for its dependencies, no "
           "graph has many roots or leaves, and every graph is created in the order declared\n";
  }
  return out + collective_order(c) + accesses(c);
}

struct CheckRequest {
  std::vector<std::string> files;
  std::string emit;
  bool explain = false;
  CompileOptions compile;
};

// Checks one file as `options` say, each variant of a variant dimension (unless a define or
// --variant picks one); its exit status.
int check_file(const std::string& path, const CheckRequest& options) {
  const std::vector<std::unique_ptr<Compilation>> variants = compile_variants(path, options.compile);
  std::fputs(render_variants(variants, RenderOptions{.color = ::isatty(STDERR_FILENO) == 1}).c_str(), stderr);
  const bool ok = std::ranges::all_of(variants, [](const auto& c) { return c->ok(); });
  if (!ok) return exit_diagnostics;
  for (const std::unique_ptr<Compilation>& c : variants) {
    if (variants.size() > 1 && (options.emit == "ir" || options.explain)) {
      fmt::print("variant {} = {}:\n", c->variant->name, c->variant->value);
    }
    if (options.emit == "ir") std::fputs(ir::dump(c->module, c->sources).c_str(), stdout);
    if (options.explain) std::fputs(explain(*c).c_str(), stdout);
  }
  return exit_ok;
}

}  // namespace

void add_check(CLI::App& app, int& status) {
  auto options = std::make_shared<CheckRequest>();
  CLI::App* cmd = app.add_subcommand("check", "Parse and validate graph files; print their diagnostics");
  cmd->add_option("FILE", options->files, "the .graph or .yaml files (- reads standard input)")->required();
  cmd->add_option("--emit", options->emit, "also print an intermediate form: ir")->check(CLI::IsMember({"ir"}));
  cmd->add_flag(
      "--explain", options->explain,
      "also print what the optimiser changed, one line per change, the order of each communicator's collectives, "
      "and the memory each node reads and writes");
  add_compile_options(*cmd, options->compile);
  cmd->callback([options, &status] {
    // Every file is checked; the exit status is the worst of theirs.
    status = exit_ok;
    for (const std::string& path : options->files) status = std::max(status, check_file(path, *options));
  });
}

}  // namespace graphc::driver
