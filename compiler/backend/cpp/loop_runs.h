// The runs of nodes a source `for` loop made, kept as loops in the generated C++. The front
// end expands a loop into a copy of its items per iteration; each copy's ranges are in the
// iteration's file id (SourceManager::add_iteration), which is the loop's provenance on its
// nodes. Where consecutive nodes are the same statements of successive iterations and each
// statement's nodes are written alike but for their names, the .cu writes one
// `<node>_params(b, nodes, name)` per statement, a table of the run's handles and names, and
// a C++ `for` over the run wherever build() or an update lists it whole.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"

namespace graphc::backend {

/// `count` iterations of `width` kernel, copy or memset nodes each, consecutive in IR order
/// from `first`: node `first + j * width + s` is statement `s` of iteration `j`. Or, with
/// `calls`, `count` call nodes of one graph (`width` 1), consecutive in IR order, whose
/// Bindings are alike but for buffer offsets that grow by the same step from each call to
/// the next (twelve layers written out, or a loop's calls): `bindings` is their function's
/// body, each such offset written as a function of the call's position `i` in the run.
struct LoopRun {
  std::size_t first = 0;
  std::size_t width = 0;
  std::size_t count = 0;
  const LoopIteration* loop = nullptr;  // the loop, at its first iteration in the run; none for calls
  bool calls = false;
  std::string bindings;
  std::size_t size() const { return width * count; }
  bool holds(std::size_t index) const { return index >= first && index < first + size(); }
};

/// The runs of the graph's root body (a kernel with launch attributes, a configured node
/// and the optimiser's nodes stay unrolled). `params_body(index)` is the text of node
/// `index`'s params function body with its name's literal made `name`, written at line 1:
/// nodes are alike when it is the same.
/// The runs of calls: `bindings_body(index)` is the text of call node `index`'s bindings
/// function body.
std::vector<LoopRun> loop_runs(const GraphContext& context, const std::function<std::string(std::size_t)>& params_body,
                               const std::function<std::string(std::size_t)>& bindings_body);

/// The run that holds node `index`, or nullptr.
const LoopRun* run_of(const GraphContext& context, std::size_t index);

/// `step_0 ... step_199 (the loop over k at heat2d.graph:24:9)`.
std::string run_summary(const GraphContext& context, const LoopRun& run);
/// `step_1, step_3, ..., step_199`: the nodes of statement `statement` of `run`.
std::string statement_summary(const GraphContext& context, const LoopRun& run, std::size_t statement);

/// Source, in the unnamed namespace: struct LoopNode (a pointer to the member of Nodes that
/// holds a node's handle, and its name) and, for calls, CallNode (also its graph's nodes and
/// where it is declared), then each run's table of them, `<first>_loop`.
void write_loop_tables(CodeWriter& out, const GraphContext& context);

/// `nodes.*step_0_loop[at].handle` and `step_0_loop[at].name`: the handle and name of the
/// run's node at position `at` (C++ text).
std::string loop_handle(const GraphContext& context, const LoopRun& run, std::string_view at);
std::string loop_name(const GraphContext& context, const LoopRun& run, std::string_view at);
/// `l1_loop[at].nodes`, `l1_loop[at].location`: a field of the run's table.
std::string loop_field(const GraphContext& context, const LoopRun& run, std::string_view at, std::string_view field);

/// The position of statement `s` in the loop variable `i` of write_loop(): `i`, `i + 1`, ...
std::string loop_position(std::size_t s);

/// `for (std::size_t i = W * from; i < size; i += W) {`, under a comment naming the run,
/// then `statement(s)` for each statement of an iteration, then `}`.
void write_loop(CodeWriter& out, const GraphContext& context, const LoopRun& run, std::size_t from,
                const std::function<void(std::size_t)>& statement);

/// Where `sequence` (node indices, in the order a function lists them) holds run `run` whole
/// and in order from position `at`.
bool whole_run_at(const std::vector<std::size_t>& sequence, std::size_t at, const LoopRun& run);

}  // namespace graphc::backend
