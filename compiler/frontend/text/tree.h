// The syntax tree of a .graph file and what the IR builders share: which grammar rules get
// a tree node, the control class that records them, the exact source range of each node,
// and the diagnostics engine.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include "diag/diagnostic.h"
#include "frontend/text/loop_stack.h"
#include "frontend/text/syntax_tree.h"
#include "grammar/errors.hpp"
#include "source/source.h"

namespace graphc::frontend::text {

/// The rules that become tree nodes; the others only shape the parse. Builders read a
/// node's children by position, so this list and the builders change together.
using tree_rules = tao::pegtl::type_list<
    // tokens
    grammar::name, grammar::word, grammar::number, grammar::string_literal, grammar::cpp_name, grammar::cast_type,
    grammar::plus_op, grammar::minus_op, grammar::times_op, grammar::divide_op, grammar::modulo_op,
    grammar::first_arrow, grammar::arrow,
    // expressions
    grammar::expr, grammar::product, grammar::negation, grammar::parenthesized, grammar::call, grammar::cast,
    // declarations
    grammar::module_decl, grammar::graph_decl, grammar::const_decl, grammar::param_decl, grammar::buffer_decl,
    grammar::buffer_width, grammar::view_decl, grammar::fill_init, grammar::iota_init, grammar::list_init,
    // nodes
    grammar::kernel_node, grammar::graph_exec_ref, grammar::null_pointer, grammar::launch_grid, grammar::launch_block,
    grammar::dim_tuple, grammar::kernel_args, grammar::kernel_attrs, grammar::kernel_attr, grammar::copy_node,
    grammar::slice, grammar::memset_node, grammar::host_node, grammar::host_args, grammar::empty_node,
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
    grammar::import_decl, grammar::graph_parameters, grammar::graph_parameter, grammar::call_node, grammar::call_args,
    // capture nodes
    grammar::capture_node, grammar::capture_function, grammar::capture_args,
    // structs
    grammar::struct_decl, grammar::struct_field, grammar::field_pointer, grammar::aggregate_arg, grammar::vector_value,
    // loops
    grammar::for_stmt,
    // `layer[i]`, with its name and index; a name without an index is its name alone
    grammar::node_name>;

/// `Rule`'s number in tree_rules, or kNotInTree.
template <class Rule, class... Rules>
constexpr RuleId tree_rule_id(tao::pegtl::type_list<Rules...> /*unused*/) {
  constexpr bool is_rule[] = {std::is_same_v<Rule, Rules>...};
  for (RuleId i = 0; i < sizeof...(Rules); ++i) {
    if (is_rule[i]) return i;
  }
  return kNotInTree;
}
template <class Rule>
inline constexpr RuleId rule_id = tree_rule_id<Rule>(tree_rules{});

template <class Rule>
bool ParseNode::is_type() const {
  static_assert(rule_id<Rule> != kNotInTree, "only the rules of tree_rules are in the tree");
  return rule_ == rule_id<Rule>;
}

/// Whether matching `Rule` may record a node: it is a tree rule, or one of the rules it is
/// made of may be, looking `Depth` levels down (deeper: assumed so).
template <unsigned Depth, class Rule>
constexpr bool may_record() {
  if constexpr (rule_id<Rule> != kNotInTree || Depth == 0) {
    return true;
  } else {
    return []<class... Subs>(tao::pegtl::type_list<Subs...> /*unused*/) {
      return (may_record<Depth - 1, Subs>() || ...);
    }(typename Rule::subs_t{});
  }
}

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
  SyntaxTape tape;
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

/// The control class of the parse: grammar::control, recording on the state's tape a node
/// for each rule of tree_rules that matches (node_name folded into its name when it has no
/// index), and dropping what a failed rule recorded.
template <class Rule>
struct tree_control : grammar::control<Rule> {
  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <class...> class Action,
            template <class...> class Control, class ParseInput, class... Rest>
  static bool match(ParseInput& in, ParseState& state, Rest&&... rest) {
    using base = grammar::control<Rule>;
    if constexpr (rule_id<Rule> != kNotInTree) {
      const std::uint32_t node = state.tape.open(rule_id<Rule>, in.byte());
      const bool matched = base::template match<A, M, Action, Control>(in, state, rest...);
      if (matched) {
        state.tape.close(node, in.byte(), std::is_same_v<Rule, grammar::node_name>);
      } else {
        state.tape.drop(node);
      }
      return matched;
    } else if constexpr (may_record<8, Rule>()) {
      const std::uint32_t recorded = state.tape.size();
      const bool matched = base::template match<A, M, Action, Control>(in, state, rest...);
      if (!matched) state.tape.drop_since(recorded);
      return matched;
    } else {
      return base::template match<A, M, Action, Control>(in, state, rest...);
    }
  }
};

/// Parses `in` as `Rule` with the parse's actions and control, recording into `state`'s
/// tape; throws grammar::syntax_error. The tree's root spans the input.
template <class Rule, class ParseInput>
SyntaxTree parse_tree(ParseInput& in, ParseState& state) {
  state.tape.clear();
  const std::size_t end = in.byte() + in.size(0);
  // Every rule the front end parses ends in must<>: it matches or raises.
  if (!tao::pegtl::parse<Rule, parse_actions, tree_control>(in, state)) throw std::logic_error("the parse matched nothing");
  return SyntaxTree(state.tape, end);
}

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
    return {file, node.begin(), ends.token_end(node.end())};
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
