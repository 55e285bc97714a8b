// Syntax errors: one message per rule that can fail after the parser has committed to a
// construct (the rules under `must<>` and `raise<>`), and the control class that throws
// them. A rule that can raise without a message here is a compile-time error.
//
// Messages are lowercase with no trailing period. `{}` in a message stands for the
// offending word, filled in by the front end.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "file.hpp"

namespace graphc::grammar {

// Where a syntax error points (at the end of the file, always just after the last token).
enum class anchor : std::uint8_t {
  // Something is missing: at the offending text or, when that is on a later line than the
  // previous token, just after the previous token, where the missing `;` or `)` belongs.
  expected_here,
  // Something is out of place: at the offending text itself (a reserved word, a stray
  // token, an unterminated comment or string).
  offending,
  // The word before the offending text is at fault, and `{}` in the message is that word:
  // a declaration keyword that a statement uses as a node's name, `host -> b;`.
  word_before,
};

// Keywords that a misspelt word next to a syntax error may have meant, for a "did you
// mean" note: the word just before the error, or the word at it.
struct keyword_hint {
  enum class word : std::uint8_t { before, at };
  word which = word::at;
  std::string_view keywords;  // space-separated; none when empty
};

template <class Rule>
inline constexpr const char* error_message = nullptr;

// Whether `Rule` has a message above (a flag rather than a comparison of error_message with
// nullptr, which GCC does not fold for a message joined at compile time under -fsanitize=null).
template <class Rule>
inline constexpr bool has_error_message = false;

template <class Rule>
inline constexpr keyword_hint error_keywords = {};

template <class Rule>
inline constexpr anchor error_anchor = anchor::expected_here;

#define GRAPHC_SYNTAX_ERROR(rule, message)                    \
  template <>                                                 \
  inline constexpr const char* error_message<rule> = message; \
  template <>                                                 \
  inline constexpr bool has_error_message<rule> = true;

#define GRAPHC_SYNTAX_ERROR_AT_TEXT(rule, message) \
  GRAPHC_SYNTAX_ERROR(rule, message)               \
  template <>                                      \
  inline constexpr anchor error_anchor<rule> = anchor::offending;

#define GRAPHC_SYNTAX_ERROR_AT_WORD_BEFORE(rule, message) \
  GRAPHC_SYNTAX_ERROR(rule, message)                      \
  template <>                                             \
  inline constexpr anchor error_anchor<rule> = anchor::word_before;

#define GRAPHC_SYNTAX_HINT(rule, which, keywords) \
  template <>                                     \
  inline constexpr keyword_hint error_keywords<rule> = {keyword_hint::word::which, keywords};

// Text joined at compile time, for the messages and hints made from node_kinds.def's rows:
// `joined<parts>` is the NUL-terminated concatenation of a static array of string_views.
template <const auto& Parts>
inline constexpr auto joined = [] {
  constexpr std::size_t size = [] {
    std::size_t n = 1;
    for (const std::string_view part : Parts) n += part.size();
    return n;
  }();
  std::array<char, size> out{};
  std::size_t n = 0;
  for (const std::string_view part : Parts) {
    for (const char c : part) out[n++] = c;
  }
  return out;
}();

// The words a statement of a graph may start with: the declaration keywords, then every node
// statement's keyword in the table's order (a conditional node's three in its place).
inline constexpr std::string_view declaration_keywords[] = {"const", "param", "buffer", "view",
                                                            "cond",  "event", "comm"};
inline constexpr auto statement_starts = [] {
  std::array<std::string_view, std::size(declaration_keywords) + kNodeKindCount + kConditionalKeywords.size() - 1>
      out{};
  std::size_t n = 0;
  for (const std::string_view keyword : declaration_keywords) out[n++] = keyword;
  for (const NodeKindInfo& row : kNodeKinds) {
    if (row.kind == NodeKind::conditional) {
      for (const std::string_view keyword : kConditionalKeywords) out[n++] = keyword;
    } else {
      out[n++] = row.keyword;
    }
  }
  return out;
}();

// `Words` between `open` and `close`, each pair apart by `between`, for joined<>.
template <const auto& Words>
constexpr auto listed(std::string_view open, std::string_view between, std::string_view close) {
  std::array<std::string_view, 2 * std::size(Words) + 1> out{};
  std::size_t n = 0;
  out[n++] = open;
  for (std::size_t i = 0; i < std::size(Words); ++i) {
    if (i > 0) out[n++] = between;
    out[n++] = Words[i];
  }
  out[n++] = close;
  return out;
}

// Space-separated, for the "did you mean" of a misspelt keyword.
inline constexpr auto statement_keyword_parts = listed<statement_starts>("", " ", "");
inline constexpr auto statement_keywords = joined<statement_keyword_parts>;

// A statement that does not start with a declaration keyword reads as an edge, so a
// misspelt keyword shows up as a missing arrow after it.
template <>
inline constexpr keyword_hint error_keywords<first_arrow> = {
    keyword_hint::word::before, std::string_view(statement_keywords.data(), statement_keywords.size() - 1)};
GRAPHC_SYNTAX_HINT(file_end, at, "module import struct graph")
GRAPHC_SYNTAX_HINT(buffer_init, at, "fill iota")
GRAPHC_SYNTAX_HINT(copy_end, at, "bytes")
GRAPHC_SYNTAX_HINT(edge_port, at, "programmatic launch_completion")

// lexical.hpp
GRAPHC_SYNTAX_ERROR_AT_TEXT(unterminated_comment, "unterminated comment: '/*' has no matching '*/'")
GRAPHC_SYNTAX_ERROR_AT_TEXT(unterminated_string, "unterminated string: '\"' has no matching '\"' on its line")
GRAPHC_SYNTAX_ERROR_AT_TEXT(reserved_name, "'{}' is a reserved word and cannot be used as a name")

// expr.hpp
GRAPHC_SYNTAX_ERROR(expr, "expected an expression")
GRAPHC_SYNTAX_ERROR(product, "expected an operand after the operator")
GRAPHC_SYNTAX_ERROR(operand, "expected an operand after the operator")
GRAPHC_SYNTAX_ERROR(nested_expr, "expected an expression")
GRAPHC_SYNTAX_ERROR(nested_operand, "expected an operand after '-'")
GRAPHC_SYNTAX_ERROR(paren_close, "expected ')' to close the parenthesis")
GRAPHC_SYNTAX_ERROR(call_close, "expected ',' or ')' after a function argument")
GRAPHC_SYNTAX_ERROR(cast_open, "expected '(' after the type: a cast is written like i64(x)")
GRAPHC_SYNTAX_ERROR(cast_close, "expected ')' after the value of the cast: a cast takes one value")

// decls.hpp
GRAPHC_SYNTAX_ERROR(module_path, "expected the module's path as a string, such as \"kernels.cu\"")
GRAPHC_SYNTAX_ERROR(module_end, "expected ';' after the module declaration")
GRAPHC_SYNTAX_ERROR(const_name, "expected the const's name after 'const'")
GRAPHC_SYNTAX_ERROR(const_equals, "expected '=' and a value after the const's name")
GRAPHC_SYNTAX_ERROR(const_end, "expected ';' after the const declaration")
GRAPHC_SYNTAX_ERROR(variant_name, "expected the variant dimension's name after 'variant'")
GRAPHC_SYNTAX_ERROR(variant_in,
                    "expected 'in' and the values, such as {1, 2, 4, 8}, after the variant dimension's name")
GRAPHC_SYNTAX_ERROR(variant_open, "expected '{' and the variant dimension's values, such as {1, 2, 4, 8}")
GRAPHC_SYNTAX_ERROR(variant_value, "expected an integer literal, a value of the variant dimension")
GRAPHC_SYNTAX_ERROR(variant_close, "expected ',' or '}' after a value of the variant dimension")
GRAPHC_SYNTAX_ERROR(variant_end, "expected ';' after the variant declaration")
GRAPHC_SYNTAX_ERROR(param_name, "expected the param's name after 'param'")
GRAPHC_SYNTAX_ERROR(param_colon, "expected ':' and a type after the param's name")
GRAPHC_SYNTAX_ERROR(type_name, "expected a type (i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64, char, or a "
                               "CUDA vector type such as float4)")
GRAPHC_SYNTAX_ERROR(param_default,
                    "expected the param's default: an expression, or TYPE{...} with a value per lane for a vector type")
GRAPHC_SYNTAX_ERROR(param_end, "expected '=' or ';' after the param's type")
GRAPHC_SYNTAX_ERROR(buffer_name, "expected the buffer's name after 'buffer'")
GRAPHC_SYNTAX_ERROR(buffer_colon, "expected ':' and an element type after the buffer's name")
GRAPHC_SYNTAX_ERROR(count_open, "expected '[' and the number of elements after the buffer's element type")
GRAPHC_SYNTAX_ERROR(count_close, "expected ']' after the number of elements")
GRAPHC_SYNTAX_ERROR(width_close, "expected ']' after the number of elements per row")
GRAPHC_SYNTAX_ERROR(space_name, "expected the buffer's memory space (device, host or managed)")
GRAPHC_SYNTAX_ERROR(buffer_init, "expected the buffer's initial contents: fill(v), iota(start) or {v0, v1, ...}")
GRAPHC_SYNTAX_ERROR(fill_open, "expected '(' after 'fill'")
GRAPHC_SYNTAX_ERROR(iota_open, "expected '(' after 'iota'")
GRAPHC_SYNTAX_ERROR(init_close, "expected ')' after the initial value")
GRAPHC_SYNTAX_ERROR(list_close, "expected ',' or '}' after a value of the list")
GRAPHC_SYNTAX_ERROR(buffer_end, "expected '=' or ';' after the buffer's memory space")
GRAPHC_SYNTAX_ERROR(placement_open, "expected '(' and the devices, as in peers(0, 1)")
GRAPHC_SYNTAX_ERROR(placement_close, "expected ')' after a device number")
GRAPHC_SYNTAX_ERROR(view_name, "expected the view's name after 'view'")
GRAPHC_SYNTAX_ERROR(view_colon, "expected ':' and an element type after the view's name")
GRAPHC_SYNTAX_ERROR(view_open, "expected '[' and the number of elements after the view's element type")
GRAPHC_SYNTAX_ERROR(view_close, "expected ']' after the number of elements")
GRAPHC_SYNTAX_ERROR(kw_of, "expected 'of' and the buffer the view is of after the number of elements")
GRAPHC_SYNTAX_ERROR(view_base, "expected the buffer the view is of after 'of'")
GRAPHC_SYNTAX_ERROR(view_offset, "expected the view's offset in elements of its base after '+'")
GRAPHC_SYNTAX_ERROR(view_end, "expected '+' and an offset, or ';', after the view's base")
GRAPHC_SYNTAX_ERROR(event_name, "expected the event's name after 'event'")
GRAPHC_SYNTAX_ERROR(event_attr, "expected an event attribute, such as timing")
GRAPHC_SYNTAX_ERROR(event_attrs_close, "expected ',' or ']' after an event attribute")
GRAPHC_SYNTAX_ERROR(event_end, "expected '[' and the event's attributes, or ';', after the event's name")
GRAPHC_SYNTAX_ERROR(comm_name, "expected the communicator's name after 'comm'")
GRAPHC_SYNTAX_ERROR(comm_end, "expected ';' after the communicator's name (or its attributes in [...])")
GRAPHC_SYNTAX_ERROR(comm_attr, "expected a communicator attribute, such as register")
GRAPHC_SYNTAX_ERROR(comm_attrs_close, "expected ',' or ']' after a communicator attribute")

// nodes.hpp
GRAPHC_SYNTAX_ERROR(dim_close, "expected ')' after the dimensions: at most three, (x, y, z)")
GRAPHC_SYNTAX_ERROR(launch_grid, "expected the grid size: an expression or (x, y, z)")
GRAPHC_SYNTAX_ERROR(launch_comma, "expected ',' and the block size after the grid size")
GRAPHC_SYNTAX_ERROR(launch_block, "expected the block size: an expression or (x, y, z)")
GRAPHC_SYNTAX_ERROR(launch_shared, "expected the bytes of dynamic shared memory after ','")
GRAPHC_SYNTAX_ERROR(launch_open, "expected '<<<' and the launch configuration after the kernel's name")
GRAPHC_SYNTAX_ERROR(launch_close, "expected '>>>' after the launch configuration (grid, block and shared memory)")
GRAPHC_SYNTAX_ERROR(kernel_args, "expected '(' and the kernel's arguments after '>>>'")
GRAPHC_SYNTAX_ERROR(kernel_args_close, "expected ',' or ')' after a kernel argument")
GRAPHC_SYNTAX_ERROR(exec_graph, "expected a graph's name after '@'")
GRAPHC_SYNTAX_ERROR(handle_node, "expected a kernel node's name after '&'")
GRAPHC_SYNTAX_ERROR(kernel_arg, "expected an expression, '@' and a graph's name, or '&' and a kernel node's name")
GRAPHC_SYNTAX_ERROR(vector_lanes, "expected '{' and one value per lane of the vector type")
GRAPHC_SYNTAX_ERROR(vector_lanes_close, "expected ',' or '}' after a lane's value")
GRAPHC_SYNTAX_ERROR(aggregate_fields, "expected '{' and one value per field of the struct")
GRAPHC_SYNTAX_ERROR(aggregate_close, "expected ',' or '}' after a field's value")
GRAPHC_SYNTAX_ERROR(aggregate_field, "expected a field's value: an expression or nullptr")
GRAPHC_SYNTAX_ERROR(kernel_name, "expected the node's name after 'kernel'")
GRAPHC_SYNTAX_ERROR(kernel_colon, "expected ':' and the kernel function after the node's name")
GRAPHC_SYNTAX_ERROR(kernel_function, "expected the kernel function, such as axpy or ns::scale<float>")
GRAPHC_SYNTAX_ERROR(kernel_attr, "expected a kernel attribute, such as priority(1) or cooperative")
GRAPHC_SYNTAX_ERROR(kernel_attr_args_close, "expected ',' or ')' after an attribute's argument")
GRAPHC_SYNTAX_ERROR(kernel_attrs_close, "expected ',' or ']' after a kernel attribute")
GRAPHC_SYNTAX_ERROR(kernel_end, "expected '[' and the kernel's attributes, or ';', after the kernel node")
GRAPHC_SYNTAX_ERROR(slice, "expected a buffer, or a slice such as buf[offset:length]")
GRAPHC_SYNTAX_ERROR(slice_colon, "expected ':' between the slice's offset and length, as in buf[offset:length]")
GRAPHC_SYNTAX_ERROR(slice_close, "expected ']' after the slice's length, or ',' and the box's next range (at most "
                                 "three: buf[z:depth, row:rows, column:columns])")
GRAPHC_SYNTAX_ERROR(column_colon,
                    "expected ':' between the range's start and size, as in buf[row:rows, column:columns]")
GRAPHC_SYNTAX_ERROR(copy_name, "expected the node's name after 'copy'")
GRAPHC_SYNTAX_ERROR(copy_colon, "expected ':' and the destination after the node's name")
GRAPHC_SYNTAX_ERROR(copy_dst, "expected the destination buffer of the copy")
GRAPHC_SYNTAX_ERROR(copy_arrow, "expected '<-' and the source after the destination")
GRAPHC_SYNTAX_ERROR(copy_src, "expected the source buffer of the copy after '<-'")
GRAPHC_SYNTAX_ERROR(copy_bytes, "expected the number of bytes after 'bytes'")
GRAPHC_SYNTAX_ERROR(copy_end, "expected 'bytes' or ';' after the copy's source")
GRAPHC_SYNTAX_ERROR(memset_name, "expected the node's name after 'memset'")
GRAPHC_SYNTAX_ERROR(memset_colon, "expected ':' and the destination after the node's name")
GRAPHC_SYNTAX_ERROR(memset_dst, "expected the buffer the memset writes")
GRAPHC_SYNTAX_ERROR(memset_equals, "expected '=' and the value after the memset's destination")
GRAPHC_SYNTAX_ERROR(memset_value, "expected the value the memset writes")
GRAPHC_SYNTAX_ERROR(memset_end, "expected ';' after the memset node")
GRAPHC_SYNTAX_ERROR(host_name, "expected the node's name after 'host'")
GRAPHC_SYNTAX_ERROR(host_colon, "expected ':' and the host function after the node's name")
GRAPHC_SYNTAX_ERROR(host_function, "expected the host function's name")
GRAPHC_SYNTAX_ERROR(host_args, "expected '(' after the host function's name")
GRAPHC_SYNTAX_ERROR(host_args_close, "expected ',' or ')' after an argument of the host function, whose arguments are "
                                     "buffers, params and constant expressions (not '@graph')")
GRAPHC_SYNTAX_ERROR(host_end, "expected ';' after the host node")
GRAPHC_SYNTAX_ERROR(empty_name, "expected the node's name after 'empty'")
GRAPHC_SYNTAX_ERROR(empty_end, "expected ';' after the empty node")
GRAPHC_SYNTAX_ERROR(record_name, "expected the node's name after 'record'")
GRAPHC_SYNTAX_ERROR(record_colon, "expected ':' and the event after the node's name")
GRAPHC_SYNTAX_ERROR(record_event, "expected the event the node records")
GRAPHC_SYNTAX_ERROR(record_end, "expected ';' after the record node")
GRAPHC_SYNTAX_ERROR(wait_name, "expected the node's name after 'wait'")
GRAPHC_SYNTAX_ERROR(wait_colon, "expected ':' and the event after the node's name")
GRAPHC_SYNTAX_ERROR(wait_event, "expected the event the node waits for")
GRAPHC_SYNTAX_ERROR(wait_end, "expected ';' after the wait node")

// edges.hpp
GRAPHC_SYNTAX_ERROR(edge_node, "expected a node's name")
GRAPHC_SYNTAX_ERROR(group_close, "expected ',' or '}' after a node of the group")
inline constexpr auto first_arrow_parts =
    listed<statement_starts>("expected '->' after the node's name; a declaration starts with ", ", ", " or for");
GRAPHC_SYNTAX_ERROR(first_arrow, joined<first_arrow_parts>.data())
GRAPHC_SYNTAX_ERROR(edge_port, "expected the edge's port after '[': programmatic or launch_completion")
GRAPHC_SYNTAX_ERROR(port_close, "expected ']' after the edge's port")
GRAPHC_SYNTAX_ERROR(edge_target, "expected a node's name or a group {a, b, ...} after '->'")
GRAPHC_SYNTAX_ERROR(edge_semicolon, "expected '->' or ';' after the node")

// conditionals.hpp
GRAPHC_SYNTAX_ERROR(cond_name, "expected the cond's name after 'cond'")
GRAPHC_SYNTAX_ERROR(cond_default, "expected the cond's default value after '='")
GRAPHC_SYNTAX_ERROR(cond_end, "expected '=' or ';' after the cond's name")
GRAPHC_SYNTAX_ERROR_AT_TEXT(misplaced_decl,
                            "'{}' declarations belong to the graph, not to a body: declare it before the conditional "
                            "node, at the graph's level")
GRAPHC_SYNTAX_ERROR_AT_TEXT(body_close, "expected a node, a cond, an edge, or '}' to close the body")
GRAPHC_SYNTAX_ERROR(test_open, "expected '(' and the cond the node tests after its name")
GRAPHC_SYNTAX_ERROR(test_cond, "expected the name of a cond")
GRAPHC_SYNTAX_ERROR(test_close, "expected ')' after the cond")
GRAPHC_SYNTAX_ERROR(if_name, "expected the node's name after 'if'")
GRAPHC_SYNTAX_ERROR(then_body, "expected '{' and the body the if runs when its cond is non-zero")
GRAPHC_SYNTAX_ERROR(nested_body, "expected '{' and the body after 'else'")
GRAPHC_SYNTAX_ERROR(while_name, "expected the node's name after 'while'")
GRAPHC_SYNTAX_ERROR(while_body, "expected '{' and the body the while repeats")
GRAPHC_SYNTAX_ERROR(switch_name, "expected the node's name after 'switch'")
GRAPHC_SYNTAX_ERROR(switch_open, "expected '{' and the cases after the switch's cond")
GRAPHC_SYNTAX_ERROR(case_body, "expected a case, as in 'case 0 { ... }'")
GRAPHC_SYNTAX_ERROR(case_value, "expected the case's value, a non-negative integer")
GRAPHC_SYNTAX_ERROR_AT_TEXT(switch_close, "expected another case or '}' to close the switch")

// loops.hpp and indexed_names.hpp
GRAPHC_SYNTAX_ERROR(loop_variable, "expected the loop's variable after 'for'")
GRAPHC_SYNTAX_ERROR(kw_in, "expected 'in' and a range such as 0..L after the loop's variable")
GRAPHC_SYNTAX_ERROR(loop_first, "expected the first value of the loop's range after 'in'")
GRAPHC_SYNTAX_ERROR(range_dots, "expected '..' after the first value of the loop's range, as in 0..L")
GRAPHC_SYNTAX_ERROR(loop_last, "expected the end of the loop's range after '..'")
GRAPHC_SYNTAX_ERROR(nested_loop, "expected '{' and the items the loop repeats after its range")
GRAPHC_SYNTAX_ERROR_AT_TEXT(loop_close, "expected a node, an edge, a loop, or '}' to close the loop")
GRAPHC_SYNTAX_ERROR_AT_TEXT(misplaced_loop_decl,
                            "'{}' declarations belong to the graph, not to a loop, which repeats nodes and edges: "
                            "declare it before the loop, at the graph's level")
GRAPHC_SYNTAX_ERROR(index_close, "expected ']' after the node's index")
GRAPHC_SYNTAX_ERROR(node_name, "expected a node's name, as in layer or layer[i]")
GRAPHC_SYNTAX_ERROR_AT_WORD_BEFORE(keyword_node_name, "'{}' is a reserved word and cannot name a node")

// memory_nodes.hpp
GRAPHC_SYNTAX_ERROR(alloc_name, "expected the node's name after 'alloc'")
GRAPHC_SYNTAX_ERROR(alloc_colon, "expected ':' and an element type after the alloc's name")
GRAPHC_SYNTAX_ERROR(alloc_open, "expected '[' and the number of elements after the alloc's element type")
GRAPHC_SYNTAX_ERROR(alloc_count, "expected the number of elements the alloc allocates")
GRAPHC_SYNTAX_ERROR(alloc_close, "expected ']' after the number of elements")
GRAPHC_SYNTAX_ERROR(alloc_end, "expected ';' after the alloc node (or its device(i) and peers(j, ...))")
GRAPHC_SYNTAX_ERROR(free_name, "expected the node's name after 'free'")
GRAPHC_SYNTAX_ERROR(free_colon, "expected ':' and the alloc node whose memory it frees after the node's name")
GRAPHC_SYNTAX_ERROR(free_alloc, "expected the name of the alloc node whose memory the free releases")
GRAPHC_SYNTAX_ERROR(free_end, "expected ';' after the free node")

// calls.hpp
GRAPHC_SYNTAX_ERROR(import_path, "expected the imported file's path as a string, such as \"layers.graph\"")
GRAPHC_SYNTAX_ERROR(import_end, "expected ';' after the import declaration")
GRAPHC_SYNTAX_ERROR(graph_parameter, "expected a parameter, such as x : f32[N] device, s : f32 or c : comm")
GRAPHC_SYNTAX_ERROR(parameter_colon, "expected ':' and a type after the parameter's name")
GRAPHC_SYNTAX_ERROR(parameter_count_close, "expected ']' after the number of elements")
GRAPHC_SYNTAX_ERROR(parameters_close, "expected ',' or ')' after a parameter")
GRAPHC_SYNTAX_ERROR(call_node_name, "expected the node's name after 'call'")
GRAPHC_SYNTAX_ERROR(call_colon, "expected ':' and the called graph after the node's name")
GRAPHC_SYNTAX_ERROR(called_graph, "expected the name of the graph the node calls")
GRAPHC_SYNTAX_ERROR(call_args_close, "expected ',' or ')' after an argument of the call")
GRAPHC_SYNTAX_ERROR(call_end, "expected '(' and the arguments, or ';', after the called graph")

// function_nodes.hpp: worded from kind K's row, its keyword and its function's noun and forms
template <NodeKind K>
struct function_node_messages {
  static constexpr const NodeKindInfo& row = info(K);
  static constexpr std::string_view name[] = {"expected the node's name after '", row.keyword, "'"};
  static constexpr std::string_view colon[] = {"expected ':' and ", row.function_noun, " after the node's name"};
  static constexpr std::string_view function[] = {"expected ", row.function_noun, ": ", row.function_forms};
  static constexpr std::string_view args[] = {"expected '(' and the arguments after ", row.function_noun};
  static constexpr std::string_view args_close[] = {"expected ',' or ')' after an argument of the ", row.keyword};
  static constexpr std::string_view end[] = {"expected ';' after the ", row.keyword, " node"};
};
template <NodeKind K>
inline constexpr const char* error_message<function_node_name<K>> = joined<function_node_messages<K>::name>.data();
template <NodeKind K>
inline constexpr const char* error_message<function_node_colon<K>> = joined<function_node_messages<K>::colon>.data();
template <NodeKind K>
inline constexpr const char* error_message<function_node_function<K>> =
    joined<function_node_messages<K>::function>.data();
template <NodeKind K>
inline constexpr const char* error_message<function_node_args<K>> = joined<function_node_messages<K>::args>.data();
template <NodeKind K>
inline constexpr const char* error_message<function_node_args_close<K>> =
    joined<function_node_messages<K>::args_close>.data();
template <NodeKind K>
inline constexpr const char* error_message<function_node_end<K>> = joined<function_node_messages<K>::end>.data();
template <NodeKind K>
inline constexpr bool has_error_message<function_node_name<K>> = true;
template <NodeKind K>
inline constexpr bool has_error_message<function_node_colon<K>> = true;
template <NodeKind K>
inline constexpr bool has_error_message<function_node_function<K>> = true;
template <NodeKind K>
inline constexpr bool has_error_message<function_node_args<K>> = true;
template <NodeKind K>
inline constexpr bool has_error_message<function_node_args_close<K>> = true;
template <NodeKind K>
inline constexpr bool has_error_message<function_node_end<K>> = true;

// structs.hpp
GRAPHC_SYNTAX_ERROR(struct_name, "expected the struct's C++ name after 'struct', such as SaxpyArgs or ns::Args")
GRAPHC_SYNTAX_ERROR(struct_open, "expected '{' and the struct's fields after its name")
GRAPHC_SYNTAX_ERROR_AT_TEXT(struct_close,
                            "expected a field, `name : type;` or `name : type*;`, or '}' to close the struct")
GRAPHC_SYNTAX_ERROR(field_colon, "expected ':' and the field's type after its name")
GRAPHC_SYNTAX_ERROR(field_end, "expected '*' or ';' after the field's type")

// file.hpp
GRAPHC_SYNTAX_ERROR(graph_name, "expected the graph's name after 'graph'")
GRAPHC_SYNTAX_ERROR(graph_open,
                    "expected '(' and its parameters, '[' and its attributes, or '{', after the graph's name")
GRAPHC_SYNTAX_ERROR(attr_name, "expected a graph attribute, such as device_launch")
GRAPHC_SYNTAX_ERROR(attrs_close, "expected ',' or ']' after a graph attribute")
GRAPHC_SYNTAX_ERROR_AT_TEXT(graph_close, "expected a declaration, an edge, or '}' to close the graph")
GRAPHC_SYNTAX_ERROR_AT_TEXT(file_end, "expected 'module', 'import', 'struct' or 'graph' at the top level of the file")
GRAPHC_SYNTAX_ERROR_AT_TEXT(fragment_end, "unexpected '{}' after the value")
GRAPHC_SYNTAX_ERROR(lone_name, "expected a name: a letter or '_', then letters, digits and '_'")

// Expressions and template argument lists nest at most this deep, so that no input can
// exhaust the parser's stack (C++ compilers promise 256 nested parentheses).
inline constexpr std::size_t max_nesting = 256;
inline constexpr const char* nesting_error_message =
    "nested too deeply: at most 256 levels of parentheses, negations, calls, casts and template arguments";
// Conditional bodies nest at most this deep (each level is a body graph inside a node).
inline constexpr std::size_t max_body_nesting = 64;
inline constexpr const char* body_nesting_error_message =
    "nested too deeply: at most 64 levels of conditional bodies and loops";

#undef GRAPHC_SYNTAX_HINT
#undef GRAPHC_SYNTAX_ERROR_AT_WORD_BEFORE
#undef GRAPHC_SYNTAX_ERROR_AT_TEXT
#undef GRAPHC_SYNTAX_ERROR

// A syntax error: the message, where it points, the byte offset of the offending text,
// and the keywords a nearby word may have meant.
class syntax_error : public std::runtime_error {
 public:
  syntax_error(const char* message, anchor where, std::size_t offset, keyword_hint keywords = {})
      : std::runtime_error(message), where_(where), offset_(offset), keywords_(keywords) {}

  anchor where() const { return where_; }
  std::size_t offset() const { return offset_; }
  const keyword_hint& keywords() const { return keywords_; }

 private:
  anchor where_;
  std::size_t offset_;
  keyword_hint keywords_;
};

// The control class of the parse: PEGTL's normal control, with `raise` throwing the
// rule's message from the table above.
template <class Rule>
struct control : normal<Rule> {
  static constexpr const char* error_message = grammar::error_message<Rule>;

  template <class ParseInput, class... States>
  [[noreturn]] static void raise(const ParseInput& in, States&&... /*unused*/) {
    static_assert(has_error_message<Rule>, "a rule that can raise needs a message in errors.hpp");
    throw syntax_error(grammar::error_message<Rule>, error_anchor<Rule>, in.byte(), error_keywords<Rule>);
  }
};

}  // namespace graphc::grammar
