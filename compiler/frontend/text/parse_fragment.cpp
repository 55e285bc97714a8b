#include "frontend/text/parse_fragment.h"

#include <cstddef>
#include <memory>
#include <utility>

#include <tao/pegtl.hpp>

#include "frontend/text/builders.h"
#include "frontend/text/syntax_error.h"
#include "frontend/text/tree.h"
#include "grammar/errors.hpp"

namespace graphc::frontend::text {
namespace {

// `Rule` over the bytes of `where`, positioned in its file, so that every node's range is
// a range of the file: its tree's root (in `state`'s scratch tree), or null after a syntax
// error. Each piece reuses the memory of the one before.
template <class Rule>
const ParseNode* parse(ParseState& state, const SourceFile& source, FileId file, SourceRange where, DiagEngine& diags) {
  state.reset();
  // The file up to the piece's end, from the piece's beginning on, so that offsets are the
  // file's. No source name and no line tracking, as in parse_text.
  tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy> in(source.text().data(), source.text().data() + where.end,
                                                               std::string());
  in.bump(where.begin);
  try {
    text::parse<grammar::fragment<Rule>>(in, state);
  } catch (const grammar::syntax_error& e) {
    report_syntax_error(source, file, state.ends, e, diags);
    return nullptr;
  }
  state.scratch.assign(state.tape, where.end);
  return &state.scratch.root();
}

}  // namespace

FragmentParser::FragmentParser(const SourceManager& sources, FileId file, DiagEngine& diags,
                               const std::vector<LoopValue>* loops)
    : sources_(sources), file_(file), diags_(diags), loops_(loops), state_(std::make_unique<ParseState>()) {}

FragmentParser::~FragmentParser() = default;

std::optional<ir::Expr> FragmentParser::expr(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const ParseNode* root = parse<grammar::expr>(*state_, source, file_, where, diags_);
  if (root == nullptr) return std::nullopt;
  return build_expr(BuildContext{source, file_, diags_, loops_}, *root->children.at(0));
}

bool FragmentParser::param_default(SourceRange where, ir::Param& param) const {
  const SourceFile& source = sources_.file(file_);
  const ParseNode* root = parse<grammar::param_default>(*state_, source, file_, where, diags_);
  if (root == nullptr) return false;
  build_param_default(BuildContext{source, file_, diags_, loops_}, *root->children.at(0), param);
  return true;
}

std::optional<ir::KernelArg> FragmentParser::kernel_arg(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const ParseNode* root = parse<grammar::kernel_arg>(*state_, source, file_, where, diags_);
  if (root == nullptr) return std::nullopt;
  return build_kernel_arg(BuildContext{source, file_, diags_, loops_}, *root->children.at(0));
}

std::optional<ir::KernelAttribute> FragmentParser::kernel_attribute(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const ParseNode* root = parse<grammar::kernel_attr>(*state_, source, file_, where, diags_);
  if (root == nullptr) return std::nullopt;
  return build_kernel_attribute(BuildContext{source, file_, diags_, loops_}, *root->children.at(0));
}

std::optional<ir::BufferSlice> FragmentParser::slice(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const ParseNode* root = parse<grammar::slice>(*state_, source, file_, where, diags_);
  if (root == nullptr) return std::nullopt;
  return build_slice(BuildContext{source, file_, diags_, loops_}, *root->children.at(0));
}

namespace {

// The text of a function name matched by `Rule`, normalised.
template <class Rule>
std::optional<std::string> function_text(ParseState& state, const SourceFile& source, FileId file, SourceRange where,
                                         DiagEngine& diags) {
  const ParseNode* root = parse<Rule>(state, source, file, where, diags);
  if (root == nullptr) return std::nullopt;
  return normalize_cpp_name(BuildContext{source, file, diags, nullptr}.text(*root->children.at(0)));
}

}  // namespace

std::optional<std::string> FragmentParser::function(SourceRange where) const {
  return function_text<grammar::kernel_function>(*state_, sources_.file(file_), file_, where, diags_);
}

std::optional<std::string> FragmentParser::node_function(NodeKind kind, SourceRange where) const {
  return [&]<std::size_t... I>(std::index_sequence<I...> /*unused*/) {
    std::optional<std::string> out;
    ((kind == kFunctionCallKinds[I] && (out = function_text<grammar::function_node_function<kFunctionCallKinds[I]>>(
                                            *state_, sources_.file(file_), file_, where, diags_),
                                        true)) ||
     ...);
    return out;
  }
  (std::make_index_sequence<kFunctionCallKinds.size()>());
}

bool FragmentParser::name(SourceRange where) const {
  return parse<grammar::lone_name>(*state_, sources_.file(file_), file_, where, diags_) != nullptr;
}

std::optional<FragmentParser::NodeName> FragmentParser::node_name(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const ParseNode* root = parse<grammar::node_name>(*state_, source, file_, where, diags_);
  if (root == nullptr) return std::nullopt;
  const BuildContext ctx{source, file_, diags_, loops_};
  const ParseNode& node = *root->children.at(0);
  if (!node.is_type<grammar::node_name>()) return NodeName{std::string(ctx.text(node)), std::nullopt};
  return NodeName{std::string(ctx.text(*node.children.at(0))), build_expr(ctx, *node.children.at(1))};
}

}  // namespace graphc::frontend::text
