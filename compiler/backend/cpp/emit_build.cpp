// build(): the nodes, dependencies first. A kernel, copy or memset node is one line, which
// adds its `<node>_params()` after its dependencies (graphc::add_node, a checked
// cudaGraphAddNode). Every other node is a block that fills a zero-initialised
// cudaGraphNodeParams and adds the node with a checked six-argument cudaGraphAddNode. A
// conditional node's block keeps the body graphs CUDA made with it, and a block per body
// follows: its conditional handles, then its nodes, added to that body graph. A call
// node's block builds its graph's nodes into a graph of their own (the called graph's
// build()) and moves that graph into the child graph node.
#include <algorithm>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "backend/cpp/child_call.h"
#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"
#include "backend/cpp/function_call_nodes.h"
#include "backend/cpp/host_node.h"
#include "backend/cpp/kernel_launch.h"
#include "backend/cpp/loop_runs.h"
#include "backend/cpp/memory_ops.h"
#include "backend/cpp/node_config.h"
#include "backend/text/expr_text.h"
#include "ir/creation_order.h"
#include "ir/devices.h"
#include "ir/node_kind.h"
#include "ir/overloaded.h"

namespace graphc::backend {
namespace {

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

using ir::Dependency;

// `graphc::LaunchAttributes{.has_priority = true, .priority = 2, ...}`: the fields `a` sets;
// an access policy window over the buffer's pointer in the bindings.
std::string launch_attributes(const GraphContext& context, const ir::LaunchAttributes& a) {
  std::vector<std::string> fields;
  if (a.priority) fields.push_back(fmt::format(".has_priority = true, .priority = {}", *a.priority));
  if (a.cluster[0] != 0)
    fields.push_back(fmt::format(".cluster = {{{}, {}, {}}}", a.cluster[0], a.cluster[1], a.cluster[2]));
  if (a.cooperative) fields.emplace_back(".cooperative = true");
  if (a.device_updatable) fields.emplace_back(".device_updatable = true");
  if (a.remote_sync_domain) fields.push_back(fmt::format(".sync_domain = {}", *a.remote_sync_domain ? 1 : 0));
  if (a.carveout) fields.push_back(fmt::format(".has_carveout = true, .carveout = {}", *a.carveout));
  if (a.access_policy) {
    const std::string& pointer = context.names.pointers.at(a.access_policy->buffer.value);
    const std::string& member = context.names.buffers.at(a.access_policy->buffer.value);
    fields.push_back(fmt::format(".window_base = {}, .window_bytes = sizeof(*{}) * {}_count, .hit_ratio = {}", pointer,
                                 pointer, member, float_literal(a.access_policy->hit_ratio, true)));
  }
  return fmt::format("graphc::LaunchAttributes{{{}}}", fmt::join(fields, ", "));
}

std::string_view conditional_type(ir::ConditionalNode::Type type) {
  switch (type) {
    case ir::ConditionalNode::Type::if_: return "cudaGraphCondTypeIf";
    case ir::ConditionalNode::Type::while_: return "cudaGraphCondTypeWhile";
    case ir::ConditionalNode::Type::switch_: return "cudaGraphCondTypeSwitch";
  }
  return {};
}

// The local variable that holds body `index` of conditional node `member`: `loop_body`,
// `check_then`, `check_else`, `pick_case0`, ... (node members are distinct, and no other
// local of build() ends in these suffixes).
std::string body_variable(const std::string& member, const ir::ConditionalNode& conditional, std::size_t index) {
  switch (conditional.type) {
    case ir::ConditionalNode::Type::if_: return member + (index == 0 ? "_then" : "_else");
    case ir::ConditionalNode::Type::while_: return member + "_body";
    case ir::ConditionalNode::Type::switch_: return fmt::format("{}_case{}", member, index);
  }
  return {};
}

// "the body of while 'loop'", "the then body of if 'check'", "case 2 of switch 'pick'".
std::string body_title(const ir::Node& node, const ir::ConditionalNode& conditional, std::size_t index) {
  switch (conditional.type) {
    case ir::ConditionalNode::Type::if_:
      return fmt::format("the {} body of if '{}'", index == 0 ? "then" : "else", escape(node.name));
    case ir::ConditionalNode::Type::while_: return fmt::format("the body of while '{}'", escape(node.name));
    case ir::ConditionalNode::Type::switch_: return fmt::format("case {} of switch '{}'", index, escape(node.name));
  }
  return {};
}

class BuildWriter {
 public:
  BuildWriter(CodeWriter& out, const GraphContext& context) : out_(out), context_(context), order_(context.graph) {}

  // The conditional handles declared in `body`, then its nodes, added to `target` (the
  // graph, or the local holding the body graph).
  // Blocks are set off by blank lines; consecutive one-line nodes are not.
  void body(ir::BodyId body, const std::string& target) {
    const ir::Graph& graph = context_.graph;
    bool first = true;
    bool after_block = false;
    for (std::size_t c = 0; c < graph.conds.size(); ++c) {
      if (graph.conds[c].body == body) {
        handle(graph.conds[c], context_.names.conds[c], target);
        first = false;
        after_block = true;
      }
    }
    std::vector<std::size_t> sequence;
    for (const ir::NodeId id : order_.nodes(body)) sequence.push_back(id.value);
    target_ = &target;
    for (std::size_t k = 0; k < sequence.size();) {
      const LoopRun* run = run_of(context_, sequence[k]);
      const std::optional<std::size_t> from =
          run != nullptr && whole_run_at(sequence, k, *run) ? loop_start(*run) : std::nullopt;
      if (from) {
        if (!first) out_.blank();
        for (std::size_t i = run->first; i < run->first + *from * run->width; ++i) {
          node(ir::NodeId{static_cast<std::uint32_t>(i)}, target);
          if (run->calls) out_.blank();
        }
        write_loop(out_, context_, *run, *from, [&](std::size_t s) {
          if (run->calls) {
            call_in_loop(*run);
          } else {
            add_in_loop(*run, s);
          }
        });
        first = false;
        after_block = true;
        k += run->size();
        continue;
      }
      const ir::NodeId id{static_cast<std::uint32_t>(sequence[k++])};
      const bool one_line = has_params_function(context_.graph.node(id));
      if (!first && (after_block || !one_line)) out_.blank();
      first = false;
      after_block = !one_line;
      node(id, target);
    }
  }

 private:
  void handle(const ir::Cond& cond, const std::string& member, const std::string& target) {
    out_.line(fmt::format("// cond {}: a conditional handle on {}{}", escape(cond.name), target,
                          cond.default_value ? fmt::format(", set to {} at every launch", cond.folded_default) : ""));
    out_.line(fmt::format("graphc::check_cuda(cudaGraphConditionalHandleCreate(&nodes.{}, {}, {}u, {}), {}, \"\", {});",
                          member, target, cond.folded_default, cond.default_value ? "cudaGraphCondAssignDefault" : "0",
                          string_literal(fmt::format("cudaGraphConditionalHandleCreate for cond '{}'", cond.name)),
                          context_.location_literal(cond.name_range)));
  }

  void node(ir::NodeId id, const std::string& target) {
    const ir::Node& node = context_.graph.node(id);
    target_ = &target;
    std::visit(ir::Overloaded{
                   [&](const ir::KernelNode& kernel) { on_device(node, [&] { this->kernel(node, kernel); }); },
                   [&](const ir::CopyNode&) { add_params(node); },
                   [&](const ir::MemsetNode&) { on_device(node, [&] { add_params(node); }); },
                   [&](const ir::HostNode& host) { this->host(node, host); },
                   [&](const ir::EmptyNode&) { empty(node); },
                   [&](const ir::ConditionalNode& conditional) { this->conditional(node, conditional); },
                   [&](const ir::EventRecordNode& record) {
                     event(node, record.id, "record", "cudaGraphNodeTypeEventRecord", "eventRecord");
                   },
                   [&](const ir::EventWaitNode& wait) {
                     event(node, wait.id, "wait", "cudaGraphNodeTypeWaitEvent", "eventWait");
                   },
                   [&](const ir::AllocNode& alloc) { this->alloc(node, alloc); },
                   [&](const ir::FreeNode& free) { this->free(node, free); },
                   [&](const ir::ChildGraphNode& call) { this->call(node, call); },
                   [&]<ir::FunctionCallKind Op>(const Op& op) { function_call(node, op); },
               },
               node.op);
  }

  std::size_t index_of(const ir::Node& node) const {
    return static_cast<std::size_t>(&node - context_.graph.nodes.data());
  }

  void open(const ir::Node& node, const std::string& summary) {
    out_.line(fmt::format("// {}: {}", escape(node.name), summary));
    out_.line("{");
    out_.indent();
  }

  // `add` (a kernel or memset node's lines), inside a block that makes the node's device
  // current when it is placed on one (graphc::DeviceScope); before them, a kernel's checks
  // of what it reaches where one side is unplaced (on the device the graph is built on).
  template <class Add>
  void on_device(const ir::Node& node, Add add) {
    const std::optional<int> device = ir::placed_device(context_.graph, node);
    const std::vector<std::string> checks = reach_checks(node);
    if (device || !checks.empty()) {
      out_.line(fmt::format("// {}: on {}{}", escape(node.name),
                            device ? fmt::format("device {}", *device) : "the device the graph is built on",
                            checks.empty() ? "" : ", passed memory of another"));
    }
    for (const std::string& check : checks) out_.line(check);
    if (!device) {
      add();
      return;
    }
    out_.line("{");
    out_.indent();
    out_.line(fmt::format("const graphc::DeviceScope on_device({}, \"{}\", {}, {});", *device, ir::kind_name(node),
                          string_literal(node.name), context_.location_literal(node.name_range)));
    add();
    out_.dedent();
    out_.line("}");
  }

  // graphc::check_peer_reach for each device-memory buffer kernel `node` is passed where
  // the kernel or the memory is unplaced and the other placed.
  std::vector<std::string> reach_checks(const ir::Node& node) const {
    std::vector<std::string> out;
    const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    if (kernel == nullptr) return out;
    const ir::Graph& graph = context_.graph;
    const std::string location = context_.location_literal(node.name_range);
    const std::string here = fmt::format("graphc::current_device({}, {})", string_literal(node.name), location);
    for (const ir::PassedMemory& passed : ir::passed_device_memory(graph, *kernel)) {
      const ir::Buffer& memory = *passed.memory;
      if (kernel->device.has_value() == memory.device_value.has_value()) continue;  // the validator's, or one device
      out.push_back(fmt::format("graphc::check_peer_reach({}, {}, {}, {}, {{{}}}, {});", string_literal(node.name),
                                kernel->device ? std::to_string(*kernel->device) : here,
                                string_literal(graph.buffer(passed.arg->buffer).name),
                                memory.device_value ? std::to_string(*memory.device_value) : here,
                                fmt::join(memory.peer_values, ", "), location));
    }
    return out;
  }

  // A kernel node: its line, then its launch attributes, which CUDA sets on the node.
  void kernel(const ir::Node& node, const ir::KernelNode& kernel) {
    add_params(node);
    const ir::LaunchAttributes& a = kernel.launch;
    if (a.any()) {
      const std::string& handle = context_.names.device_nodes.at(index_of(node));
      out_.line(fmt::format("{}graphc::set_launch_attributes(nodes.{}, {}, {}, {});",
                            handle.empty() ? "" : fmt::format("nodes.{} = ", handle),
                            context_.names.nodes.at(index_of(node)), launch_attributes(context_, a),
                            string_literal(node.name), context_.location_literal(node.name_range)));
    }
  }

  // `graphc::add_node(nodes.x, graph, {deps}, x_params(b, nodes)[, {edge data}]);`
  void add_params(const ir::Node& node) {
    const std::size_t index = index_of(node);
    const Dependencies deps = dependencies(index);
    out_.line(fmt::format("graphc::add_node(nodes.{}, {}, {{{}}}, {}{});", context_.names.nodes.at(index), *target_,
                          fmt::join(deps.handles, ", "), params_call(context_, index),
                          deps.edge_data.empty() ? "" : fmt::format(", {{{}}}", fmt::join(deps.edge_data, ", "))));
  }

  // Statement `s` of `run` in write_loop()'s loop: `graphc::add_node(nodes.*X_loop[i + s].handle,
  // graph, {deps}, ...)`.
  void add_in_loop(const LoopRun& run, std::size_t s) {
    out_.line(fmt::format("graphc::add_node({}, {}, {{{}}}, {});", loop_handle(context_, run, loop_position(s)),
                          *target_, fmt::join(*loop_dependencies(run, run.width + s), ", "),
                          loop_params_call(context_, run, s)));
  }

  // A call of `run` in write_loop()'s loop: the block of call(), its handle, graph's nodes, name
  // and location from the run's table.
  void call_in_loop(const LoopRun& run) {
    const GraphNames& callee =
        context_.module_names.at(std::get<ir::ChildGraphNode>(context_.graph.nodes[run.first].op).graph_id.value);
    const std::string name = loop_name(context_, run, "i");
    const std::string location = loop_field(context_, run, "i", "location");
    out_.line(fmt::format("graphc::ChildGraph child({}, {});", name, location));
    out_.line(fmt::format("graphc::gen::{}::build(child.get(), {}, nodes.*{});", callee.space,
                          call_bindings(context_, run.first, "i"), loop_field(context_, run, "i", "nodes")));
    child_graph_params();
    const std::vector<std::string> deps = *loop_dependencies(run, run.width);
    if (!deps.empty()) out_.line(fmt::format("const cudaGraphNode_t deps[] = {{{}}};", fmt::join(deps, ", ")));
    out_.line(fmt::format("graphc::check_cuda(cudaGraphAddNode(&({}), {}, {}, nullptr /* edge data */, {}, &p), "
                          "\"cudaGraphAddNode\", {}, {});",
                          loop_handle(context_, run, "i"), *target_, deps.empty() ? "nullptr" : "deps", deps.size(),
                          name, location));
    out_.line("child.move_to_node();");
  }

  // A child graph node's parameters: it takes `child`'s graph, which moves into the node.
  void child_graph_params() {
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeGraph;");
    out_.line("p.graph.graph = child.get();");
    out_.line("p.graph.ownership = cudaGraphChildGraphOwnershipMove;");
  }

  // The dependencies of `run`'s node at position `at` as a loop writes them: a node of the run
  // by its position relative to the iteration's first (`i - 1`), another by its member; none
  // when an edge has a port (its edge data is per node).
  std::optional<std::vector<std::string>> loop_dependencies(const LoopRun& run, std::size_t at) const {
    const std::size_t iteration = at / run.width * run.width;
    std::vector<std::string> out;
    for (const Dependency& d : order_.dependencies(ir::NodeId{static_cast<std::uint32_t>(run.first + at)})) {
      if (d.port != ir::EdgePort::default_) return std::nullopt;
      if (!run.holds(d.from.value)) {
        out.push_back("nodes." + context_.names.nodes.at(d.from.value));
        continue;
      }
      const std::size_t q = d.from.value - run.first;
      out.push_back(loop_handle(context_, run,
                                q >= iteration ? loop_position(q - iteration) : fmt::format("i - {}", iteration - q)));
    }
    return out;
  }

  // The iteration a loop over `run` in build() starts at: 0, or 1 when the first iteration's
  // dependencies differ from the others' (it is written node by node before the loop); none
  // when later iterations differ too.
  std::optional<std::size_t> loop_start(const LoopRun& run) const {
    const auto iteration = [&](std::size_t j) {
      std::vector<std::optional<std::vector<std::string>>> deps;
      for (std::size_t s = 0; s < run.width; ++s) deps.push_back(loop_dependencies(run, j * run.width + s));
      return deps;
    };
    const auto second = iteration(1);
    if (std::any_of(second.begin(), second.end(), [](const auto& d) { return !d; })) return std::nullopt;
    for (std::size_t j = 2; j < run.count; ++j) {
      if (iteration(j) != second) return std::nullopt;
    }
    return iteration(0) == second ? 0 : 1;
  }

  void host(const ir::Node& node, const ir::HostNode& host) {
    std::vector<std::string> args;
    for (const ir::KernelArg& arg : host.args) args.push_back(expr_text(arg.expr));
    open(node, fmt::format("host {}({})", escape(host.function), fmt::join(args, ", ")));
    write_host_build(out_, context_, index_of(node));
    close(node);
  }

  void empty(const ir::Node& node) {
    open(node, "empty");
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeEmpty;");
    close(node);
  }

  // A mem alloc node on the current device (`device`, read at the top of build()) or the one
  // it is placed on, which the devices of its `peers(...)` reach too; CUDA returns the
  // allocation's address, fixed for the graph's lifetime, in p.alloc.dptr.
  void alloc(const ir::Node& node, const ir::AllocNode& alloc) {
    const ir::Buffer& memory = context_.graph.buffer(alloc.buffer);
    open(node, fmt::format("alloc {}[{}] ({} bytes of device memory)", ir::type_name(memory.type), memory.count_value,
                           memory.bytes()));
    if (!memory.peer_values.empty()) {
      out_.line(fmt::format("const std::vector<cudaMemAccessDesc> access = graphc::peer_access_descs({{{}}});",
                            fmt::join(memory.peer_values, ", ")));
    }
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeMemAlloc;");
    out_.line("p.alloc.poolProps.allocType = cudaMemAllocationTypePinned;");
    out_.line("p.alloc.poolProps.location.type = cudaMemLocationTypeDevice;");
    out_.line(fmt::format("p.alloc.poolProps.location.id = {};",
                          memory.device_value ? std::to_string(*memory.device_value) : "device"));
    if (!memory.peer_values.empty()) {
      out_.line("p.alloc.accessDescs = access.data();");
      out_.line("p.alloc.accessDescCount = access.size();");
    }
    out_.line(fmt::format("p.alloc.bytesize = {};", memory.bytes()));
    add(node);
    out_.line(fmt::format("{} = static_cast<{}*>(p.alloc.dptr);", context_.names.pointers.at(alloc.buffer.value),
                          ir::cpp_type_name(memory.type)));
    out_.dedent();
    out_.line("}");
  }

  void free(const ir::Node& node, const ir::FreeNode& free) {
    open(node, "free " + escape(free.alloc));
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeMemFree;");
    out_.line(fmt::format("p.free.dptr = {};", context_.names.pointers.at(free.buffer.value)));
    close(node);
  }

  // The called graph's nodes go into a graph of their own, which the child graph node then
  // owns (moved, not cloned: the handles in `nodes` stay valid for update_params()).
  void call(const ir::Node& node, const ir::ChildGraphNode& call) {
    const std::size_t index = index_of(node);
    const GraphNames& callee = context_.module_names.at(call.graph_id.value);
    open(node, "call " + call_summary(context_, call));
    out_.line(fmt::format("graphc::ChildGraph child({}, {});", string_literal(node.name),
                          context_.location_literal(node.name_range)));
    out_.line(fmt::format("graphc::gen::{}::build(child.get(), {}, nodes.{});", callee.space,
                          call_bindings(context_, index), context_.names.call_nodes.at(index)));
    child_graph_params();
    add(node);
    out_.line("child.move_to_node();");
    out_.dedent();
    out_.line("}");
  }

  // A kind written `KEYWORD NAME : FUNCTION(args);`: its block is its kind's code's.
  template <class Op>
  void function_call(const ir::Node& node, const Op& op) {
    NodeBlock block{
        out_,
        context_,
        index_of(node),
        [&](const std::string& summary) { open(node, summary); },
        [&] { add(node); },
        [&] {
          out_.dedent();
          out_.line("}");
        },
    };
    write_function_call_build(block, op);
  }

  // The node, keeping its body graphs in locals declared before its block; then a block
  // per body. An empty body needs no local: CUDA made its graph, and nothing goes in.
  void conditional(const ir::Node& node, const ir::ConditionalNode& conditional) {
    const std::size_t index = index_of(node);
    const std::string& member = context_.names.nodes.at(index);
    const std::string& cond = context_.names.conds.at(conditional.cond_id.value);
    const std::size_t size = conditional.bodies.size();
    std::vector<std::string> locals(size);  // empty for an empty body
    for (std::size_t i = 0; i < size; ++i) {
      if (!is_empty(conditional.bodies[i])) locals[i] = body_variable(member, conditional, i);
    }
    out_.line(fmt::format("// {}: {} ({}), {} body graph{}", escape(node.name), ir::type_name(conditional.type),
                          escape(conditional.cond), size, size == 1 ? "" : "s"));
    for (const std::string& local : locals) {
      if (!local.empty()) out_.line(fmt::format("cudaGraph_t {} = nullptr;", local));
    }
    out_.line("{");
    out_.indent();
    out_.line("cudaGraphNodeParams p{};");
    out_.line("p.type = cudaGraphNodeTypeConditional;");
    out_.line(fmt::format("p.conditional.handle = nodes.{};", cond));
    out_.line(fmt::format("p.conditional.type = {};", conditional_type(conditional.type)));
    out_.line(fmt::format("p.conditional.size = {};", size));
    add(node);
    if (std::any_of(locals.begin(), locals.end(), [](const std::string& l) { return !l.empty(); })) {
      out_.line("// CUDA made the body graphs with the node (phGraph_out, owned by the node).");
    }
    for (std::size_t i = 0; i < size; ++i) {
      if (!locals[i].empty()) out_.line(fmt::format("{} = p.conditional.phGraph_out[{}];", locals[i], i));
    }
    out_.dedent();
    out_.line("}");
    const std::string* target = target_;
    for (std::size_t i = 0; i < size; ++i) {
      out_.blank();
      if (locals[i].empty()) {
        out_.line(fmt::format("// {}: empty", body_title(node, conditional, i)));
        continue;
      }
      out_.line(fmt::format("// {}, in {}", body_title(node, conditional, i), locals[i]));
      out_.line("{");
      {
        const Indented block(out_);
        body(conditional.bodies[i], locals[i]);
      }
      out_.line("}");
    }
    target_ = target;
  }

  // Whether `body` has no nodes and no conds.
  bool is_empty(ir::BodyId body) const {
    const ir::Graph& graph = context_.graph;
    return std::none_of(graph.nodes.begin(), graph.nodes.end(), [&](const ir::Node& n) { return n.body == body; }) &&
           std::none_of(graph.conds.begin(), graph.conds.end(), [&](const ir::Cond& c) { return c.body == body; });
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

  // Adds the node and closes its block.
  void close(const ir::Node& node) {
    add(node);
    out_.dedent();
    out_.line("}");
  }

  // Node `index`'s dependencies as `nodes.` handles, and their edge data when a port is
  // not the default (none otherwise).
  struct Dependencies {
    std::vector<std::string> handles;
    std::vector<std::string> edge_data;
  };
  Dependencies dependencies(std::size_t index) const {
    const std::span<const Dependency> deps = order_.dependencies(ir::NodeId{static_cast<std::uint32_t>(index)});
    Dependencies out;
    for (const Dependency& d : deps) out.handles.push_back("nodes." + context_.names.nodes.at(d.from.value));
    if (std::any_of(deps.begin(), deps.end(), [](const Dependency& d) { return d.port != ir::EdgePort::default_; })) {
      for (const Dependency& d : deps) {
        out.edge_data.push_back(fmt::format("{{{}, 0, {}, {{}}}}", port_enumerator(d.port), dependency_type(d.port)));
      }
    }
    return out;
  }

  // The dependencies (and their edge data, when a port is not the default), then the
  // node `p`, added to the current target graph with cudaGraphAddNode.
  void add(const ir::Node& node) {
    const std::size_t index = index_of(node);
    const Dependencies deps = dependencies(index);
    std::string deps_arg = "nullptr";
    std::string edge_data_arg = "nullptr /* edge data */";
    if (!deps.handles.empty()) {
      out_.line(fmt::format("const cudaGraphNode_t deps[] = {{{}}};", fmt::join(deps.handles, ", ")));
      deps_arg = "deps";
    }
    if (!deps.edge_data.empty()) {
      out_.line(fmt::format("const cudaGraphEdgeData edge_data[] = {{{}}};", fmt::join(deps.edge_data, ", ")));
      edge_data_arg = "edge_data";
    }
    context_.write_at_source(
        out_, node.range,
        fmt::format(
            "graphc::check_cuda(cudaGraphAddNode(&nodes.{}, {}, {}, {}, {}, &p), \"cudaGraphAddNode\", {}, {});",
            context_.names.nodes.at(index), *target_, deps_arg, edge_data_arg, deps.handles.size(),
            string_literal(node.name), context_.location_literal(node.name_range)));
  }

  CodeWriter& out_;
  const GraphContext& context_;
  const ir::CreationOrder order_;
  const std::string* target_ = nullptr;  // the graph the node being written goes into
};

// Whether build() reads its bindings (buffers, params, host functions, the module folder):
// every <node>_params() and <node>_config() call passes them.
bool reads_bindings(const GraphContext& context) {
  return std::any_of(context.graph.nodes.begin(), context.graph.nodes.end(), [&](const ir::Node& n) {
    if (has_params_function(n) || configured(n)) return true;
    return std::visit(ir::Overloaded{
                          [](const ir::EmptyNode&) { return false; },
                          [](const ir::ConditionalNode&) { return false; },
                          [](const ir::AllocNode&) { return false; },
                          [](const ir::FreeNode&) { return false; },
                          [&](const ir::ChildGraphNode& call) { return call_reads_bindings(context, call); },
                          [](const auto&) { return true; },
                      },
                      n.op);
  });
}

// After every node is added: the kernel nodes that pass `&n` (each added with a null handle
// where n came after it) set again with the handles (cudaGraphNodeSetParams).
void write_device_node_links(CodeWriter& out, const GraphContext& context) {
  bool first = true;
  for (std::size_t i = 0; i < context.graph.nodes.size(); ++i) {
    const auto* kernel = std::get_if<ir::KernelNode>(&context.graph.nodes[i].op);
    if (kernel == nullptr || std::none_of(kernel->args.begin(), kernel->args.end(), [](const ir::KernelArg& arg) {
          return arg.kind == ir::KernelArg::Kind::device_node;
        })) {
      continue;
    }
    if (first) {
      out.blank();
      out.line("// The kernels that update nodes from the device, with every device node handle now made.");
      first = false;
    }
    out.line(fmt::format("graphc::set_graph_node(nodes.{}, {});", context.names.nodes.at(i), params_call(context, i)));
  }
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
    const bool allocs = std::any_of(graph.nodes.begin(), graph.nodes.end(),
                                    [](const ir::Node& n) { return std::holds_alternative<ir::AllocNode>(n.op); });
    if (allocs) {
      out.line("// The device the mem alloc nodes allocate on: the current one.");
      out.line("int device = 0;");
      out.line("graphc::check_cuda(cudaGetDevice(&device), \"cudaGetDevice\");");
      out.blank();
    }
    BuildWriter(out, context).body(ir::BodyId{}, "graph");
    write_device_node_links(out, context);
  }
  out.line("}");
}

}  // namespace graphc::backend
