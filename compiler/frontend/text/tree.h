// The syntax tree of a .graph file and what the IR builders share: which grammar rules get
// a tree node, the control class that records them, the exact source range of each node,
// and the diagnostics engine.
#pragma once

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <tao/pegtl.hpp>

#include "diag/diagnostic.h"
#include "frontend/text/loop_stack.h"
#include "frontend/text/syntax_tree.h"
#include "grammar/errors.hpp"
#include "ir/const_defines.h"
#include "source/source.h"

namespace graphc::frontend::text {

/// Whether `c` may be part of an identifier: a letter, a digit or `_`.
inline bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

/// The rules that become tree nodes; the others only shape the parse. Builders read a
/// node's children by position, so this list and the builders change together.
using tree_rules = grammar::flattened<
    tao::pegtl::type_list,
    // tokens
    grammar::name, grammar::word, grammar::number, grammar::string_literal, grammar::cpp_name, grammar::cast_type,
    grammar::plus_op, grammar::minus_op, grammar::times_op, grammar::divide_op, grammar::modulo_op,
    grammar::first_arrow, grammar::arrow,
    // expressions
    grammar::expr, grammar::product, grammar::negation, grammar::parenthesized, grammar::call, grammar::cast,
    // declarations
    grammar::module_decl, grammar::graph_decl, grammar::const_decl, grammar::variant_decl, grammar::param_decl,
    grammar::buffer_decl, grammar::buffer_width, grammar::buffer_device, grammar::buffer_peers, grammar::view_decl,
    grammar::fill_init, grammar::iota_init, grammar::list_init,
    // nodes
    grammar::kernel_node, grammar::graph_exec_ref, grammar::device_node_ref, grammar::null_pointer,
    grammar::launch_grid, grammar::launch_block, grammar::dim_tuple, grammar::kernel_args, grammar::kernel_attrs,
    grammar::kernel_attr, grammar::copy_node, grammar::slice, grammar::memset_node, grammar::host_node,
    grammar::host_args, grammar::empty_node,
    // conditionals
    grammar::cond_decl, grammar::if_node, grammar::then_body, grammar::else_body, grammar::while_node,
    grammar::while_body, grammar::switch_node, grammar::case_body,
    // memory nodes
    grammar::alloc_node, grammar::alloc_device, grammar::free_node,
    // edges
    grammar::edge_stmt, grammar::edge_group,
    // events and edge ports
    grammar::event_decl, grammar::comm_decl, grammar::record_node, grammar::wait_node, grammar::edge_port,
    // child graphs
    grammar::import_decl, grammar::graph_parameters, grammar::graph_parameter, grammar::call_node, grammar::call_args,
    // the kinds written `KEYWORD NAME : FUNCTION(args);` (capture nodes)
    grammar::for_function_call_kinds<grammar::function_node>,
    grammar::for_function_call_kinds<grammar::function_node_function>,
    grammar::for_function_call_kinds<grammar::function_node_args>,
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

/// The kind of a `KEYWORD NAME : FUNCTION(args);` statement (grammar::function_node), or
/// none when `node` is no such statement.
inline std::optional<NodeKind> function_node_kind(const ParseNode& node) {
  return [&]<std::size_t... I>(std::index_sequence<I...> /*unused*/)->std::optional<NodeKind> {
    std::optional<NodeKind> kind;
    ((node.rule() == rule_id<grammar::function_node<kFunctionCallKinds[I]>> ? (kind = kFunctionCallKinds[I], true)
                                                                            : false) ||
     ...);
    return kind;
  }
  (std::make_index_sequence<kFunctionCallKinds.size()>());
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
/// token before it. Filled by the skip action while parsing; it keeps the skips that are
/// not empty, in order (8 bytes per run of whitespace, not per byte of the file).
class TokenEnds {
 public:
  void record(std::size_t skip_begin, std::size_t skip_end) {
    if (skip_begin == skip_end) return;
    const Skip skip{static_cast<std::uint32_t>(skip_begin), static_cast<std::uint32_t>(skip_end)};
    if (skips_.empty() || skips_.back().end < skip.end) {
      skips_.push_back(skip);
      return;
    }
    // Matched again after backtracking: known, or (rarely) one to insert in order.
    const auto at = find(skip.end);
    if (at == skips_.end() || at->end != skip.end) skips_.insert(at, skip);
  }

  void clear() { skips_.clear(); }

  /// Forgets the skips that end before `offset` (a whole file's parse, past a statement).
  void forget_before(std::size_t offset) { skips_.erase(skips_.begin(), find(static_cast<std::uint32_t>(offset))); }

  /// The end of the last token before `offset`, when `offset` ends a skip; else `offset`.
  std::uint32_t token_end(std::size_t offset) const {
    const auto at = find(static_cast<std::uint32_t>(offset));
    return at != skips_.end() && at->end == offset ? at->begin : static_cast<std::uint32_t>(offset);
  }

 private:
  struct Skip {
    std::uint32_t begin, end;
  };
  std::vector<Skip>::const_iterator find(std::uint32_t end) const {
    return std::lower_bound(skips_.begin(), skips_.end(), end,
                            [](const Skip& s, std::uint32_t e) { return s.end < e; });
  }

  std::vector<Skip> skips_;
};

/// Where a whole file's parse delivers what it parsed, as soon as it is parsed: each
/// top-level declaration, and each graph as its header, its items one by one and its end.
/// The tape never holds more than one declaration or item, and the file's IR is built
/// while it is parsed.
class ParseSink {
 public:
  virtual ~ParseSink() = default;
  /// A `module`, `import` or `struct` declaration.
  virtual void declaration(const ParseNode& decl) = 0;
  /// The header of a graph, up to its `{`: `header`'s children are the name, the
  /// parameters (if written) and the attribute words.
  virtual void graph_header(const ParseNode& header) = 0;
  /// One item of the graph whose header came last.
  virtual void graph_item(const ParseNode& item) = 0;
  /// That graph's `}`: its declaration spans [begin, end).
  virtual void graph_end(std::uint32_t begin, std::uint32_t end) = 0;
};

/// What the actions keep while parsing.
struct ParseState {
  TokenEnds ends;
  SyntaxTape tape;
  std::size_t nesting = 0;       // parentheses, calls, casts, negations and template arguments open
  std::size_t body_nesting = 0;  // conditional bodies open
  std::size_t last_skip_begin = 0, last_skip_end = 0;  // the skip matched last
  ParseSink* sink = nullptr;                           // a whole file's parse: where its parts go
  SyntaxTree scratch;                                  // the tree of the part delivered last (its memory kept)

  /// Ready for another parse, keeping the memory of this one.
  void reset() {
    ends.clear();
    tape.clear();
    nesting = body_nesting = 0;
    last_skip_begin = last_skip_end = 0;
  }

  /// Hands what the tape holds, as a tree whose root ends at `end`, to `deliver`, and
  /// forgets it: the tape's nodes, and the skips before `end`.
  template <class Deliver>
  void deliver_tape(std::size_t end, Deliver&& deliver) {
    scratch.assign(tape, end);
    deliver(scratch.root());
    tape.clear();
    ends.forget_before(end);
  }

  /// The end of the token before `offset`, where a rule's match ends: the skip matched
  /// last is, but for a rule whose optional tail failed after a skip, the one before it.
  std::uint32_t token_end(std::size_t offset) const {
    return offset == last_skip_end ? static_cast<std::uint32_t>(last_skip_begin) : ends.token_end(offset);
  }
};

/// The parse's actions: record every skip's extent, and bound the nesting of the
/// recursive rules (so that no input can exhaust the stack).
template <class Rule>
struct parse_actions : tao::pegtl::nothing<Rule> {};

template <>
struct parse_actions<grammar::skip> {
  template <class ActionInput, class... Rest>
  static void apply(const ActionInput& in, ParseState& state, Rest&&... /*unused*/) {
    const auto begin = static_cast<std::size_t>(in.begin() - in.input().begin());  // the input is the whole file's
    state.last_skip_begin = begin;
    state.last_skip_end = begin + in.size();
    state.ends.record(begin, state.last_skip_end);
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

using limit_expr_nesting = limit_nesting<&ParseState::nesting, grammar::max_nesting, grammar::nesting_error_message>;
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

/// The rules whose node, when it has one child, is replaced by it: `layer` is a node_name
/// without an index, and an expression of one operand is that operand (builders read both
/// as their child would be read).
template <class Rule>
inline constexpr bool folds = std::is_same_v<Rule, grammar::node_name> || std::is_same_v<Rule, grammar::expr> ||
                              std::is_same_v<Rule, grammar::product>;

/// The control class of the parse: grammar::control, recording on the state's tape a node
/// for each rule of tree_rules that matches (folded, see `folds`), dropping what a failed
/// rule recorded, and with a sink, delivering each declaration and graph item to it.
template <class Rule>
struct tree_control : grammar::control<Rule> {
  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <class...> class Action,
            template <class...> class Control, class ParseInput, class... Rest>
  static bool match(ParseInput& in, ParseState& state, Rest&&... rest) {
    if constexpr (std::is_same_v<Rule, grammar::graph_decl>) {
      if (state.sink != nullptr) return match_graph<A, M, Action, Control>(in, state, rest...);
    }
    const bool matched = match_recording<A, M, Action, Control>(in, state, rest...);
    if constexpr (std::is_same_v<Rule, grammar::module_decl> || std::is_same_v<Rule, grammar::import_decl> ||
                  std::is_same_v<Rule, grammar::struct_decl>) {
      if (matched && state.sink != nullptr) {
        state.deliver_tape(in.byte(), [&](const ParseNode& root) { state.sink->declaration(*root.children.at(0)); });
      }
    } else if constexpr (std::is_same_v<Rule, grammar::graph_open>) {
      if (matched && state.sink != nullptr) {
        state.deliver_tape(in.byte(), [&](const ParseNode& root) { state.sink->graph_header(root); });
      }
    } else if constexpr (std::is_same_v<Rule, grammar::graph_item>) {
      if (matched && state.sink != nullptr) {
        state.deliver_tape(in.byte(), [&](const ParseNode& root) { state.sink->graph_item(*root.children.at(0)); });
      }
    }
    return matched;
  }

 private:
  // With a sink, a graph is delivered as it is parsed (graph_open and graph_item above):
  // the graph itself is only its end.
  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <class...> class Action,
            template <class...> class Control, class ParseInput, class... Rest>
  static bool match_graph(ParseInput& in, ParseState& state, Rest&&... rest) {
    const std::uint32_t recorded = state.tape.size();
    const auto begin = static_cast<std::uint32_t>(in.byte());
    const bool matched = grammar::control<Rule>::template match<A, M, Action, Control>(in, state, rest...);
    if (matched) {
      state.sink->graph_end(begin, state.token_end(in.byte()));
    } else {
      state.tape.drop_since(recorded);
    }
    return matched;
  }

  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <class...> class Action,
            template <class...> class Control, class ParseInput, class... Rest>
  static bool match_recording(ParseInput& in, ParseState& state, Rest&&... rest) {
    using base = grammar::control<Rule>;
    if constexpr (rule_id<Rule> != kNotInTree) {
      const std::uint32_t recorded = state.tape.size();
      const std::size_t begin = in.byte();
      const bool matched = base::template match<A, M, Action, Control>(in, state, rest...);
      if (matched) {
        state.tape.record(rule_id<Rule>, begin, state.token_end(in.byte()), recorded, folds<Rule>);
      } else {
        state.tape.drop_since(recorded);
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
/// tape (and delivering to its sink, if any); throws grammar::syntax_error.
template <class Rule, class ParseInput>
void parse(ParseInput& in, ParseState& state) {
  state.tape.clear();
  // Every rule the front end parses ends in must<>: it matches or raises.
  if (!tao::pegtl::parse<Rule, parse_actions, tree_control>(in, state))
    throw std::logic_error("the parse matched nothing");
}

/// What every IR builder needs: the file and where to report.
struct BuildContext {
  const SourceFile& source;
  FileId file;
  DiagEngine& diags;
  /// The variables of the loops around what is built, outermost first; an expression
  /// naming one is its value, a literal.
  const std::vector<LoopValue>* loops = nullptr;
  /// Where loops register their iterations (SourceManager::add_iteration); set for a whole
  /// file (parse_text), none for a fragment, which holds no loop.
  SourceManager* sources = nullptr;
  /// The consts given a value from outside the file (parse_text's `defines`); none for a
  /// fragment.
  const ir::ConstDefines* defines = nullptr;

  /// A node's source range, without the whitespace and comments after its last token.
  SourceRange range(const ParseNode& node) const { return {file, node.begin(), node.end()}; }
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
