#include "backend/cpp/loop_runs.h"

#include <variant>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/node_config.h"

namespace graphc::backend {
namespace {

// Whether node `index` may be part of a run: a kernel, copy or memset node of the root body
// whose every line but its name is the same in each iteration (no launch attributes, which
// build() sets per node, no configuration function of its own, not the optimiser's).
bool loopable(const ir::Graph& graph, std::size_t index) {
  const ir::Node& node = graph.nodes[index];
  if (!has_params_function(node) || node.body.valid() || node.synthetic || configured(node)) return false;
  const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
  return kernel == nullptr || !kernel->launch.any();
}

}  // namespace

std::vector<LoopRun> loop_runs(const GraphContext& context,
                               const std::function<std::string(std::size_t)>& params_body) {
  const ir::Graph& graph = context.graph;
  const SourceManager& sources = context.sources;
  const auto iteration = [&](std::size_t index) { return sources.iteration(graph.nodes[index].range.file); };
  // Whether node `b` is the same statement as node `a` of an earlier iteration, written alike.
  const auto same_statement = [&](std::size_t a, std::size_t b) {
    const ir::Node& x = graph.nodes[a];
    const ir::Node& y = graph.nodes[b];
    if (!loopable(graph, b) || x.range.begin != y.range.begin || x.name_range.begin != y.name_range.begin) {
      return false;
    }
    const LoopIteration* i = iteration(a);
    const LoopIteration* j = iteration(b);
    if (j == nullptr || i->loop.file != j->loop.file || i->loop.begin != j->loop.begin) return false;
    return params_body(a) == params_body(b);
  };
  std::vector<LoopRun> runs;
  std::size_t i = 0;
  while (i < graph.nodes.size()) {
    const LoopIteration* loop = loopable(graph, i) ? iteration(i) : nullptr;
    if (loop == nullptr) {
      ++i;
      continue;
    }
    // An iteration's nodes: those after `i` in the same iteration's file.
    std::size_t width = 1;
    while (i + width < graph.nodes.size() && loopable(graph, i + width) &&
           graph.nodes[i + width].range.file == graph.nodes[i].range.file) {
      ++width;
    }
    std::size_t count = 1;
    for (;; ++count) {
      const std::size_t start = i + count * width;
      if (start + width > graph.nodes.size()) break;
      const FileId file = graph.nodes[start].range.file;
      bool same = file != graph.nodes[i].range.file;
      for (std::size_t s = 0; same && s < width; ++s) {
        same = graph.nodes[start + s].range.file == file && same_statement(i + s, start + s);
      }
      if (!same) break;
    }
    if (count < 2) {
      i += width;
      continue;
    }
    runs.push_back({i, width, count, loop});
    i += width * count;
  }
  return runs;
}

const LoopRun* run_of(const GraphContext& context, std::size_t index) {
  if (context.runs == nullptr) return nullptr;
  for (const LoopRun& run : *context.runs) {
    if (run.holds(index)) return &run;
  }
  return nullptr;
}

std::string run_summary(const GraphContext& context, const LoopRun& run) {
  const ir::Graph& graph = context.graph;
  return fmt::format("{} ... {} (the loop over {} at {})", escape(graph.nodes[run.first].name),
                     escape(graph.nodes[run.first + run.size() - 1].name), escape(run.loop->variable),
                     escape(context.sources.location(run.loop->loop)));
}

std::string statement_summary(const GraphContext& context, const LoopRun& run, std::size_t statement) {
  std::vector<std::string> names;
  for (std::size_t j = 0; j < run.count; ++j) {
    if (run.count <= 3 || j < 2 || j + 1 == run.count) {
      names.push_back(escape(context.graph.nodes[run.first + j * run.width + statement].name));
    }
    if (run.count > 3 && j == 2) names.emplace_back("...");
  }
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string loop_handle(const GraphContext& context, const LoopRun& run, std::string_view at) {
  return fmt::format("nodes.*{}_loop[{}].handle", context.names.nodes.at(run.first), at);
}

std::string loop_name(const GraphContext& context, const LoopRun& run, std::string_view at) {
  return fmt::format("{}_loop[{}].name", context.names.nodes.at(run.first), at);
}

std::string loop_position(std::size_t s) { return s == 0 ? "i" : fmt::format("i + {}", s); }

void write_loop_tables(CodeWriter& out, const GraphContext& context) {
  if (context.runs->empty()) return;
  out.blank();
  out.line("// A node of a loop's run: the member of Nodes that holds its handle, and its name.");
  out.line("using NodeMember = cudaGraphNode_t Nodes::*;");
  out.line("struct LoopNode {");
  out.line("  NodeMember handle;");
  out.line("  const char* name;");
  out.line("};");
  for (const LoopRun& run : *context.runs) {
    std::vector<std::string> nodes;
    for (std::size_t i = run.first; i < run.first + run.size(); ++i) {
      nodes.push_back(fmt::format("{{&Nodes::{}, {}}}", context.names.nodes.at(i),
                                  string_literal(context.graph.nodes[i].name)));
    }
    out.blank();
    out.line(fmt::format("// {}.", run_summary(context, run)));
    out.line(fmt::format("constexpr LoopNode {}_loop[] = {{{}}};", context.names.nodes.at(run.first),
                         fmt::join(nodes, ", ")));
  }
}

void write_loop(CodeWriter& out, const GraphContext& context, const LoopRun& run, std::size_t from,
                const std::function<void(std::size_t)>& statement) {
  out.line(fmt::format("// {}", run_summary(context, run)));
  out.line(fmt::format("for (std::size_t i = {}; i < {}; i += {}) {{", from * run.width, run.size(), run.width));
  {
    const Indented body(out);
    for (std::size_t s = 0; s < run.width; ++s) statement(s);
  }
  out.line("}");
}

bool whole_run_at(const std::vector<std::size_t>& sequence, std::size_t at, const LoopRun& run) {
  if (sequence.size() - at < run.size()) return false;
  for (std::size_t k = 0; k < run.size(); ++k) {
    if (sequence[at + k] != run.first + k) return false;
  }
  return true;
}

}  // namespace graphc::backend
