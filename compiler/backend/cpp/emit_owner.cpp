// class Graph: the generated graph as one object, as the classes protobuf and flatbuffers
// generate are. It owns the Storage (or takes the caller's Bindings), the cudaGraph_t that
// build() fills and the exec, instantiated and uploaded in its constructor; launch() runs
// it; its setters are the free functions' (set_NAME, rebind_NAME, set_enabled) on its own
// exec, nodes and bindings; its destructor frees everything. Move-only.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "ir/describe.h"

namespace graphc::backend {
namespace {

// `float value` / `float* pointer, std::size_t count`: a setter's parameters.
std::string param_type(const GraphContext& context, std::size_t i) {
  return std::string(ir::cpp_type_name(context.graph.params[i].type));
}
std::string buffer_type(const GraphContext& context, std::size_t i) {
  return std::string(ir::cpp_type_name(context.graph.buffers[i].type)) + "*";
}

std::vector<std::uint32_t> rebindable_buffers(const ir::Graph& graph) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t i = 0; i < graph.buffers.size(); ++i) {
    if (rebindable(graph, ir::BufferId{i})) out.push_back(i);
  }
  return out;
}

// The Bindings member of the graph's own exec when a kernel of the graph passes it
// (`@self`, a graph that relaunches itself from the device); null otherwise.
const std::string* own_exec_member(const GraphContext& context) {
  for (const auto& [id, member] : context.names.graph_execs) {
    if (&context.module.graph(id) == &context.graph) return &member;
  }
  return nullptr;
}

// Graph::synchronize: the stream waited for while the graph's communicators are watched,
// each named with its collectives in the order the graph issues them.
void write_synchronize(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  const ir::CreationOrder order(graph);
  out.blank();
  out.line("void Graph::synchronize(cudaStream_t stream, std::chrono::milliseconds timeout) const {");
  out.line("  const graphc::WatchedCommunicator comms[] = {");
  for (std::uint32_t k = 0; k < graph.comms.size(); ++k) {
    out.line(fmt::format("      {{bindings_.{}, {},", context.names.comms[k], string_literal(graph.comms[k].name)));
    out.line(fmt::format("          {}, {{}}}},",
                         string_literal(ir::collectives_order_text(context.module, graph, order, ir::CommId{k}))));
  }
  out.line("  };");
  const std::string wait = fmt::format("graphc::wait_for_collectives(stream, comms, timeout, {}, {});",
                                       string_literal(graph.name), context.location_literal(graph.range));
  if (context.names.windows.empty()) {
    out.line("  " + wait);
    out.line("}");
    return;
  }
  out.line("  try {");
  out.line("    " + wait);
  out.line("  } catch (const graphc::Error&) {");
  out.line(fmt::format("    nodes_.{}.abandon();  // deregistering would wait for the peer that failed",
                       context.names.windows));
  out.line("    throw;");
  out.line("  }");
  out.line("}");
}

// Whether an update of the exec must be uploaded before the next launch: CUDA's rule for a
// graph instantiated for device launch, and for one with a device-updatable kernel node.
bool uploads_updates(const ir::Graph& graph) {
  return graph.device_launch.valid() || std::any_of(graph.nodes.begin(), graph.nodes.end(),
                                                    [](const ir::Node& node) { return ir::device_updatable(node); });
}

}  // namespace

bool owns_storage(const ir::Graph& graph) {
  return std::none_of(graph.parameters.begin(), graph.parameters.end(),
                      [](const ir::Parameter& p) { return p.kind == ir::Parameter::Kind::buffer; });
}

void emit_owner_declaration(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  const bool device_launch = uploads_updates(graph);
  out.blank();
  out.line("// The graph as one object: it owns the storage (or uses the caller's Bindings), the");
  out.line("// cudaGraph_t that build() fills and the exec, instantiated with instantiate_flags and");
  out.line("// uploaded; launch() runs it, the setters update the exec in place, and the destructor");
  out.line("// frees everything. Move-only. Throws graphc::Error (R0001 naming the node and its .graph");
  out.line("// line) when CUDA refuses.");
  out.line("class Graph {");
  out.line(" public:");
  {
    const Indented body(out);
    if (owns_storage(graph)) {
      out.line("// Allocates the buffers (Storage), builds the graph, instantiates it and uploads the exec");
      out.line("// on `stream` (synchronized), so that the first launch costs what a repeat launch does.");
      out.line("explicit Graph(cudaStream_t stream = nullptr);");
      out.line("// The same, after `configure(bindings)` sets what a Storage cannot: host functions, the");
      out.line("// capture nodes' functions, the caller's memory for some buffers (kept alive by the caller).");
      out.line("template <class Configure>");
      out.line("  requires std::invocable<Configure&, Bindings&>");
      out.line("explicit Graph(Configure&& configure, cudaStream_t stream = nullptr)");
      out.line("    : storage_(std::make_unique<Storage>()), bindings_(storage_->bindings()) {");
      out.line("  configure(bindings_);");
      out.line("  create(stream);");
      out.line("}");
    }
    out.line("// Builds from the caller's `bindings`, whose memory must outlive the Graph; no Storage.");
    out.line("explicit Graph(const Bindings& bindings, cudaStream_t stream = nullptr);");
    out.blank();
    out.line("// cudaGraphLaunch of the exec on `stream` (asynchronous).");
    out.line("void launch(cudaStream_t stream) const;");
    if (!graph.comms.empty()) {
      out.line("// Waits for `stream` as cudaStreamSynchronize does, but a collective whose peer rank died");
      out.line("// or diverged ends the wait with R0069 after `timeout` (or at NCCL's async error), naming");
      out.line("// the communicator and its collectives (graphc::wait_for_collectives). The communicators");
      out.line("// are the program's to abort (ncclCommAbort) once this Graph is destroyed.");
      out.line("void synchronize(cudaStream_t stream,");
      out.line("    std::chrono::milliseconds timeout = std::chrono::minutes(10)) const;");
    }
    out.blank();
    out.line(device_launch ? "// Updates in place, as the free functions of the same names do, then upload the exec"
                           : "// Updates in place, as the free functions of the same names do.");
    if (device_launch) {
      out.line(graph.device_launch.valid()
                   ? "// again on the constructor's stream for device launch."
                   : "// again on the constructor's stream, as CUDA asks of device-updatable nodes.");
    }
    out.line("void update_params();");
    for (std::size_t i = 0; i < graph.params.size(); ++i) {
      out.line(fmt::format("void set_{}({} value);", context.names.params[i], param_type(context, i)));
    }
    for (const std::uint32_t i : rebindable_buffers(graph)) {
      out.line(fmt::format("void rebind_{}({} pointer, std::size_t count);", context.names.buffers[i],
                           buffer_type(context, i)));
    }
    if (!switchable_nodes(graph).empty()) {
      out.line("void set_enabled(Switchable node, bool enabled);");
      out.line("bool enabled(Switchable node) const;");
    }
    out.blank();
    out.line("const Bindings& bindings() const { return bindings_; }");
    out.line("const Nodes& nodes() const { return nodes_; }");
    out.line("cudaGraph_t graph() const { return graph_.get(); }");
    out.line("cudaGraphExec_t exec() const { return exec_.get(); }");
    out.line("// Hands the exec to the caller (a framework, another thread), who launches it and destroys");
    out.line("// it with cudaGraphExecDestroy, and leaves this Graph empty (destroy or assign it only).");
    out.line("// The Storage, the nodes' state and `kept` (what the exec uses that the Graph does not own,");
    out.line("// such as the owner of the memory its Bindings point to) stay alive until CUDA destroys the");
    out.line("// exec: a CUDA user object the exec holds keeps them (graphc/exec_keeper.h). The graph is");
    out.line("// destroyed now.");
    out.line("template <class... Kept>");
    out.line("cudaGraphExec_t release(Kept&&... kept) {");
    out.line("  return graphc::hand_off(exec_, graph_, keeper_, std::move(storage_), std::move(nodes_),");
    out.line("      std::forward<Kept>(kept)...);");
    out.line("}");
  }
  out.blank();
  out.line(" private:");
  {
    const Indented body(out);
    out.line("void create(cudaStream_t stream);");
    if (device_launch) out.line("void upload() const;");
    out.blank();
    out.line("std::unique_ptr<Storage> storage_;  // none when the caller gave the Bindings");
    out.line("Bindings bindings_;");
    out.line("Nodes nodes_;");
    out.line("graphc::ExecKeeper keeper_;  // the user object every exec of graph_ holds");
    out.line("graphc::GraphHandle graph_;");
    out.line("graphc::ExecHandle exec_;");
    if (device_launch) out.line("cudaStream_t stream_ = nullptr;  // the constructor's, for uploads");
  }
  out.line("};");
}

void emit_owner_definition(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  const bool device_launch = uploads_updates(graph);
  const std::string space = "graphc::gen::" + context.names.space + "::";
  // Each update calls the free function of its name (qualified: the member hides it), then
  // uploads a device-launch exec (or one with device-updatable nodes) again.
  const auto update = [&](const std::string& signature, const std::string& call) {
    out.blank();
    out.line(fmt::format("void Graph::{} {{", signature));
    out.line(fmt::format("  {}{};", space, call));
    if (device_launch) out.line("  upload();");
    out.line("}");
  };
  if (owns_storage(graph)) {
    out.line("Graph::Graph(cudaStream_t stream)");
    out.line("    : storage_(std::make_unique<Storage>()), bindings_(storage_->bindings()) {");
    out.line("  create(stream);");
    out.line("}");
    out.blank();
  }
  out.line("Graph::Graph(const Bindings& bindings, cudaStream_t stream) : bindings_(bindings) {");
  out.line("  create(stream);");
  out.line("}");
  out.blank();
  out.line("void Graph::create(cudaStream_t stream) {");
  out.line("  graph_ = graphc::create_graph();");
  out.line(fmt::format("  {}build(graph_.get(), bindings_, nodes_);", space));
  out.line("  keeper_ = graphc::ExecKeeper::retained_by(graph_.get());");
  out.line("  exec_ = graphc::instantiate(graph_.get(), instantiate_flags, stream);");
  if (device_launch) out.line("  stream_ = stream;");
  if (const std::string* own = own_exec_member(context)) {
    out.line("  // The graph relaunches itself: its own exec exists only now, so the nodes that pass it");
    out.line("  // get it through the exec, uploaded again for the device launches to see it.");
    out.line(fmt::format("  bindings_.{} = exec_.get();", *own));
    out.line(fmt::format("  {}update_params(exec_.get(), nodes_, bindings_);", space));
    out.line("  upload();");
  }
  out.line("}");
  out.blank();
  out.line("void Graph::launch(cudaStream_t stream) const {");
  out.line("  graphc::check_cuda(cudaGraphLaunch(exec_.get(), stream), \"cudaGraphLaunch\");");
  out.line("}");
  if (!graph.comms.empty()) write_synchronize(out, context);
  if (device_launch) {
    out.blank();
    out.line("void Graph::upload() const {");
    out.line("  graphc::check_cuda(cudaGraphUpload(exec_.get(), stream_), \"cudaGraphUpload\");");
    out.line("  graphc::check_cuda(cudaStreamSynchronize(stream_), \"cudaStreamSynchronize\");");
    out.line("}");
  }
  update("update_params()", "update_params(exec_.get(), nodes_, bindings_)");
  for (std::size_t i = 0; i < graph.params.size(); ++i) {
    const std::string& member = context.names.params[i];
    update(fmt::format("set_{}({} value)", member, param_type(context, i)),
           fmt::format("set_{}(exec_.get(), nodes_, bindings_, value)", member));
  }
  for (const std::uint32_t i : rebindable_buffers(graph)) {
    const std::string& member = context.names.buffers[i];
    update(fmt::format("rebind_{}({} pointer, std::size_t count)", member, buffer_type(context, i)),
           fmt::format("rebind_{}(exec_.get(), nodes_, bindings_, pointer, count)", member));
  }
  if (!switchable_nodes(graph).empty()) {
    update("set_enabled(Switchable node, bool enabled)", "set_enabled(exec_.get(), nodes_, node, enabled)");
    out.blank();
    out.line("bool Graph::enabled(Switchable node) const {");
    out.line(fmt::format("  return {}enabled(exec_.get(), nodes_, node);", space));
    out.line("}");
  }
}

}  // namespace graphc::backend
