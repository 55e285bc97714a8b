// What the parts of the C++ back end share while they write one graph: the graph, its
// C++ names, where its kernels come from, and source locations for comments, #line
// directives and error messages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/graph_names.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::backend {

struct LoopRun;

struct GraphContext {
  const ir::Module& module;
  const ir::Graph& graph;
  const SourceManager& sources;
  const GraphNames& names;
  /// The names of every graph of the module, per GraphId (a call fills its graph's Bindings).
  const std::vector<GraphNames>& module_names;
  /// The .ptx/.cubin/.fatbin modules as written, when the kernels come from them; empty
  /// when the kernels are C++ functions of the .cu modules the generated .cu includes.
  const std::vector<std::string>& libraries;
  /// The generated file being written ("x.graph.cu"), for #line directives back into it.
  std::string_view generated_name;
  /// Whether to write #line directives (CppOptions::line_directives).
  bool line_directives = true;
  /// Whether matmul plans are timed (CppOptions::tune_matmuls).
  bool tune_matmuls = false;
  /// The runs of nodes that source `for` loops made (loop_runs.h), once they are known.
  const std::vector<LoopRun>* runs = nullptr;
  /// Whether the graph is one variant of several (emit_cpp_variants): its Bindings can then
  /// be made from another variant's (Bindings::from).
  bool variant = false;

  /// `"file:line:col"` of `range`'s start, as a C++ string literal.
  std::string location_literal(SourceRange range) const;

  /// Writes `statement` (one line) so that the C++ compiler reports it at the line of
  /// `range` in the .graph file: `#line N "file"`, the statement, then `#line` back into
  /// the generated file; without line directives, the statement alone.
  void write_at_source(CodeWriter& out, SourceRange range, std::string_view statement) const;
};

}  // namespace graphc::backend
