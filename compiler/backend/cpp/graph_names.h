// The C++ names of one graph's generated code: its namespace and the members of Bindings
// and Nodes, checked to be distinct.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/graph.h"

namespace graphc::backend {

/// A host function that a graph's host nodes call, and its two Bindings members.
struct HostFunction {
  std::string name;    // as written in the .graph file
  std::string member;  // the function member: a cudaHostFn_t, or typed by its argument struct
  std::string data;    // the void* user-data member
  /// For a function whose nodes pass arguments: the C++ types of its argument struct's
  /// fields, in order, and their names; empty for a cudaHostFn_t.
  std::vector<std::string> types;
  std::vector<std::string> fields;
  /// The argument struct (`log_stats_args`) and the block CUDA passes the node's callback
  /// (`log_stats_call`), qualified when another graph's namespace holds them
  /// (place_host_structs, host_node.h); `home` when this graph's does.
  std::string args_struct;
  std::string call_struct;
  bool home = false;
};

/// A function that a graph's capture nodes call (Bindings::capture at run time), its
/// Bindings member, and the types it receives after the stream.
struct CaptureFunctionName {
  std::string name;                // as written in the .graph file
  std::string member;              // the graphc::CaptureFunction<...> member
  std::vector<std::string> types;  // C++ types of its arguments, in order
};

struct GraphNames {
  std::string space;                 // the namespace under graphc::gen
  std::vector<std::string> buffers;  // Bindings member per buffer (by BufferId); an alloc's memory and a view have none
  /// Per BufferId: its pointer in build(), `b.buf`, `nodes.NAME_dptr` (an alloc's) or, for a
  /// view, its root's cast to the view's type: `reinterpret_cast<std::uint32_t*>(b.buf)`.
  std::vector<std::string> pointers;
  std::vector<std::string> params;  // Bindings member per param (by ParamId)
  std::vector<std::string> events;  // Bindings member per event (by EventId)
  std::vector<std::string> comms;   // Bindings member per communicator (by CommId)
  std::vector<std::string> nodes;   // Nodes member per node (by NodeId)
  std::vector<std::string> conds;   // Nodes member per conditional handle (by CondId)
  /// Per NodeId: the Nodes member holding a `[device_updatable]` kernel node's device node
  /// handle (`NAME_handle`, what `&NAME` passes); empty for other nodes.
  std::vector<std::string> device_nodes;
  /// Bindings member per graph whose exec a kernel argument passes (`@g`), in order of
  /// first use: the graph and the cudaGraphExec_t member.
  std::vector<std::pair<ir::GraphId, std::string>> graph_execs;
  /// The Bindings member for `@g` of graph `id`.
  const std::string& graph_exec(ir::GraphId id) const;
  std::vector<std::string> dptrs;  // per BufferId: the Nodes member holding an alloc's address; empty for a buffer
  /// One per distinct function of the graph's host nodes and of the graphs it calls
  /// (whose Bindings the calls fill from this graph's), in order of first use.
  std::vector<HostFunction> host_functions;
  /// The Bindings member pair of host function `name`.
  const HostFunction& host_function(std::string_view name) const;
  /// Per NodeId: the Nodes member holding the nodes of a call's child graph (`NAME_nodes`);
  /// empty for other nodes.
  std::vector<std::string> call_nodes;
  /// Per NodeId: the Nodes member holding the argument blocks of a host node that passes
  /// arguments (`NAME_calls`); empty for other nodes.
  std::vector<std::string> host_calls;
  /// Whether the graph or a graph it calls has a capture node: Bindings then has the members
  /// capture_resources_member and capture_place_member, and Storage owns the resources.
  bool captures = false;
  /// One per distinct registered function of the graph's capture nodes and of the graphs it
  /// calls, in order of first use.
  std::vector<CaptureFunctionName> capture_functions;
  const CaptureFunctionName& capture_function(std::string_view name) const;
  /// Per NodeId: the Nodes members of a capture node, its cuBLAS workspace (`NAME_workspace`)
  /// or cuSPARSE SpMV plan (`NAME_plan`), library operations only, and the shape of its
  /// captured graph (`NAME_shape`); empty for other nodes.
  std::vector<std::string> workspaces;
  std::vector<std::string> shapes;
  /// Per NodeId: the Nodes member holding the buffers a collective over a `[register]`
  /// communicator registered (`NAME_registered`, graphc::BufferRegistrations); empty for
  /// other nodes.
  std::vector<std::string> registrations;
  /// The Nodes member holding the windows of collectives over `[window]` communicators
  /// (`windows`, graphc::NcclWindows); empty when the graph has none.
  std::string windows;
};

/// The Bindings members of a graph whose call tree has capture nodes.
inline constexpr const char* capture_resources_member = "capture_resources";
inline constexpr const char* capture_place_member = "capture_place";

/// The Bindings member that holds the folder library modules are loaded from.
inline constexpr const char* module_dir_member = "module_dir";

/// The names of `graph`'s generated code (see identifier() for how declared names map to
/// C++); `library_modules` says whether Bindings also has module_dir_member. Throws std::runtime_error when two
/// Bindings or two Nodes members would have the same name (e.g. a buffer and a host function both called `log`), naming
/// both.
GraphNames graph_names(const ir::Module& module, const ir::Graph& graph, bool library_modules);

}  // namespace graphc::backend
