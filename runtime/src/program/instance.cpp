#include "graphc/instance.h"

#include <fmt/format.h>

#include "build/kernel_args.h"
#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "graphc/generated_support.h"
#include "instance/instance_state.h"
#include "ir/describe.h"

namespace graphc {

Instance::Instance(std::unique_ptr<detail::InstanceState> state) : state_(std::move(state)) {}
Instance::Instance(Instance&&) noexcept = default;

Instance Instance::assemble(std::vector<std::unique_ptr<detail::InstanceState>> states) {
  std::unique_ptr<detail::InstanceState> first = std::move(states.front());
  for (std::size_t k = 1; k < states.size(); ++k) {
    const ir::GraphId id = states[k]->graph_id;
    first->launched.emplace_back(id, Instance(std::move(states[k])));
  }
  return Instance(std::move(first));
}
Instance& Instance::operator=(Instance&&) noexcept = default;
Instance::~Instance() = default;

void Instance::launch(cudaStream_t stream) {
  if (state_->upload_before_launch) {  // CUDA's rule for a device-updatable node set from the host
    const ir::Graph& graph = state_->graph();
    detail::check(cudaGraphUpload(state_->exec.get(), stream), "cudaGraphUpload",
                  detail::CallSite::at(state_->program->sources(), graph.range));
    state_->upload_before_launch = false;
  }
  const cudaError_t status = cudaGraphLaunch(state_->exec.get(), stream);
  if (status == cudaSuccess) return;  // the message is made only for a failure: launches are the hot path
  const ir::Graph& graph = state_->graph();
  const std::string operation = fmt::format("cudaGraphLaunch of graph '{}'", graph.name);
  detail::check(status, operation.c_str(), detail::CallSite::at(state_->program->sources(), graph.range));
}

namespace {

// Each communicator of the instance's graph as wait_for_collectives watches it: the bound
// communicator, its collective nodes in the order the graph issues them, and how to abort it.
std::vector<WatchedCommunicator> watched_communicators(const detail::InstanceState& state) {
  const ir::Graph& graph = state.graph();
  const ir::CreationOrder order(graph);
  std::vector<WatchedCommunicator> out;
  for (std::uint32_t k = 0; k < graph.comms.size(); ++k) {
    const std::string& name = graph.comms[k].name;
    ncclComm_t comm = state.functions.at(state.graph_id.value).comms.at(k);
    const Communicator* owned = state.bindings.find_owned_communicator(name);
    std::function<void()> abort;  // the program's own ncclComm_t is the program's to abort
    if (owned != nullptr) abort = [owned] { owned->abort(); };
    out.push_back(WatchedCommunicator{comm, name,
                                      ir::collectives_order_text(state.program->module(), graph, order, ir::CommId{k}),
                                      std::move(abort)});
  }
  return out;
}

}  // namespace

void Instance::synchronize(cudaStream_t stream, std::chrono::milliseconds timeout) {
  const ir::Graph& graph = state_->graph();
  if (graph.comms.empty()) {
    detail::check(cudaStreamSynchronize(stream), "cudaStreamSynchronize",
                  detail::CallSite::at(state_->program->sources(), graph.range));
    return;
  }
  if (!state_->watched) state_->watched = watched_communicators(*state_);
  const std::string location = state_->program->sources().location(graph.range);
  try {
    wait_for_collectives(stream, *state_->watched, timeout, graph.name.c_str(), location.c_str());
  } catch (const Error&) {
    state_->built.windows.abandon();  // deregistering would wait for the peer that failed
    throw;
  }
}

std::vector<std::string> Instance::files() const { return files_read(*state_->program->compilation); }

cudaGraph_t Instance::graph() const { return state_->built.graph.get(); }
cudaGraphExec_t Instance::exec() const { return state_->exec.get(); }

cudaGraphExec_t Instance::release() {
  detail::InstanceState& state = *state_;  // the handed-off resources own it from here
  return hand_off(state.exec.handle, state.built.graph, state.exec.keeper, std::move(state_));
}

cudaGraphNode_t Instance::node(std::string_view name) const {
  const ir::Graph& graph = state_->graph();
  if (const std::optional<ir::NodeId> id = graph.find_node(name)) return state_->built.nodes[id->value];
  detail::fail_unknown(state_->program->sources(), state_->program->path, DiagCode::no_such_node, graph, name,
                       graph.nodes);
}

namespace detail {

ir::BufferId buffer_id(const InstanceState& state, std::string_view name) {
  const ir::Graph& graph = state.graph();
  if (const std::optional<ir::BufferId> id = graph.find_buffer(name)) return *id;
  fail_unknown(state.program->sources(), state.program->path, DiagCode::no_such_buffer, graph, name, graph.buffers);
}

}  // namespace detail

using detail::buffer_id;

void* Instance::buffer(std::string_view name) const {
  return detail::address_of(state_->built.buffers, detail::memory_place(state_->graph(), buffer_id(*state_, name), 0));
}

std::size_t Instance::buffer_bytes(std::string_view name) const {
  return state_->graph().buffer(buffer_id(*state_, name)).bytes();
}

std::size_t Instance::buffer_pitch(std::string_view name) const {
  return state_->built.pitches.at(buffer_id(*state_, name).value);
}

const Instance& Instance::launched(std::string_view graph) const {
  for (const auto& [id, instance] : state_->launched) {
    if (state_->program->module().graph(id).name == graph) return instance;
  }
  const ir::Graph& own = state_->graph();
  detail::fail(state_->program->sources(), state_->program->path, DiagCode::not_launched, own.name_range, own.name,
               graph, graph);
}

namespace {

ir::EventId event_id(const detail::InstanceState& state, std::string_view name) {
  const ir::Graph& graph = state.graph();
  if (const std::optional<ir::EventId> id = graph.find_event(name)) return *id;
  detail::fail_unknown(state.program->sources(), state.program->path, DiagCode::no_such_event, graph, name,
                       graph.events);
}

}  // namespace

cudaEvent_t Instance::event(std::string_view name) const { return state_->events.event(event_id(*state_, name)); }

float Instance::elapsed_ms(std::string_view from, std::string_view to) const {
  const ir::Graph& graph = state_->graph();
  for (const std::string_view name : {from, to}) {
    const ir::Event& event = graph.events.at(event_id(*state_, name).value);
    if (!event.timing && state_->bindings.find_event(event.name) == nullptr) {
      detail::fail(state_->program->sources(), state_->program->path, DiagCode::event_not_timed, event.name_range,
                   event.name, event.name);
    }
  }
  return graphc::elapsed_ms(event(from), event(to), std::string(from).c_str(), std::string(to).c_str());
}

}  // namespace graphc
