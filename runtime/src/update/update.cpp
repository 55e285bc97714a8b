// Instance::set and set_from_text: a param's new value goes into every kernel and host node
// that passes it (a host node through a new argument block, host_args.h), including those
// of called graphs whose call passes the param on, into every node whose configuration it
// sets (refold.h), and into every capture node that passes it (captured again,
// recapture.h), through the exec's SetParams calls on the instantiated graph (no
// re-instantiation; the change applies to the next launches).
#include <algorithm>
#include <charconv>
#include <cstring>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "build/node_params.h"
#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "graphc/devices.h"
#include "graphc/instance.h"
#include "instance/instance_state.h"
#include "ir/devices.h"
#include "ir/overloaded.h"
#include "update/exec_kernel_setter.h"
#include "update/recapture.h"
#include "update/refold.h"

namespace graphc {
namespace {

ir::ParamId param_id(const detail::InstanceState& state, std::string_view name) {
  const ir::Graph& graph = state.graph();
  if (const std::optional<ir::ParamId> id = graph.find_param(name)) return *id;
  detail::fail_unknown(state.program->sources(), state.program->path, DiagCode::no_such_param, graph, name,
                       graph.params);
}

// Param `id` of the graph that `built` is becomes `value` in every kernel node that passes
// it and in the `configured` nodes (folded again already, in this graph or a called one),
// and in the graphs of the calls that pass it on; whether any node changed.
bool apply_to(detail::InstanceState& state, detail::BuiltGraph& built, ir::ParamId id, const detail::Slot& value,
              const std::vector<detail::Reconfigured>& configured) {
  bool changed = false;
  std::vector<bool> reconfigured(built.nodes.size(), false);
  for (const detail::Reconfigured& r : configured) {
    if (r.built == &built) reconfigured[r.index] = true;
  }
  for (std::size_t i = 0; i < built.nodes.size(); ++i) {
    const bool kernel = built.kernel_args[i].uses(id);
    if (kernel) built.kernel_args[i].set_param(id, value);
    const bool host = built.host_args[i].uses(id);
    if (host) built.host_args[i].set_param(id, value);
    if (kernel || host || reconfigured[i]) {
      detail::update_node(state, built, i);
      changed = true;
    }
    if (!built.calls[i]) continue;
    detail::BuiltGraph& called = *built.calls[i];
    for (std::uint32_t p = 0; p < called.param_sources.size(); ++p) {
      if (called.param_sources[p] == id) {
        changed = apply_to(state, called, ir::ParamId{p}, value, configured) || changed;
      }
    }
  }
  return changed;
}

// Param `id` becomes `slot` in every node that passes it. A scalar's `value` first folds
// again the nodes it configures and captures again those it is passed to; a vector param
// (`value` nullopt) does neither (the validator keeps it out of both).
void apply(detail::InstanceState& state, ir::ParamId id, const detail::Slot& slot,
           const std::optional<ir::Scalar>& value) {
  std::vector<detail::Reconfigured> configured;
  std::vector<detail::Recapture> recaptured;
  if (value) {
    configured = detail::refold_config(state, id, *value);
    recaptured = detail::recapture(state, id, slot, value->text());
  }
  state.params[id.value] = slot;
  detail::apply_recaptures(state, recaptured);
  const bool changed = apply_to(state, state.built, id, slot, configured) || !recaptured.empty();
  if (changed && state.device_launch()) detail::upload(state, nullptr);
}

void apply(detail::InstanceState& state, ir::ParamId id, const ir::Scalar& value) {
  apply(state, id, detail::param_slot(value), value);
}

// `text` as a value of the scalar `type`, if it is one: a whole decimal number (integers: in
// range).
std::optional<ir::Scalar> parse_value(std::string_view text, ir::ScalarType type) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (ir::is_float(type)) {
    double value = 0;
    const auto [end, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || end != last) return std::nullopt;
    const ir::Scalar scalar = ir::Scalar::of_float(ir::ScalarType::f64, value);
    if (!scalar.fits(type)) return std::nullopt;
    return scalar.convert(type);
  }
  if (ir::is_signed(type)) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(first, last, value);
    const ir::Scalar scalar = ir::Scalar::of_integer(ir::ScalarType::i64, value);
    if (ec != std::errc() || end != last || !scalar.fits(type)) return std::nullopt;
    return scalar.convert(type);
  }
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(first, last, value);
  const ir::Scalar scalar = ir::Scalar::of_integer(ir::ScalarType::u64, static_cast<std::int64_t>(value));
  if (ec != std::errc() || end != last || !scalar.fits(type)) return std::nullopt;
  return scalar.convert(type);
}

// `text` as a value of the vector `type`: one number per lane, separated by commas ("1, 2,
// 3, 4"), optionally as the language writes a vector value ("float4{1, 2, 3, 4}").
std::optional<detail::Slot> parse_vector(std::string_view text, ir::ScalarType type) {
  const std::string_view name = ir::type_name(type);
  const auto trim = [](std::string_view s) {
    const std::size_t first = s.find_first_not_of(" \t");
    if (first == std::string_view::npos) return std::string_view();
    return s.substr(first, s.find_last_not_of(" \t") - first + 1);
  };
  text = trim(text);
  if (text.starts_with(name) && text.ends_with('}') && trim(text.substr(name.size())).starts_with('{')) {
    text = trim(text.substr(name.size()));
    text = text.substr(1, text.size() - 2);
  }
  std::vector<ir::Scalar> lanes;
  for (std::size_t lane = 0; lane < ir::lanes(type); ++lane) {
    const std::size_t comma = text.find(',');
    const bool last = lane + 1 == ir::lanes(type);
    if (last != (comma == std::string_view::npos)) return std::nullopt;  // too few or too many lanes
    const std::optional<ir::Scalar> value = parse_value(trim(text.substr(0, comma)), ir::component_type(type));
    if (!value) return std::nullopt;
    lanes.push_back(*value);
    if (!last) text = text.substr(comma + 1);
  }
  return detail::vector_slot(type, lanes);
}

}  // namespace

namespace detail {

void update_node(InstanceState& state, BuiltGraph& built, std::size_t node) {
  const ir::Node& n = current_node(state, built, node);
  const CallSite site = site_of(state.program->sources(), n);
  // A node placed on a device is updated with that device current, as it was added (CUDA
  // refuses the update from another device's context).
  std::optional<DeviceScope> on_device;
  if (const std::optional<int> device = ir::placed_device(state.program->module().graph(built.graph_id), n)) {
    const std::string location = state.program->sources().location(n.name_range);
    on_device.emplace(*device, ir::kind_name(n).data(), n.name.c_str(), location.c_str());
  }
  if (const auto* kernel = std::get_if<ir::KernelNode>(&n.op)) {
    const cudaKernelNodeParams p =
        kernel_params(state.functions.at(built.graph_id.value).kernels[node], *kernel, built.kernel_args[node]);
    set_exec_kernel_node(state.exec.get(), built.nodes[node], p, built.kernel_functions[node], site);
    state.upload_before_launch = state.upload_before_launch || kernel->launch.device_updatable;
    return;
  }
  if (std::holds_alternative<ir::HostNode>(n.op)) {
    const cudaHostNodeParams p = built.host_args[node].params();
    check(cudaGraphExecHostNodeSetParams(state.exec.get(), built.nodes[node], &p), "cudaGraphExecHostNodeSetParams",
          site);
    return;
  }
  const ir::Graph& graph = state.program->module().graph(built.graph_id);
  const std::vector<cudaEvent_t>& events = state.events.events();
  cudaGraphNodeParams p = std::visit(
      ir::Overloaded{
          [&](const ir::CopyNode& copy) { return copy_node_params(graph, copy, built.buffers, built.pitches); },
          [&](const ir::MemsetNode& memset) { return memset_node_params(graph, memset, built.buffers, built.pitches); },
          [&](const ir::EventRecordNode& record) { return event_record_node_params(events.at(record.id.value)); },
          [&](const ir::EventWaitNode& wait) { return event_wait_node_params(events.at(wait.id.value)); },
          [&](const auto&) -> cudaGraphNodeParams {
            throw std::logic_error("update_node: node '" + n.name + "' has no parameters to set");
          },
      },
      n.op);
  check(cudaGraphExecNodeSetParams(state.exec.get(), built.nodes[node], &p), "cudaGraphExecNodeSetParams", site);
}

void upload(InstanceState& state, cudaStream_t stream) {
  const CallSite site = CallSite::at(state.program->sources(), state.graph().range);
  check(cudaGraphUpload(state.exec.get(), stream), "cudaGraphUpload", site);
  check(cudaStreamSynchronize(stream), "cudaStreamSynchronize after cudaGraphUpload", site);
}

}  // namespace detail

void Instance::set_bytes(std::string_view name, ir::ScalarType given, const void* value) {
  const ir::ParamId id = param_id(*state_, name);
  const ir::Param& param = state_->graph().param(id);
  if (param.type != given) {
    detail::fail(state_->program->sources(), state_->program->path, DiagCode::param_type, param.name_range, param.name,
                 ir::type_name(param.type), fmt::format("{} ({})", ir::type_name(given), ir::cpp_type_name(given)));
  }
  if (ir::is_vector(given)) {
    detail::Slot slot;
    std::memcpy(slot.bytes.data(), value, ir::type_size(given));
    apply(*state_, id, slot, std::nullopt);
    return;
  }
  apply(*state_, id, ir::Scalar::from_bytes(given, value));
}

void Instance::set_from_text(std::string_view name, std::string_view text) {
  const ir::ParamId id = param_id(*state_, name);
  const ir::Param& param = state_->graph().param(id);
  if (ir::is_vector(param.type)) {
    const std::optional<detail::Slot> slot = parse_vector(text, param.type);
    if (!slot) {
      detail::fail(state_->program->sources(), state_->program->path, DiagCode::bad_param_text, param.name_range, text,
                   ir::type_name(param.type), param.name);
    }
    apply(*state_, id, *slot, std::nullopt);
    return;
  }
  const std::optional<ir::Scalar> value = parse_value(text, param.type);
  if (!value) {
    detail::fail(state_->program->sources(), state_->program->path, DiagCode::bad_param_text, param.name_range, text,
                 ir::type_name(param.type), param.name);
  }
  apply(*state_, id, *value);
}

}  // namespace graphc
