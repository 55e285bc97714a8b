// The parse tree of a .graph file and what the IR builders share: which grammar rules get
// a tree node, the exact source range of each node, and the diagnostics engine.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include <tao/pegtl/contrib/parse_tree.hpp>

#include "diag/diagnostic.h"
#include "frontend/text/loop_stack.h"
#include "grammar/errors.hpp"
#include "source/source.h"

namespace graphc::frontend::text {

using ParseNode = tao::pegtl::parse_tree::node;

/// The rules that become tree nodes; the others only shape the parse. Builders read a
/// node's children by position, so this list and the builders change together.
///
/// `layer[i]` keeps its name and index, and its extent for diagnostics (PEGTL's fold_one
/// would drop it); a name without an index is its name alone.
struct fold_unindexed : tao::pegtl::parse_tree::apply<fold_unindexed> {
  template <class Node, class... States>
  static void transform(std::unique_ptr<Node>& n, States&&... /*unused*/) {
    if (n->children.size() == 1) n = std::move(n->children.front());
  }
};

template <class Rule>
using selector = tao::pegtl::parse_tree::selector<
    Rule, tao::pegtl::parse_tree::store_content::on<
              // tokens
              grammar::name, grammar::word, grammar::number, grammar::string_literal, grammar::cpp_name,
              grammar::cast_type, grammar::plus_op, grammar::minus_op, grammar::times_op, grammar::divide_op,
              grammar::modulo_op, grammar::first_arrow, grammar::arrow,
              // expressions
              grammar::expr, grammar::product, grammar::negation, grammar::parenthesized, grammar::call, grammar::cast,
              // declarations
              grammar::module_decl, grammar::graph_decl, grammar::const_decl, grammar::param_decl,
              grammar::buffer_decl, grammar::buffer_width, grammar::view_decl, grammar::fill_init, grammar::iota_init, grammar::list_init,
              // nodes
              grammar::kernel_node, grammar::graph_exec_ref, grammar::null_pointer, grammar::launch_grid, grammar::launch_block, grammar::dim_tuple,
              grammar::kernel_args, grammar::kernel_attrs, grammar::kernel_attr, grammar::copy_node, grammar::slice, grammar::memset_node, grammar::host_node,
              grammar::host_args, grammar::empty_node,
              // conditionals
              grammar::cond_decl, grammar::if_node, grammar::then_body, grammar::else_body, grammar::while_node,
              grammar::while_body, grammar::switch_node, grammar::case_body,
              // memory nodes
              grammar::alloc_node, grammar::free_node,
              // edges
              grammar::edge_stmt, grammar::edge_group,
              // events and edge ports
              grammar::event_decl, grammar::record_node, grammar::wait_node, grammar::edge_port,
              // child graphs
              grammar::import_decl, grammar::graph_parameters, grammar::graph_parameter, grammar::call_node,
              grammar::call_args,
              // capture nodes
              grammar::capture_node, grammar::capture_function, grammar::capture_args,
              // structs
              grammar::struct_decl, grammar::struct_field, grammar::field_pointer, grammar::aggregate_arg,
              grammar::vector_value,
              // loops
              grammar::for_stmt>,
    fold_unindexed::on<grammar::node_name>>;

/// Where each token ends. Every token is followed by `skip` (whitespace and comments), so
/// the end of a rule's match is the end of a skip; this maps it back to the end of the
/// token before it. Filled by the `track_tokens` action while parsing. It covers the bytes
/// parsed, [first, first + size] of the file: one YAML scalar costs its own size, not the
/// file's.
class TokenEnds {
 public:
  TokenEnds(std::size_t first, std::size_t size) : first_(first), token_end_(size + 1, kUnknown) {}

  void record(std::size_t skip_begin, std::size_t skip_end) {
    token_end_[skip_end - first_] = static_cast<std::uint32_t>(skip_begin);
  }

  /// The end of the last token before `offset`, when `offset` ends a skip; else `offset`.
  std::uint32_t token_end(std::size_t offset) const {
    const std::uint32_t end = token_end_.at(offset - first_);
    return end == kUnknown ? static_cast<std::uint32_t>(offset) : end;
  }

 private:
  static constexpr std::uint32_t kUnknown = UINT32_MAX;
  std::size_t first_;
  std::vector<std::uint32_t> token_end_;
};

/// What the actions keep while parsing.
struct ParseState {
  /// For the bytes [first, first + size] of the file.
  ParseState(std::size_t first, std::size_t size) : ends(first, size) {}
  TokenEnds ends;
  std::size_t nesting = 0;       // parentheses, calls, casts, negations and template arguments open
  std::size_t body_nesting = 0;  // conditional bodies open
};

/// The parse's actions: record every skip's extent, and bound the nesting of the
/// recursive rules (so that no input can exhaust the stack).
template <class Rule>
struct parse_actions : tao::pegtl::nothing<Rule> {};

template <>
struct parse_actions<grammar::skip> {
  template <class ActionInput, class... Rest>
  static void apply(const ActionInput& in, ParseState& state, Rest&&... /*unused*/) {
    const std::size_t begin = in.iterator().byte;
    state.ends.record(begin, begin + in.size());
  }
};

/// Matches a recursive rule one level deeper, or raises `Message` when `Limit` levels
/// counted by `Counter` are already open.
template <std::size_t ParseState::*Counter, std::size_t Limit, const char* const& Message>
struct limit_nesting : tao::pegtl::maybe_nothing {
  template <class Rule, tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <class...> class Action,
            template <class...> class Control, class ParseInput, class... Rest>
  static bool match(ParseInput& in, ParseState& state, Rest&&... rest) {
    std::size_t& open = state.*Counter;
    if (open == Limit) throw grammar::syntax_error(Message, grammar::anchor::offending, in.byte());
    ++open;
    const bool matched = tao::pegtl::match<Rule, A, M, Action, Control>(in, state, rest...);
    --open;
    return matched;
  }
};

using limit_expr_nesting =
    limit_nesting<&ParseState::nesting, grammar::max_nesting, grammar::nesting_error_message>;
using limit_body_nesting =
    limit_nesting<&ParseState::body_nesting, grammar::max_body_nesting, grammar::body_nesting_error_message>;

template <>
struct parse_actions<grammar::nested_expr> : limit_expr_nesting {};
template <>
struct parse_actions<grammar::nested_args> : limit_expr_nesting {};
template <>
struct parse_actions<grammar::nested_operand> : limit_expr_nesting {};
template <>
struct parse_actions<grammar::template_args_body> : limit_expr_nesting {};
template <>
struct parse_actions<grammar::nested_body> : limit_body_nesting {};
template <>
struct parse_actions<grammar::nested_loop> : limit_body_nesting {};

/// What every IR builder needs: the file, its token ends, and where to report.
struct BuildContext {
  const SourceFile& source;
  FileId file;
  const TokenEnds& ends;
  DiagEngine& diags;
  /// The variables of the loops around what is built, outermost first; an expression
  /// naming one is its value, a literal.
  const std::vector<LoopValue>* loops = nullptr;
  /// Where loops register their iterations (SourceManager::add_iteration); set for a whole
  /// file (parse_text), none for a fragment, which holds no loop.
  SourceManager* sources = nullptr;

  /// A node's source range, without the whitespace and comments after its last token.
  SourceRange range(const ParseNode& node) const {
    return {file, static_cast<std::uint32_t>(node.m_begin.byte), ends.token_end(node.m_end.byte)};
  }
  /// From the start of `first` to the end of `last`.
  SourceRange span(const ParseNode& first, const ParseNode& last) const {
    return {file, range(first).begin, range(last).end};
  }
  /// The innermost loop whose variable is `name`, if any.
  const LoopValue* loop(std::string_view name) const {
    if (loops == nullptr) return nullptr;
    for (auto it = loops->rbegin(); it != loops->rend(); ++it) {
      if (it->name == name) return &*it;
    }
    return nullptr;
  }
  /// A node's text, without the whitespace and comments after it.
  std::string_view text(const ParseNode& node) const {
    const SourceRange r = range(node);
    return std::string_view(source.text()).substr(r.begin, r.end - r.begin);
  }
};

}  // namespace graphc::frontend::text
