// The header part of one graph: what user code names.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/host_node.h"
#include "backend/cpp/node_config.h"
#include "ir/describe.h"
#include "ir/windows.h"

namespace graphc::backend {
namespace {

std::string describe_init(const ir::BufferInit& init) {
  switch (init.kind) {
    case ir::BufferInit::Kind::none: return {};
    case ir::BufferInit::Kind::fill: return fmt::format(", = fill({})", init.folded.at(0).text());
    case ir::BufferInit::Kind::iota: return fmt::format(", = iota({})", init.folded.at(0).text());
    case ir::BufferInit::Kind::list: return fmt::format(", = a list of {} values", init.folded.size());
  }
  return {};
}

void emit_counts(CodeWriter& out, const GraphContext& context) {
  if (context.graph.buffers.empty()) return;
  out.line("// Buffer sizes, in elements.");
  for (std::size_t i = 0; i < context.graph.buffers.size(); ++i) {
    const ir::Buffer& buffer = context.graph.buffers[i];
    if (buffer.three_d()) {
      out.line(fmt::format("inline constexpr std::size_t {}_depth = {};  // slices", context.names.buffers[i],
                           buffer.depth_value));
    }
    out.line(fmt::format("inline constexpr std::size_t {}_count = {};{}", context.names.buffers[i], buffer.count_value,
                         buffer.three_d() ? "  // rows of a slice"
                         : buffer.two_d() ? "  // rows"
                                          : ""));
    if (buffer.two_d()) {
      out.line(fmt::format("inline constexpr std::size_t {}_width = {};  // elements per row", context.names.buffers[i],
                           buffer.width_value));
    }
  }
  out.blank();
}

// Bindings::from(other): each member but the params copied from another variant's Bindings,
// whose members have the same names and types (its buffers sized for a larger variant); the
// params keep this variant's defaults, which may depend on the dimension.
void write_from(CodeWriter& out, const std::vector<std::string>& members) {
  out.blank();
  out.line("// Another variant's Bindings but the params, which keep this variant's defaults: the");
  out.line("// largest variant's Storage binds every variant.");
  out.line("template <class Other>");
  out.line(members.empty() ? "static Bindings from(const Other&) {" : "static Bindings from(const Other& other) {");
  out.line("  Bindings b;");
  for (const std::string& member : members) out.line(fmt::format("  b.{0} = other.{0};", member));
  out.line("  return b;");
  out.line("}");
}

void emit_bindings(CodeWriter& out, const GraphContext& context, const std::string& module_dir) {
  const ir::Graph& graph = context.graph;
  out.line("// What build() reads: a pointer per buffer, a value per param, a function per host node.");
  out.line("// Storage::bindings() sets the pointers; the params start at their defaults.");
  out.line("struct Bindings {");
  {
    const Indented body(out);
    std::vector<std::string> members;  // every member, in order, for from()
    for (std::size_t i = 0; i < graph.buffers.size(); ++i) {
      const ir::Buffer& buffer = graph.buffers[i];
      if (!buffer.bindable()) continue;  // an alloc's address is in Nodes; a view's is its base's
      const std::string depth = buffer.three_d() ? fmt::format("[{}]", buffer.depth_value) : std::string();
      const std::string width = buffer.two_d() ? fmt::format("[{}]", buffer.width_value) : std::string();
      out.line(fmt::format("{}* {} = nullptr;  // {}{}[{}]{}, {}{}", ir::cpp_type_name(buffer.type),
                           context.names.buffers[i], ir::type_name(buffer.type), depth, buffer.count_value, width,
                           ir::space_description(buffer.space), describe_init(buffer.init)));
      members.push_back(context.names.buffers[i]);
      if (buffer.two_d()) {
        out.line(fmt::format("std::size_t {}_pitch = 0;  // bytes from one row to the next, at least {}",
                             context.names.buffers[i], buffer.row_bytes()));
        members.push_back(context.names.buffers[i] + "_pitch");
      }
    }
    for (std::size_t i = 0; i < graph.params.size(); ++i) {
      const ir::Param& param = graph.params[i];
      out.line(fmt::format("{} {} = {};  // param {}", ir::cpp_type_name(param.type), context.names.params[i],
                           param_initializer(param), ir::type_name(param.type)));
    }
    for (std::size_t i = 0; i < graph.events.size(); ++i) {
      out.line(fmt::format("cudaEvent_t {} = nullptr;  // event '{}', for its record and wait nodes",
                           context.names.events[i], escape(graph.events[i].name)));
      members.push_back(context.names.events[i]);
    }
    for (std::size_t i = 0; i < graph.comms.size(); ++i) {
      const ir::Comm& comm = graph.comms[i];
      const std::string size =
          comm.world_size > 0 ? fmt::format(" (compiled for {} ranks: R0068 otherwise)", comm.world_size) : "";
      const std::string_view whose = graph.is_parameter(ir::CommId{static_cast<std::uint32_t>(i)})
                                         ? " (a parameter: a call passes its caller's)"
                                         : "";
      out.line(fmt::format("ncclComm_t {} = nullptr;  // communicator '{}'{}, this rank's, for its collective nodes{}",
                           context.names.comms[i], escape(comm.name), whose, size));
      members.push_back(context.names.comms[i]);
    }
    for (const auto& [id, member] : context.names.graph_execs) {
      out.line(fmt::format(
          "cudaGraphExec_t {} = nullptr;  // @{}: instantiated with cudaGraphInstantiateFlagDeviceLaunch, uploaded",
          member, escape(context.module.graph(id).name)));
      members.push_back(member);
    }
    for (const HostFunction& function : context.names.host_functions) {
      if (function.types.empty()) {
        out.line(fmt::format("cudaHostFn_t {} = nullptr;  // host function '{}'", function.member,
                             escape(function.name)));
      } else {
        out.line(fmt::format("void (*{})(const {}& args, void* user_data) = nullptr;  // host function '{}'",
                             function.member, function.args_struct, escape(function.name)));
      }
      out.line(fmt::format("void* {} = nullptr;  // its user data", function.data));
      members.push_back(function.member);
      members.push_back(function.data);
    }
    for (const CaptureFunctionName& function : context.names.capture_functions) {
      out.line(fmt::format("graphc::CaptureFunction<{}> {};  // capture function '{}'", fmt::join(function.types, ", "),
                           function.member, escape(function.name)));
      members.push_back(function.member);
    }
    if (context.names.captures) {
      out.line(fmt::format("graphc::CaptureResources* {} = nullptr;  // the capture nodes' stream and cuBLAS state",
                           capture_resources_member));
      out.line("// What the capture nodes outside bodies may capture (a caller in a body sets it).");
      out.line(fmt::format("graphc::CapturePlace {} = graphc::CapturePlace::graph;", capture_place_member));
      members.push_back(capture_resources_member);
      members.push_back(capture_place_member);
    }
    if (!context.libraries.empty()) {
      out.line("// The folder the kernel libraries (.ptx, .cubin, .fatbin modules) are loaded from: by");
      out.line("// default the .graph file's folder as given to graphc, relative to the working directory.");
      out.line(fmt::format("const char* {} = {};", module_dir_member, string_literal(module_dir)));
      members.push_back(module_dir_member);
    }
    if (context.variant) write_from(out, members);
  }
  out.line("};");
  out.blank();
}

void emit_nodes(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  out.line(graph.conds.empty()
               ? "// The graph's nodes, set by build(); update_params() needs them."
               : "// The graph's nodes and conditional handles, set by build(); update_params() needs them.");
  out.line("struct Nodes {");
  {
    const Indented body(out);
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      const ir::Node& node = graph.nodes[i];
      const std::string in_body =
          node.body.valid()
              ? fmt::format(", in a body of '{}'", escape(graph.node(graph.body(node.body).conditional).name))
              : std::string();
      out.line(fmt::format("cudaGraphNode_t {} = nullptr;  // {}{}", context.names.nodes[i], ir::kind_name(node),
                           in_body));
    }
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      if (context.names.device_nodes[i].empty()) continue;
      out.line(fmt::format("cudaGraphDeviceNode_t {} = nullptr;  // '{}' is device-updatable: what &{} passes",
                           context.names.device_nodes[i], escape(graph.nodes[i].name), escape(graph.nodes[i].name)));
    }
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      const auto* call = std::get_if<ir::ChildGraphNode>(&graph.nodes[i].op);
      if (call == nullptr) continue;
      out.line(fmt::format("graphc::gen::{}::Nodes {};  // the nodes of graph '{}' in the child graph of '{}'",
                           context.module_names.at(call->graph_id.value).space, context.names.call_nodes[i],
                           escape(call->graph), escape(graph.nodes[i].name)));
    }
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      if (context.names.host_calls[i].empty()) continue;
      const auto& host = std::get<ir::HostNode>(graph.nodes[i].op);
      out.line(fmt::format("// The argument blocks of host '{}', the last the exec's; each lives as long as these",
                           escape(graph.nodes[i].name)));
      out.line("// Nodes, as a launch enqueued before an update may still read it (set_NAME adds one).");
      out.line(fmt::format("mutable std::vector<std::unique_ptr<{}>> {};",
                           context.names.host_function(host.function).call_struct, context.names.host_calls[i]));
    }
    for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
      if (!context.names.workspaces[i].empty()) {
        const ir::LibraryOp op = std::get<ir::CaptureNode>(graph.nodes[i].op).library.op;
        out.line(fmt::format("std::size_t {} = 0;  // the {} of '{}'", context.names.workspaces[i],
                             op == ir::LibraryOp::cusparse_spmv   ? "cuSPARSE SpMV plan"
                             : op == ir::LibraryOp::cusparse_spmm ? "cuSPARSE SpMM plan"
                             : ir::is_matmul(op)                  ? "cuBLASLt matmul plan"
                             : ir::is_fft(op)                     ? "cuFFT plan"
                             : ir::is_cub(op)                     ? "CUB temporary storage"
                                                                  : "cuBLAS workspace",
                             escape(graph.nodes[i].name)));
      }
      if (!context.names.shapes[i].empty()) {
        out.line(fmt::format("std::string {};  // the shape of the graph '{}' captured (graphc::captured_shape)",
                             context.names.shapes[i], escape(graph.nodes[i].name)));
      }
      if (!context.names.registrations[i].empty()) {
        out.line(fmt::format("// The buffers '{}' registered with its communicator; a rebinding registers anew.",
                             escape(graph.nodes[i].name)));
        out.line(fmt::format("mutable graphc::BufferRegistrations {};", context.names.registrations[i]));
      }
    }
    if (!context.names.windows.empty()) {
      out.line("// The windows of the collectives over `[window]` communicators, registered as they are");
      out.line("// built: destroy the Nodes after the exec, before the storage.");
      out.line(fmt::format("mutable graphc::NcclWindows {};", context.names.windows));
    }
    for (std::size_t i = 0; i < graph.conds.size(); ++i) {
      const ir::Cond& cond = graph.conds[i];
      out.line(fmt::format("cudaGraphConditionalHandle {} = 0;  // cond{}", context.names.conds[i],
                           cond.default_value ? fmt::format(", default {}", cond.folded_default) : std::string()));
    }
    for (std::size_t i = 0; i < graph.buffers.size(); ++i) {
      const ir::Buffer& memory = graph.buffers[i];
      if (!memory.alloc.valid()) continue;
      out.line(fmt::format("{}* {} = nullptr;  // alloc {}[{}]: the address its mem alloc node returned (dptr)",
                           ir::cpp_type_name(memory.type), context.names.dptrs[i], ir::type_name(memory.type),
                           memory.count_value));
    }
  }
  out.line("};");
  out.blank();
}

void emit_storage_class(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  out.line("// Allocates every buffer in its memory space (cudaMalloc, cudaMallocHost, cudaMallocManaged)");
  out.line("// and writes its initial contents; frees them when destroyed. Move-only.");
  if (!graph.events.empty()) {
    if (std::any_of(graph.events.begin(), graph.events.end(), [](const ir::Event& e) { return e.timing; })) {
      out.line("// Also owns one CUDA event per event (cudaEventCreateWithFlags: with timing for [timing]");
      out.line("// events, cudaEventDisableTiming for the others).");
    } else {
      out.line("// Also owns one CUDA event per event (cudaEventCreateWithFlags, cudaEventDisableTiming).");
    }
  }
  out.line("class Storage {");
  out.line(" public:");
  {
    const Indented body(out);
    out.line("Storage();");
    out.line("Storage(Storage&&) noexcept = default;");
    out.line("Storage& operator=(Storage&&) noexcept = default;");
    out.line("Storage(const Storage&) = delete;");
    out.line("Storage& operator=(const Storage&) = delete;");
    out.line("~Storage() = default;");
    out.blank();
    out.line("// Bindings whose buffers are this storage's, with every param at its default.");
    out.line("Bindings bindings() const;");
  }
  if (has_storage(context.graph) || context.names.captures) {
    out.blank();
    out.line(" private:");
    const Indented body(out);
    if (context.names.captures) {
      out.line("// The capture nodes' stream, cuBLAS handle and workspaces, for the graphs built with");
      out.line("// bindings(): keep the storage as long as their execs.");
      out.line("mutable graphc::CaptureResources capture_resources_;");
    }
    const std::vector<bool> windows = ir::window_memory(context.graph);
    for (std::size_t i = 0; i < context.graph.buffers.size(); ++i) {
      if (!context.graph.buffers[i].bindable()) continue;
      out.line(fmt::format("graphc::{}<{}> {}_;", windows[i] ? "NcclAllocation" : "Allocation",
                           ir::cpp_type_name(context.graph.buffers[i].type), context.names.buffers[i]));
    }
    for (const std::string& member : context.names.events) out.line(fmt::format("graphc::Event {}_;", member));
  }
  out.line("};");
  out.blank();
}

// set_NAME() per param.
void emit_setters(CodeWriter& out, const GraphContext& context) {
  for (std::size_t i = 0; i < context.graph.params.size(); ++i) {
    const std::string& member = context.names.params[i];
    out.blank();
    const std::string name = escape(context.graph.params[i].name);
    out.line(fmt::format("// Sets param '{}' to `value` in `b`, and in `exec` the nodes that pass it, as", name));
    out.line(fmt::format("// update_params() does for all (Instance::set(\"{}\", value) at run time).", name));
    out.line(fmt::format("void set_{}(cudaGraphExec_t exec, const Nodes& nodes, Bindings& b, {} value);", member,
                         ir::cpp_type_name(context.graph.params[i].type)));
  }
}

// What memory rebind_NAME() takes for a buffer of `space` (graphc::fits_space).
std::string_view accepted_memory(ir::MemorySpace space) {
  switch (space) {
    case ir::MemorySpace::device: return "device or managed memory";
    case ir::MemorySpace::host: return "pinned host or managed memory";
    case ir::MemorySpace::managed: return "managed memory";
    case ir::MemorySpace::pageable: return "host memory";
  }
  return {};
}

// rebind_NAME() per buffer the graph owns; update_buffers() for a graph with buffer parameters.
void emit_rebinders(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  for (std::uint32_t i = 0; i < graph.buffers.size(); ++i) {
    if (!rebindable(graph, ir::BufferId{i})) continue;
    const std::string& member = context.names.buffers[i];
    const std::string name = escape(graph.buffers[i].name);
    out.blank();
    out.line(fmt::format("// Gives buffer '{}' new memory, `pointer` to `count` elements, in `b` and in `exec`: every",
                         name));
    out.line("// node that uses it is set again in place (Instance::bind at run time). Throws graphc::Error");
    out.line(fmt::format("// R0007 when `count` is under {}_count, R0046 when the memory is not {},", member,
                         accepted_memory(graph.buffers[i].space)));
    out.line("// R0047 when a capture node that passes it captures a graph of another shape; then");
    out.line("// nothing changed.");
    out.line(fmt::format(
        "void rebind_{}(cudaGraphExec_t exec, const Nodes& nodes, Bindings& b, {}* pointer, std::size_t count);",
        member, ir::cpp_type_name(graph.buffers[i].type)));
  }
  const bool buffer_parameters =
      std::any_of(graph.parameters.begin(), graph.parameters.end(),
                  [](const ir::Parameter& p) { return p.kind == ir::Parameter::Kind::buffer; });
  if (!buffer_parameters) return;
  out.blank();
  out.line("// Sets every node that uses a buffer parameter again, from `b`, in `exec`: a caller's");
  out.line("// rebind_NAME() runs it for the call node that passes the buffer. `nodes` are build()'s.");
  out.line("void update_buffers(cudaGraphExec_t exec, const Nodes& nodes, const Bindings& b);");
}

// enum class Switchable, when the graph has nodes CUDA can switch.
void emit_switchable(CodeWriter& out, const GraphContext& context) {
  const std::vector<std::size_t> nodes = switchable_nodes(context.graph);
  if (nodes.empty()) return;
  out.line("// The nodes CUDA can enable and disable in an exec: the graph's own kernel, copy and");
  out.line("// memset nodes.");
  std::vector<std::string> names;
  for (const std::size_t i : nodes) names.push_back(context.names.nodes[i]);
  out.line(fmt::format("enum class Switchable {{ {} }};", fmt::join(names, ", ")));
}

// set_enabled() and enabled(), when the graph has nodes CUDA can switch.
void emit_enable_declarations(CodeWriter& out, const GraphContext& context) {
  if (switchable_nodes(context.graph).empty()) return;
  out.blank();
  out.line("// Enables or disables `node` in `exec` (cudaGraphNodeSetEnabled): a disabled node does");
  out.line("// nothing when launched, and the nodes after it still wait for it. `nodes` are build()'s.");
  out.line("// Instance::enable(\"name\", on) at run time. Throws graphc::Error.");
  out.line("void set_enabled(cudaGraphExec_t exec, const Nodes& nodes, Switchable node, bool enabled);");
  out.line("// Whether `node` is enabled in `exec` (cudaGraphNodeGetEnabled). Throws graphc::Error.");
  out.line("bool enabled(cudaGraphExec_t exec, const Nodes& nodes, Switchable node);");
}

}  // namespace

void emit_declarations(CodeWriter& out, const GraphContext& context, const std::string& module_dir) {
  // The flags CUDA needs: for device launch, for an alloc the graph (or a graph it calls)
  // never frees (the next launch would fail unless each launch frees the previous launch's
  // allocation), and for kernel nodes with a priority (CUDA ignores it without the flag).
  std::vector<std::string> flags;
  if (context.graph.device_launch.valid()) flags.emplace_back("cudaGraphInstantiateFlagDeviceLaunch");
  const ir::GraphId id{static_cast<std::uint32_t>(&context.graph - context.module.graphs.data())};
  if (context.module.has_unfreed_alloc(id)) flags.emplace_back("cudaGraphInstantiateFlagAutoFreeOnLaunch");
  if (context.module.uses_node_priority(id)) flags.emplace_back("cudaGraphInstantiateFlagUseNodePriority");
  out.line("// The flags to instantiate the graph with (cudaGraphInstantiate).");
  if (context.graph.device_launch.valid()) {
    out.line("// [device_launch]: upload (cudaGraphUpload) before a kernel launches it, and again after");
    out.line("// update_params(), a set_NAME() or set_enabled().");
  }
  out.line(fmt::format("inline constexpr unsigned long long instantiate_flags = {};",
                       flags.empty() ? "0" : fmt::format("{}", fmt::join(flags, " | "))));
  out.blank();
  emit_counts(out, context);
  emit_host_structs(out, context);
  emit_bindings(out, context, module_dir);
  emit_nodes(out, context);
  emit_storage_class(out, context);
  emit_switchable(out, context);
  emit_owner_declaration(out, context);
  out.blank();
  out.line("// The functions class Graph calls, for programs that own the parts themselves.");
  out.line("//");
  out.line(fmt::format("// Adds the nodes of graph '{}' to `graph`, each after its dependencies, with one",
                       escape(context.graph.name)));
  out.line("// checked cudaGraphAddNode each, and stores their handles in `nodes`. Throws graphc::Error.");
  out.line("void build(cudaGraph_t graph, const Bindings& b, Nodes& nodes);");
  out.blank();
  out.line("// Sets every kernel node that passes a param or a graph's exec to the values in `b`, in");
  out.line("// `exec` (cudaGraphExecKernelNodeSetParams), without re-instantiating. `nodes` are build()'s.");
  out.line("void update_params(cudaGraphExec_t exec, const Nodes& nodes, const Bindings& b);");
  if (checks_config(context.module, id)) {
    out.blank();
    out.line("// Computes the configurations the graph's parameters set (its nodes', and those of the");
    out.line("// graphs its calls pass them on to) from `b`, changing nothing; throws graphc::Error");
    out.line("// (R0032) naming the node whose rule a value breaks. A caller's set_NAME() runs it first.");
    out.line("void check_config(const Bindings& b);");
  }
  emit_setters(out, context);
  emit_rebinders(out, context);
  emit_enable_declarations(out, context);
}

}  // namespace graphc::backend
