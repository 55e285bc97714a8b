// The IR builders: one function per kind of parse-tree node, each filling the IR's syntax
// fields (names, expressions, source ranges) from the node and its children.
#pragma once

#include <memory>
#include <vector>

#include "frontend/text/tree.h"
#include "ir/graph.h"

namespace graphc::frontend::text {

/// An expression node (grammar::expr, product or an operand) -> ir::Expr. Invalid
/// literals are reported (E0003) and become 0.
ir::Expr build_expr(const BuildContext& ctx, const ParseNode& node);

/// `module "path";`; the path is resolved against the folder of `graph_path`. Nullopt when
/// the path is refused (check_declared_path).
std::optional<ir::ModuleDecl> build_module_decl(const BuildContext& ctx, const ParseNode& node,
                                                std::string_view graph_path);
/// `const NAME = expr;`, or `variant NAME in {v, ...};`: a const whose value is its last (largest).
ir::Const build_const(const BuildContext& ctx, const ParseNode& node);
ir::Param build_param(const BuildContext& ctx, const ParseNode& node);
/// A param's default (grammar::param_default's match: a vector value or an expression)
/// into `param.default_vector` or `param.default_value`.
void build_param_default(const BuildContext& ctx, const ParseNode& node, ir::Param& param);
ir::Buffer build_buffer(const BuildContext& ctx, const ParseNode& node);
/// `view NAME : type[count] of BASE (+ offset)?;`: a Buffer with `view` set.
ir::Buffer build_view(const BuildContext& ctx, const ParseNode& node);
/// The memory of `alloc NAME : type[count];`: a device buffer of that name (the caller
/// links it to its alloc node).
ir::Buffer build_alloc_memory(const BuildContext& ctx, const ParseNode& node);
/// `cond NAME (= value)?;`, declared in `body` (invalid: the graph itself).
ir::Cond build_cond(const BuildContext& ctx, const ParseNode& node, ir::BodyId body);
ir::Event build_event(const BuildContext& ctx, const ParseNode& node);
ir::Comm build_comm(const BuildContext& ctx, const ParseNode& node);  // `comm NAME;`
/// `import "path";`; the path is resolved against the folder of `graph_path`. Nullopt when
/// the path is refused (check_declared_path).
std::optional<ir::Import> build_import(const BuildContext& ctx, const ParseNode& node, std::string_view graph_path);
/// One graph parameter, `x : f32[N] device` (a buffer, appended to `graph.buffers`) or
/// `s : f32` (a param without default, appended to `graph.params`).
void build_parameter(const BuildContext& ctx, const ParseNode& node, ir::Graph& graph);

/// A type or memory-space word: the type or space, or nullopt after E0105 / E0107 with the
/// closest word as a suggestion.
std::optional<ir::ScalarType> check_type(DiagEngine& diags, SourceRange range, std::string_view word);
std::optional<ir::MemorySpace> check_space(DiagEngine& diags, SourceRange range, std::string_view word);
/// An event attribute word (`timing`) applied to `event`, or E0112 with a suggestion.
void check_event_attribute(DiagEngine& diags, SourceRange range, std::string_view word, ir::Event& event);
/// `register` of `comm NAME [register];`, or E1115 with the closest attribute.
void check_comm_attribute(DiagEngine& diags, SourceRange range, std::string_view word, ir::Comm& comm);

/// Whether `path` of a `module` (`is_module`) or `import` declaration at `range` may be
/// used: no quotes, backslashes or control characters (E0013: generated code #includes
/// module paths and depfiles list them), and a module's extension one the runtime and the
/// C++ back end know (E0012).
bool check_declared_path(DiagEngine& diags, SourceRange range, std::string_view path, bool is_module);

/// A C++ name as written, with its whitespace normalised: none, except one space between
/// two words (`unsigned int`) and after each comma (`scale<float, 4>`).
std::string normalize_cpp_name(std::string_view text);

/// `struct NAME { field : type; field : type*; ... }`.
ir::StructDecl build_struct(const BuildContext& ctx, const ParseNode& node);

/// One kernel argument: `@g` (grammar::graph_exec_ref), `nullptr`, an aggregate
/// `S{a, b}` (grammar::aggregate_arg) or an expression.
ir::KernelArg build_kernel_arg(const BuildContext& ctx, const ParseNode& node);
/// One launch attribute of a kernel node (grammar::kernel_attr): `cooperative`, `priority(2)`.
ir::KernelAttribute build_kernel_attribute(const BuildContext& ctx, const ParseNode& node);

/// `buf` or `buf[offset:length]` (grammar::slice).
ir::BufferSlice build_slice(const BuildContext& ctx, const ParseNode& node);

/// A kernel, copy, memset, host, empty, record, wait, free, call or capture node, built into
/// `out` (a new node of the graph) but for its name, which the caller gives it (a loop's
/// index makes `layer[i]` a name of its own).
void build_node(const BuildContext& ctx, const ParseNode& node, ir::Node& out);

/// `graph NAME(parameters) [attributes] { ... }`, built as the parse delivers it (tree.h's
/// ParseSink): its header, then its items one by one. Its parameters come first in its
/// buffers and params, and the nodes, edges and conds of its conditional nodes' bodies are
/// in its own tables, each marked with its body. An edge statement `a -> {b, c} -> d;`
/// gives one edge per pair of consecutive members, in source order, each with its arrow's
/// port. Nodes and edges past ir::kMaxNodes / kMaxEdges are reported (E0015, E0016) and
/// left out.
class GraphBuild {
 public:
  /// `header`'s children: the name, the parameters (if written), the attribute words.
  GraphBuild(const BuildContext& ctx, const ParseNode& header);
  GraphBuild(const GraphBuild&) = delete;
  GraphBuild& operator=(const GraphBuild&) = delete;
  ~GraphBuild();

  /// One item of the graph's body, in source order.
  void item(const ParseNode& item);
  /// The graph, whose declaration spans `range`.
  ir::Graph finish(SourceRange range);

 private:
  struct Parts;
  std::unique_ptr<Parts> parts_;
};

}  // namespace graphc::frontend::text
