#include "backend/cpp/loop_runs.h"

#include <algorithm>
#include <cstdint>
#include <variant>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/node_config.h"
#include "ir/devices.h"

namespace graphc::backend {
namespace {

// Whether node `index` may be part of a run: a kernel, copy or memset node of the root body
// whose every line but its name is the same in each iteration (no launch attributes, which
// build() sets per node, no device of its own, which build() makes current per node, no
// configuration function of its own, not the optimiser's).
bool loopable(const ir::Graph& graph, std::size_t index) {
  const ir::Node& node = graph.nodes[index];
  if (!has_params_function(node) || node.body.valid() || node.synthetic || configured(node)) return false;
  if (ir::meets_placement(graph, node)) return false;
  const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
  return kernel == nullptr || !kernel->launch.any();
}

// A call's bindings body cut at its buffer offsets (`args.x = b.x + 1024;`): the text
// around them, and their values.
struct Offsets {
  std::vector<std::string> text;  // one more than values
  std::vector<std::int64_t> values;
};

Offsets offsets(const std::string& body) {
  Offsets out;
  std::size_t from = 0;
  for (std::size_t at = body.find(" + "); at != std::string::npos; at = body.find(" + ", at + 3)) {
    std::size_t end = at + 3;
    while (end < body.size() && body[end] >= '0' && body[end] <= '9') ++end;
    if (end == at + 3 || end >= body.size() || body[end] != ';') continue;
    out.text.push_back(body.substr(from, at + 3 - from));
    out.values.push_back(std::stoll(body.substr(at + 3, end - at - 3)));
    from = end;
  }
  out.text.push_back(body.substr(from));
  return out;
}

// The runs of calls: from each call node, the calls after it of the same graph whose bindings
// differ from its own only in offsets, each the same step on from the one before.
std::vector<LoopRun> call_runs(const ir::Graph& graph, const std::function<std::string(std::size_t)>& bindings_body) {
  constexpr std::size_t kMinimum = 3;  // two calls alike are clearer written out
  constexpr std::uint32_t kNone = 0xffffffffu;
  const auto callee = [&](std::size_t index) {
    const auto* call = std::get_if<ir::ChildGraphNode>(&graph.nodes[index].op);
    return call == nullptr || graph.nodes[index].body.valid() ? kNone : call->graph_id.value;
  };
  std::vector<LoopRun> runs;
  std::size_t i = 0;
  while (i < graph.nodes.size()) {
    if (callee(i) == kNone || i + 1 >= graph.nodes.size() || callee(i + 1) != callee(i)) {
      ++i;
      continue;
    }
    const Offsets first = offsets(bindings_body(i));
    if (first.values.empty()) {  // no offset for a run's index to set; checked before the scan, which
      ++i;                       // would walk every alike call after each one (8000 calls: 87 s)
      continue;
    }
    const Offsets second = offsets(bindings_body(i + 1));
    // Offsets that shrink stay written out: `first + step * i` counts in std::size_t.
    bool growing = true;
    for (std::size_t k = 0; k < first.values.size() && k < second.values.size(); ++k) {
      growing = growing && second.values[k] >= first.values[k];
    }
    std::size_t count = 1;
    if (second.text == first.text && growing) {
      for (count = 2; i + count < graph.nodes.size() && callee(i + count) == callee(i); ++count) {
        const Offsets next = offsets(bindings_body(i + count));
        bool alike = next.text == first.text;
        for (std::size_t k = 0; alike && k < first.values.size(); ++k) {
          const std::int64_t step = second.values[k] - first.values[k];
          alike = next.values[k] == first.values[k] + step * static_cast<std::int64_t>(count);
        }
        if (!alike) break;
      }
    }
    if (count < kMinimum) {
      ++i;
      continue;
    }
    std::string body = first.text[0];
    for (std::size_t k = 0; k < first.values.size(); ++k) {
      const std::int64_t step = second.values[k] - first.values[k];
      body += step == 0 ? fmt::format("{}", first.values[k]) : fmt::format("{} + {} * i", first.values[k], step);
      body += first.text[k + 1];
    }
    runs.push_back({i, 1, count, nullptr, true, std::move(body)});
    i += count;
  }
  return runs;
}

}  // namespace

std::vector<LoopRun> loop_runs(const GraphContext& context, const std::function<std::string(std::size_t)>& params_body,
                               const std::function<std::string(std::size_t)>& bindings_body) {
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
  std::vector<LoopRun> calls = call_runs(graph, bindings_body);
  runs.insert(runs.end(), calls.begin(), calls.end());
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
  if (run.calls) {
    return fmt::format("{} ... {}, calls alike but for offsets that grow by one step a call",
                       escape(graph.nodes[run.first].name), escape(graph.nodes[run.first + run.size() - 1].name));
  }
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
  return "nodes.*" + loop_field(context, run, at, "handle");
}

std::string loop_field(const GraphContext& context, const LoopRun& run, std::string_view at, std::string_view field) {
  return fmt::format("{}_loop[{}].{}", context.names.nodes.at(run.first), at, field);
}

std::string loop_name(const GraphContext& context, const LoopRun& run, std::string_view at) {
  return fmt::format("{}_loop[{}].name", context.names.nodes.at(run.first), at);
}

std::string loop_position(std::size_t s) { return s == 0 ? "i" : fmt::format("i + {}", s); }

void write_loop_tables(CodeWriter& out, const GraphContext& context) {
  if (context.runs->empty()) return;
  const auto has = [&](bool calls) {
    return std::any_of(context.runs->begin(), context.runs->end(), [&](const LoopRun& r) { return r.calls == calls; });
  };
  out.blank();
  out.line("// A member of Nodes (named through this alias: nvcc's host code would otherwise declare");
  out.line("// `T Nodes::*name` with parentheses GCC warns of).");
  out.line("template <class T>");
  out.line("using Member = T Nodes::*;");
  if (has(false)) {
    out.blank();
    out.line("// A node of a loop's run: the member of Nodes that holds its handle, and its name.");
    out.line("struct LoopNode {");
    out.line("  Member<cudaGraphNode_t> handle;");
    out.line("  const char* name;");
    out.line("};");
  }
  if (has(true)) {
    out.blank();
    out.line("// A call of a run: the members of Nodes that hold its handle and its graph's nodes, its");
    out.line("// name and where it is declared.");
    out.line("template <class CalleeNodes>");
    out.line("struct CallNode {");
    out.line("  Member<cudaGraphNode_t> handle;");
    out.line("  Member<CalleeNodes> nodes;");
    out.line("  const char* name;");
    out.line("  const char* location;");
    out.line("};");
  }
  for (const LoopRun& run : *context.runs) {
    std::vector<std::string> entries;
    for (std::size_t i = run.first; i < run.first + run.size(); ++i) {
      const ir::Node& node = context.graph.nodes[i];
      const std::string& member = context.names.nodes.at(i);
      entries.push_back(run.calls
                            ? fmt::format("{{&Nodes::{}, &Nodes::{}, {}, {}}}", member, context.names.call_nodes.at(i),
                                          string_literal(node.name), context.location_literal(node.name_range))
                            : fmt::format("{{&Nodes::{}, {}}}", member, string_literal(node.name)));
    }
    std::string type = "LoopNode";
    if (run.calls) {
      const ir::GraphId callee = std::get<ir::ChildGraphNode>(context.graph.nodes[run.first].op).graph_id;
      type = fmt::format("CallNode<graphc::gen::{}::Nodes>", context.module_names.at(callee.value).space);
    }
    out.blank();
    out.line(fmt::format("// {}.", run_summary(context, run)));
    out.line(fmt::format("constexpr {} {}_loop[] = {{{}}};", type, context.names.nodes.at(run.first),
                         fmt::join(entries, ", ")));
  }
}

void write_loop(CodeWriter& out, const GraphContext& context, const LoopRun& run, std::size_t from,
                const std::function<void(std::size_t)>& statement) {
  out.line(fmt::format("// {}", run_summary(context, run)));
  out.line(run.width == 1
               ? fmt::format("for (std::size_t i = {}; i < {}; ++i) {{", from, run.size())
               : fmt::format("for (std::size_t i = {}; i < {}; i += {}) {{", from * run.width, run.size(), run.width));
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
