// Instance::profile: the graph built anew from the instance's current values, instantiated
// while CUPTI watches (so each executable graph node can be traced to a node of the file),
// and launched N times with CUPTI's activity API recording each node's device time.
#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "build/build_graph.h"
#include "errors/cuda_check.h"
#include "graphc/base/profile.h"
#include "graphc/instance.h"
#include "graphc/runtime_error.h"
#include "instance/instance_state.h"
#include "profile/activity_records.h"
#include "profile/cupti_library.h"
#include "profile/node_map.h"
#include "program/instantiate.h"

namespace graphc {
namespace {

// The CUPTI subscriber that hears instantiation clone each node (CUPTI allows one per
// process: a profiler such as Nsight Systems attached already makes cuptiSubscribe fail).
class CloneSubscription {
 public:
  CloneSubscription(const detail::CuptiLibrary& cupti, detail::NodeMap& map) : cupti_(cupti) {
    cupti.check(cupti.subscribe(&subscriber_, on_callback, &map), "cuptiSubscribe");
    const CUptiResult enabled =
        cupti.enable_callback(1, subscriber_, CUPTI_CB_DOMAIN_RESOURCE, CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED);
    if (enabled != CUPTI_SUCCESS) cupti.unsubscribe(subscriber_);
    cupti.check(enabled, "cuptiEnableCallback (CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED)");
  }
  CloneSubscription(const CloneSubscription&) = delete;
  CloneSubscription& operator=(const CloneSubscription&) = delete;
  ~CloneSubscription() { cupti_.unsubscribe(subscriber_); }

 private:
  static void CUPTIAPI on_callback(void* user, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
    if (domain != CUPTI_CB_DOMAIN_RESOURCE || id != CUPTI_CBID_RESOURCE_GRAPHNODE_CLONED) return;
    const auto* resource = static_cast<const CUpti_ResourceData*>(data);
    const auto* graph = static_cast<const CUpti_GraphData*>(resource->resourceDescriptor);
    const detail::CuptiLibrary& cupti = detail::CuptiLibrary::get();
    std::uint64_t clone = 0;
    std::uint64_t original = 0;
    if (cupti.graph_node_id(graph->node, &clone) != CUPTI_SUCCESS ||
        cupti.graph_node_id(graph->originalNode, &original) != CUPTI_SUCCESS) {
      return;  // an id CUPTI cannot give is a node the map will not know
    }
    static_cast<detail::NodeMap*>(user)->cloned(clone, original);
  }

  const detail::CuptiLibrary& cupti_;
  CUpti_SubscriberHandle subscriber_ = nullptr;
};

// Launches `exec` once on `stream`, waits for it, and returns its time between CUDA events
// recorded around cudaGraphLaunch (us).
double timed_launch(cudaGraphExec_t exec, cudaStream_t stream, cudaEvent_t start, cudaEvent_t end,
                    const detail::CallSite& site) {
  detail::check(cudaEventRecord(start, stream), "cudaEventRecord (profiling)", site);
  detail::check(cudaGraphLaunch(exec, stream), "cudaGraphLaunch (profiling)", site);
  detail::check(cudaEventRecord(end, stream), "cudaEventRecord (profiling)", site);
  detail::check(cudaEventSynchronize(end), "cudaEventSynchronize (profiling)", site);
  float ms = 0;
  detail::check(cudaEventElapsedTime(&ms, start, end), "cudaEventElapsedTime (profiling)", site);
  return static_cast<double>(ms) * 1000.0;
}

EventHandle timing_event(const detail::CallSite& site) {
  cudaEvent_t event = nullptr;
  detail::check(cudaEventCreate(&event), "cudaEventCreate (profiling)", site);
  return EventHandle(event);
}

// Each run's iteration (its rank among the runs of its node in its launch, by start
// time), the runs in start order, and each launch's span from first start to last end.
void order_runs(Profile& profile) {
  std::sort(profile.runs.begin(), profile.runs.end(), [](const NodeRun& a, const NodeRun& b) {
    return std::tie(a.start_ns, a.end_ns, a.node) < std::tie(b.start_ns, b.end_ns, b.node);
  });
  std::map<std::pair<std::uint32_t, std::string>, std::uint32_t> seen;
  for (NodeRun& run : profile.runs) run.iteration = seen[{run.launch, run.node}]++;
  profile.launch_ns.assign(profile.launches, 0);
  std::vector<std::uint64_t> first(profile.launches, UINT64_MAX);
  std::vector<std::uint64_t> last(profile.launches, 0);
  for (const NodeRun& run : profile.runs) {
    first[run.launch] = std::min(first[run.launch], run.start_ns);
    last[run.launch] = std::max(last[run.launch], run.end_ns);
  }
  for (std::uint32_t i = 0; i < profile.launches; ++i) {
    if (last[i] > first[i]) profile.launch_ns[i] = last[i] - first[i];
  }
}

}  // namespace

Profile Instance::profile(std::uint32_t launches, cudaStream_t stream) {
  detail::InstanceState& state = *state_;
  const detail::ProgramState& program = *state.program;
  const ir::Graph& graph = state.graph();
  const detail::CallSite site = detail::CallSite::at(program.sources(), graph.range);
  const std::string location = program.sources().location(graph.name_range);
  if (launches == 0) throw_error<RuntimeCode::profile_refused>(location, graph.name, "it takes at least one launch");
  if (state.device_launch() || !state.launched.empty()) {
    throw_error<RuntimeCode::profile_refused>(
        location, graph.name,
        "it is launched from, or launches graphs from, the device, and CUPTI's records of a device launch belong to "
        "an executable graph that its own instantiation made");
  }

  Profile profile;
  profile.graph = graph.name;
  profile.file = program.path;
  profile.launches = launches;

  // Without profiling first: CUPTI is not loaded yet, so this is the launch as it runs.
  EventHandle start = timing_event(site);
  EventHandle end = timing_event(site);
  double plain_us = 0;
  timed_launch(state.exec.get(), stream, start.get(), end.get(), site);  // not counted, as under CUPTI below
  for (std::uint32_t i = 0; i < launches; ++i)
    plain_us += timed_launch(state.exec.get(), stream, start.get(), end.get(), site);
  profile.plain_launch_us = plain_us / launches;

  const detail::CuptiLibrary& cupti = detail::CuptiLibrary::get();
  // Built anew (as add_to_capture builds it) with the params' current values, so that the
  // instantiation CUPTI watches is this graph's.
  detail::BuiltGraph fresh =
      detail::build_graph(program, state.graph_id, state.functions, state.buffers.pointers(), state.buffers.pitches(),
                          state.params, state.events.events(), *state.captures);
  detail::NodeMap map(cupti, program, fresh);
  ExecHandle exec = [&] {
    const CloneSubscription subscription(cupti, map);
    return detail::instantiate_built(state, fresh);
  }();
  map.instantiated();
  for (const ir::NodeId id : state.disabled) {
    detail::check(cudaGraphNodeSetEnabled(exec.get(), fresh.nodes[id.value], 0), "cudaGraphNodeSetEnabled (profiling)",
                  detail::site_of(program.sources(), graph.node(id)));
  }
  detail::check(cudaGraphUpload(exec.get(), stream), "cudaGraphUpload (profiling)", site);
  detail::check(cudaStreamSynchronize(stream), "cudaStreamSynchronize (profiling)", site);

  detail::ActivityRecording recording(cupti);
  // One launch first whose records are dropped: CUPTI's first launch of an exec costs more.
  timed_launch(exec.get(), stream, start.get(), end.get(), site);
  recording.take();
  double profiled_us = 0;
  for (std::uint32_t launch = 0; launch < launches; ++launch) {
    profiled_us += timed_launch(exec.get(), stream, start.get(), end.get(), site);
    for (const detail::ActivityRecord& record : recording.take()) {
      const detail::ProfiledNode* node = map.find(record.graph_node, record.kernel ? record.function.c_str() : nullptr);
      if (node == nullptr) {
        ++profile.unmapped_runs;
        continue;
      }
      profile.runs.push_back(NodeRun{.node = node->path,
                                     .kind = node->kind,
                                     .file = node->file,
                                     .line = node->line,
                                     .column = node->column,
                                     .function = record.function,
                                     .start_ns = record.start_ns,
                                     .end_ns = record.end_ns,
                                     .launch = launch,
                                     .iteration = 0});
    }
  }
  profile.profiled_launch_us = profiled_us / launches;
  if (profile.unmapped_runs != 0) {
    profile.unmapped_reason =
        "CUPTI recorded work on executable graph nodes that CUDA 13.0's instantiation did not trace back to a node "
        "of the graph (docs/runtime.md, \"Profiling\")";
  }
  order_runs(profile);
  return profile;
}

}  // namespace graphc
