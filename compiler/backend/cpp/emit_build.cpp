// build(): one block per node, dependencies first; each fills a zero-initialised
// cudaGraphNodeParams and adds the node with a checked six-argument cudaGraphAddNode.
#include <algorithm>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/creation_order.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/kernel_launch.h"
#include "ir/overloaded.h"

namespace graphc::backend {
namespace {

std::string_view memcpy_kind(ir::CopyKind kind) {
  switch (kind) {
    case ir::CopyKind::host_to_device: return "cudaMemcpyHostToDevice";
    case ir::CopyKind::device_to_host: return "cudaMemcpyDeviceToHost";
    case ir::CopyKind::device_to_device: return "cudaMemcpyDeviceToDevice";
    case ir::CopyKind::host_to_host: return "cudaMemcpyHostToHost";
    case ir::CopyKind::unified: return "cudaMemcpyDefault";
  }
  return {};
}

std::string_view describe_kind(ir::CopyKind kind) {
  switch (kind) {
    case ir::CopyKind::host_to_device: return "host to device";
    case ir::CopyKind::device_to_host: return "device to host";
    case ir::CopyKind::device_to_device: return "device to device";
    case ir::CopyKind::host_to_host: return "host to host";
    case ir::CopyKind::unified: return "direction from the pointers";
  }
  return {};
}

// `b.buf` or `b.buf + offset`: the first element of a slice.
std::string slice_pointer(const GraphContext& context, const ir::BufferSlice& slice) {
  const std::string pointer = "b." + context.names.buffers.at(slice.id.value);
  return slice.offset_value == 0 ? pointer : fmt::format("{} + {}", pointer, slice.offset_value);
}

// `buf` or `buf[offset:length]`, for comments.
std::string slice_text(const GraphContext& context, const ir::BufferSlice& slice) {
  const ir::Buffer& buffer = context.graph.buffer(slice.id);
  if (slice.offset_value == 0 && slice.length_value == buffer.count_value) return escape(buffer.name);
  return fmt::format("{}[{}:{}]", escape(buffer.name), slice.offset_value, slice.length_value);
}

std::string_view port_enumerator(ir::EdgePort port) {
  switch (port) {
    case ir::EdgePort::default_: return "cudaGraphKernelNodePortDefault";
    case ir::EdgePort::programmatic: return "cudaGraphKernelNodePortProgrammatic";
    case ir::EdgePort::launch_completion: return "cudaGraphKernelNodePortLaunchCompletion";
  }
  return {};
}

std::string_view dependency_type(ir::EdgePort port) {
  return port == ir::EdgePort::default_ ? "cudaGraphDependencyTypeDefault" : "cudaGraphDependencyTypeProgrammatic";
}

class BuildWriter {
 public:
  BuildWriter(CodeWriter& out, const GraphContext& context, const std::vector<std::vector<Dependency>>& deps)
      : out_(out), context_(context), deps_(deps) {}

  void node(ir::NodeId id) {
    const ir::Node& node = context_.graph.node(id);
    std::visit(ir::Overloaded{
                   [&](const ir::KernelNode& kernel) { this->kernel(node, kernel); },
                   [&](const ir::CopyNode& copy) { this->copy(node, copy); },
                   [&](const ir::MemsetNode& memset) { this->memset(node, memset); },
                   [&](const ir::HostNode& host) { this->host(node, host); },
                   [&](const ir::EmptyNode&) { empty(node); },
                   [&](const ir::EventRecordNode& record) {
                     event(node, record.id, "record", "cudaGraphNodeTypeEventRecord", "eventRecord");
                   },
                   [&](const ir::EventWaitNode& wait) {
                     event(node, wait.id, "wait", "cudaGraphNodeTypeWaitEvent", "eventWait");
                   },
               },
               node.op);
  }

 private:
  void open(const ir::Node& node, const std::string& summary) {
    out_.line(fmt::format("// {}: {}", escape(node.name), summary));
    out_.line("{");
    out_.indent();
  }

  void kernel(const ir::Node& node, const ir::KernelNode& kernel) {
    open(node, "kernel " + launch_summary(kernel));
    write_kernel_args(out_, context_, node, kernel);
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeKernel;");
    out_.line(fmt::format("p.kernel.func = {};", kernel_function(context_, node, kernel)));
    out_.line(fmt::format("p.kernel.gridDim = {};", dim3(kernel.grid_dims)));
    out_.line(fmt::format("p.kernel.blockDim = {};", dim3(kernel.block_dims)));
    out_.line(fmt::format("p.kernel.sharedMemBytes = {};", kernel.shared_memory_bytes));
    out_.line("p.kernel.kernelParams = args.pointers();");
    if (kernel.shared_memory_bytes > 48 * 1024) {
      out_.line("// Over 48 KiB of dynamic shared memory needs the kernel's opt-in first.");
      out_.line(fmt::format("graphc::check_cuda(cudaFuncSetAttribute(p.kernel.func, "
                            "cudaFuncAttributeMaxDynamicSharedMemorySize, {}), \"cudaFuncSetAttribute\", {}, {});",
                            kernel.shared_memory_bytes, string_literal(node.name),
                            context_.location_literal(node.name_range)));
    }
    close(node);
  }

  void copy(const ir::Node& node, const ir::CopyNode& copy) {
    open(node, fmt::format("copy {} <- {} ({} bytes, {})", slice_text(context_, copy.dst), slice_text(context_, copy.src),
                           copy.bytes_value, describe_kind(copy.kind)));
    const std::uint64_t bytes = copy.bytes_value;
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeMemcpy;");
    out_.line(fmt::format("p.memcpy.copyParams.srcPtr = make_cudaPitchedPtr({}, {}, {}, 1);",
                          slice_pointer(context_, copy.src), bytes, bytes));
    out_.line(fmt::format("p.memcpy.copyParams.dstPtr = make_cudaPitchedPtr({}, {}, {}, 1);",
                          slice_pointer(context_, copy.dst), bytes, bytes));
    out_.line(fmt::format("p.memcpy.copyParams.extent = make_cudaExtent({}, 1, 1);", bytes));
    out_.line(fmt::format("p.memcpy.copyParams.kind = {};", memcpy_kind(copy.kind)));
    close(node);
  }

  void memset(const ir::Node& node, const ir::MemsetNode& memset) {
    const std::string value = fmt::format("0x{:0{}x}u", memset.value_bits, memset.element_size * 2);
    open(node, fmt::format("memset {} = {} ({}-byte elements)", slice_text(context_, memset.dst), value,
                           memset.element_size));
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeMemset;");
    out_.line(fmt::format("p.memset.dst = {};", slice_pointer(context_, memset.dst)));
    out_.line(fmt::format("p.memset.value = {};", value));
    out_.line(fmt::format("p.memset.elementSize = {};", memset.element_size));
    out_.line(fmt::format("p.memset.width = {};", memset.dst.length_value));
    out_.line("p.memset.height = 1;");
    close(node);
  }

  void host(const ir::Node& node, const ir::HostNode& host) {
    const auto& functions = context_.names.host_functions;
    const auto function = std::find_if(functions.begin(), functions.end(),
                                       [&](const HostFunction& f) { return f.name == host.function; });
    open(node, fmt::format("host {}()", escape(host.function)));
    out_.line(fmt::format("graphc::require_host_fn(b.{}, {}, {}, {});", function->member,
                          string_literal(host.function), string_literal(node.name),
                          context_.location_literal(node.name_range)));
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeHost;");
    out_.line(fmt::format("p.host.fn = b.{};", function->member));
    out_.line(fmt::format("p.host.userData = b.{};", function->data));
    close(node);
  }

  void empty(const ir::Node& node) {
    open(node, "empty");
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeEmpty;");
    close(node);
  }

  // An event record or wait node: `verb` the event of the bindings, which must be set.
  void event(const ir::Node& node, ir::EventId id, std::string_view verb, std::string_view type,
             std::string_view member) {
    const ir::Event& event = context_.graph.event(id);
    const std::string& binding = context_.names.events.at(id.value);
    open(node, fmt::format("{} event {}", verb, escape(event.name)));
    out_.line(fmt::format("graphc::require_event(b.{}, {}, {}, {});", binding, string_literal(event.name),
                          string_literal(node.name), context_.location_literal(node.name_range)));
    out_.line("cudaGraphNodeParams p{};");
    out_.line(fmt::format("p.type = {};", type));
    out_.line(fmt::format("p.{}.event = b.{};", member, binding));
    close(node);
  }

  // The dependencies (and their edge data, when a port is not the default), then the node.
  void close(const ir::Node& node) {
    const std::size_t index = static_cast<std::size_t>(&node - context_.graph.nodes.data());
    const std::vector<Dependency>& deps = deps_.at(index);
    std::string deps_arg = "nullptr";
    std::string edge_data_arg = "nullptr /* edge data */";
    if (!deps.empty()) {
      std::vector<std::string> handles;
      for (const Dependency& d : deps) handles.push_back("nodes." + context_.names.nodes.at(d.from.value));
      out_.line(fmt::format("const cudaGraphNode_t deps[] = {{{}}};", fmt::join(handles, ", ")));
      deps_arg = "deps";
    }
    const bool ports = std::any_of(deps.begin(), deps.end(),
                                   [](const Dependency& d) { return d.port != ir::EdgePort::default_; });
    if (ports) {
      std::vector<std::string> data;
      for (const Dependency& d : deps) {
        data.push_back(fmt::format("{{{}, 0, {}, {{}}}}", port_enumerator(d.port), dependency_type(d.port)));
      }
      out_.line(fmt::format("const cudaGraphEdgeData edge_data[] = {{{}}};", fmt::join(data, ", ")));
      edge_data_arg = "edge_data";
    }
    context_.write_at_source(
        out_, node.range,
        fmt::format("graphc::check_cuda(cudaGraphAddNode(&nodes.{}, graph, {}, {}, {}, &p), \"cudaGraphAddNode\", {}, {});",
                    context_.names.nodes.at(index), deps_arg, edge_data_arg, deps.size(), string_literal(node.name),
                    context_.location_literal(node.name_range)));
    out_.dedent();
    out_.line("}");
  }

  CodeWriter& out_;
  const GraphContext& context_;
  const std::vector<std::vector<Dependency>>& deps_;
};

// Whether build() reads its bindings (buffers, params, host functions, the module folder).
bool reads_bindings(const GraphContext& context) {
  if (!context.libraries.empty() && std::any_of(context.graph.nodes.begin(), context.graph.nodes.end(), [](const ir::Node& n) {
        return std::holds_alternative<ir::KernelNode>(n.op);
      })) {
    return true;
  }
  return std::any_of(context.graph.nodes.begin(), context.graph.nodes.end(), [](const ir::Node& n) {
    if (const auto* kernel = std::get_if<ir::KernelNode>(&n.op)) return !kernel->args.empty();
    return !std::holds_alternative<ir::EmptyNode>(n.op);
  });
}

}  // namespace

void emit_build(CodeWriter& out, const GraphContext& context) {
  const ir::Graph& graph = context.graph;
  if (graph.nodes.empty()) {
    out.line("void build(cudaGraph_t, const Bindings&, Nodes&) {}  // the graph has no nodes");
    return;
  }
  out.line(fmt::format("void build(cudaGraph_t graph, const Bindings&{}, Nodes& nodes) {{",
                       reads_bindings(context) ? " b" : ""));
  {
    const Indented body(out);
    const bool kernels = std::any_of(graph.nodes.begin(), graph.nodes.end(),
                                     [](const ir::Node& n) { return std::holds_alternative<ir::KernelNode>(n.op); });
    if (kernels && !context.libraries.empty()) {
      write_library_handles(out, context);
      out.blank();
    }
    const std::vector<std::vector<Dependency>> deps = dependencies(graph);
    BuildWriter writer(out, context, deps);
    const std::vector<ir::NodeId> order = creation_order(graph, deps);
    for (std::size_t i = 0; i < order.size(); ++i) {
      if (i > 0) out.blank();
      writer.node(order[i]);
    }
  }
  out.line("}");
}

}  // namespace graphc::backend
