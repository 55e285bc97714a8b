// The CUDA events of a graph's `event` declarations: bound by the caller
// (Bindings::event) or created by the instance, one per declared event.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "graphc/bindings.h"
#include "ir/graph.h"
#include "resources/handles.h"
#include "state/program_state.h"

namespace graphc::detail {

/// Checks the event bindings against `graph` before anything is created: every bound name
/// is an event of the graph (R0016, at the graph's name, with "did you mean"), and an
/// event bound to null is used by no record or wait node (R0017, at the first that uses it).
void check_event_bindings(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings);

class EventSet {
 public:
  /// One event per event of `graph`: the bound one, or one created with
  /// cudaEventCreateWithFlags(cudaEventDisableTiming). Throws R0001 naming the event.
  static EventSet create(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings);

  /// Per EventId.
  const std::vector<cudaEvent_t>& events() const { return events_; }
  cudaEvent_t event(ir::EventId id) const { return events_.at(id.value); }

 private:
  std::vector<cudaEvent_t> events_;
  std::vector<EventHandle> owned_;
};

}  // namespace graphc::detail
