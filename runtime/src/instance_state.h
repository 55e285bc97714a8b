// What an Instance owns. Members are destroyed in reverse order: the exec and the graph
// before the events and buffers they use, and the program (its modules) last.
#pragma once

#include <memory>
#include <vector>

#include "build_graph.h"
#include "buffers.h"
#include "events.h"
#include "handles.h"
#include "kernel_args.h"
#include "program_state.h"
#include "resolve_functions.h"

namespace graphc::detail {

struct InstanceState {
  std::shared_ptr<ProgramState> program;
  ir::GraphId graph_id;
  ResolvedFunctions functions;
  std::vector<Slot> params;  // per ParamId: the current value
  BufferSet buffers;
  EventSet events;
  BuiltGraph built;
  ExecHandle exec;

  const ir::Graph& graph() const { return program->module().graph(graph_id); }
};

}  // namespace graphc::detail
