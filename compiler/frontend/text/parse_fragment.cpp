#include "frontend/text/parse_fragment.h"

#include <memory>

#include <tao/pegtl.hpp>

#include "frontend/text/builders.h"
#include "frontend/text/syntax_error.h"
#include "frontend/text/tree.h"
#include "grammar/errors.hpp"

namespace graphc::frontend::text {
namespace {

// The parse tree of a piece and the token ends it recorded; no tree after a syntax error.
struct Fragment {
  std::unique_ptr<ParseState> state;
  std::optional<SyntaxTree> tree;
  const ParseNode* root() const { return tree ? &tree->root() : nullptr; }
};

// `Rule` over the bytes of `where`, positioned in its file, so that every node's range is
// a range of the file.
template <class Rule>
Fragment parse(const SourceFile& source, FileId file, SourceRange where, DiagEngine& diags) {
  Fragment out;
  out.state = std::make_unique<ParseState>();
  const char* begin = source.text().data() + where.begin;
  const LineColumn at = source.line_column(where.begin);
  // No source name, as in parse_text.
  tao::pegtl::memory_input<> in(begin, source.text().data() + where.end, std::string(), where.begin, at.line,
                                at.column);
  try {
    out.tree.emplace(parse_tree<grammar::fragment<Rule>>(in, *out.state));
  } catch (const grammar::syntax_error& e) {
    report_syntax_error(source, file, out.state->ends, e, diags);
  }
  return out;
}

}  // namespace

FragmentParser::FragmentParser(const SourceManager& sources, FileId file, DiagEngine& diags,
                               const std::vector<LoopValue>* loops)
    : sources_(sources), file_(file), diags_(diags), loops_(loops) {}

std::optional<ir::Expr> FragmentParser::expr(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const auto f = parse<grammar::expr>(source, file_, where, diags_);
  if (!f.tree) return std::nullopt;
  return build_expr(BuildContext{source, file_, diags_, loops_}, *f.root()->children.at(0));
}

bool FragmentParser::param_default(SourceRange where, ir::Param& param) const {
  const SourceFile& source = sources_.file(file_);
  const auto f = parse<grammar::param_default>(source, file_, where, diags_);
  if (!f.tree) return false;
  build_param_default(BuildContext{source, file_, diags_, loops_}, *f.root()->children.at(0), param);
  return true;
}

std::optional<ir::KernelArg> FragmentParser::kernel_arg(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const auto f = parse<grammar::kernel_arg>(source, file_, where, diags_);
  if (!f.tree) return std::nullopt;
  return build_kernel_arg(BuildContext{source, file_, diags_, loops_}, *f.root()->children.at(0));
}

std::optional<ir::KernelAttribute> FragmentParser::kernel_attribute(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const auto f = parse<grammar::kernel_attr>(source, file_, where, diags_);
  if (!f.tree) return std::nullopt;
  return build_kernel_attribute(BuildContext{source, file_, diags_, loops_}, *f.root()->children.at(0));
}

std::optional<ir::BufferSlice> FragmentParser::slice(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const auto f = parse<grammar::slice>(source, file_, where, diags_);
  if (!f.tree) return std::nullopt;
  return build_slice(BuildContext{source, file_, diags_, loops_}, *f.root()->children.at(0));
}

namespace {

// The text of a function name matched by `Rule`, normalised.
template <class Rule>
std::optional<std::string> function_text(const SourceFile& source, FileId file, SourceRange where, DiagEngine& diags) {
  const auto f = parse<Rule>(source, file, where, diags);
  if (!f.tree) return std::nullopt;
  return normalize_cpp_name(BuildContext{source, file, diags, nullptr}.text(*f.root()->children.at(0)));
}

}  // namespace

std::optional<std::string> FragmentParser::function(SourceRange where) const {
  return function_text<grammar::kernel_function>(sources_.file(file_), file_, where, diags_);
}

std::optional<std::string> FragmentParser::capture_function(SourceRange where) const {
  return function_text<grammar::capture_function>(sources_.file(file_), file_, where, diags_);
}

bool FragmentParser::name(SourceRange where) const {
  return parse<grammar::lone_name>(sources_.file(file_), file_, where, diags_).tree.has_value();
}

std::optional<FragmentParser::NodeName> FragmentParser::node_name(SourceRange where) const {
  const SourceFile& source = sources_.file(file_);
  const auto f = parse<grammar::node_name>(source, file_, where, diags_);
  if (!f.tree) return std::nullopt;
  const BuildContext ctx{source, file_, diags_, loops_};
  const ParseNode& node = *f.root()->children.at(0);
  if (!node.is_type<grammar::node_name>()) return NodeName{std::string(ctx.text(node)), std::nullopt};
  return NodeName{std::string(ctx.text(*node.children.at(0))), build_expr(ctx, *node.children.at(1))};
}

}  // namespace graphc::frontend::text
