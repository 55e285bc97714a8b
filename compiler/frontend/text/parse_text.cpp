#include "frontend/text/parse_text.h"

#include <cctype>
#include <memory>
#include <string>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "frontend/text/builders.h"
#include "frontend/text/tree.h"
#include "grammar/errors.hpp"

namespace graphc::frontend {
namespace {

using text::BuildContext;
using text::ParseNode;
using text::TokenEnds;

// The word (or the one character, or "end of file") at `offset`, for messages with `{}`.
std::string word_at(const std::string& source, std::size_t offset) {
  if (offset >= source.size()) return "end of file";
  std::size_t end = offset;
  while (end < source.size() && (std::isalnum(static_cast<unsigned char>(source[end])) != 0 || source[end] == '_')) ++end;
  return source.substr(offset, std::max(end, offset + 1) - offset);
}

// A syntax error's position: at the offending text, or just after the previous token
// when the offending text is on a later line (where the missing `;` belongs).
SourceRange error_range(const SourceFile& source, FileId file, const TokenEnds& ends, const grammar::syntax_error& e) {
  auto offset = static_cast<std::uint32_t>(e.offset());
  if (e.where() == grammar::anchor::expected_here) {
    const std::uint32_t previous = ends.token_end(offset);
    if (source.line_column(previous).line < source.line_column(offset).line) offset = previous;
  }
  return {file, offset, offset};
}

ir::Module build_module(const BuildContext& ctx, const ParseNode& root) {
  ir::Module module;
  module.path = ctx.source.path();
  for (const auto& child : root.children) {
    if (child->is_type<grammar::module_decl>()) {
      module.modules.push_back(text::build_module_decl(ctx, *child, module.path));
    } else {
      module.graphs.push_back(text::build_graph(ctx, *child));
    }
  }
  return module;
}

}  // namespace

ir::Module parse_text(const SourceManager& sources, FileId file, DiagEngine& diags) {
  const SourceFile& source = sources.file(file);
  TokenEnds ends(source.text().size());
  tao::pegtl::memory_input<> in(source.text(), source.path());
  std::unique_ptr<ParseNode> root;
  try {
    root = tao::pegtl::parse_tree::parse<grammar::file, text::selector, text::track_tokens, grammar::control>(in, ends);
  } catch (const grammar::syntax_error& e) {
    const std::string message = fmt::format(fmt::runtime(e.what()), word_at(source.text(), e.offset()));
    diags.report(DiagCode::syntax_error, error_range(source, file, ends, e), message);
    ir::Module empty;
    empty.path = source.path();
    return empty;
  }
  return build_module(BuildContext{source, file, ends, diags}, *root);
}

}  // namespace graphc::frontend
