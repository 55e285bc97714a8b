#include "resources/events.h"

#include <variant>

#include <fmt/format.h>

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"

namespace graphc::detail {
namespace {

// The first record or wait node of `graph` that uses event `id`.
const ir::Node* first_user(const ir::Graph& graph, ir::EventId id) {
  for (const ir::Node& node : graph.nodes) {
    if (const auto* record = std::get_if<ir::EventRecordNode>(&node.op); record != nullptr && record->id == id) {
      return &node;
    }
    if (const auto* wait = std::get_if<ir::EventWaitNode>(&node.op); wait != nullptr && wait->id == id) return &node;
  }
  return nullptr;
}

}  // namespace

void check_event_bindings(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings) {
  for (const auto& [name, event] : bindings.events()) {
    const std::optional<ir::EventId> id = graph.find_event(name);
    if (!id) fail_unknown(program.sources(), program.path, DiagCode::no_such_event, graph, name, graph.events);
    if (event != nullptr) continue;
    if (const ir::Node* user = first_user(graph, *id)) {
      fail(program.sources(), program.path, DiagCode::event_not_bound, user->name_range, name, user->name);
    }
  }
}

EventSet EventSet::create(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings) {
  EventSet set;
  for (const ir::Event& event : graph.events) {
    if (const cudaEvent_t* bound = bindings.find_event(event.name)) {
      set.events_.push_back(*bound);
      continue;
    }
    cudaEvent_t created = nullptr;
    const std::string what = fmt::format("cudaEventCreateWithFlags of event '{}'", event.name);
    check(cudaEventCreateWithFlags(&created, event.timing ? cudaEventDefault : cudaEventDisableTiming), what.c_str(),
          CallSite::at(program.sources(), event.range));
    set.owned_.emplace_back(created);
    set.events_.push_back(created);
  }
  return set;
}

}  // namespace graphc::detail
