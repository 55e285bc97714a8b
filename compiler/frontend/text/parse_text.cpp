#include "frontend/text/parse_text.h"

#include <cctype>
#include <memory>
#include <string>

#include <tao/pegtl.hpp>

#include "frontend/text/builders.h"
#include "frontend/text/tree.h"
#include "grammar/errors.hpp"

namespace graphc::frontend {
namespace {

using text::BuildContext;
using text::ParseNode;
using text::TokenEnds;

// The word (or the one character, or "end of file") at `offset`.
std::string word_at(const std::string& source, std::size_t offset) {
  if (offset >= source.size()) return "end of file";
  std::size_t end = offset;
  while (end < source.size() && (std::isalnum(static_cast<unsigned char>(source[end])) != 0 || source[end] == '_')) ++end;
  return source.substr(offset, std::max(end, offset + 1) - offset);
}

// A syntax error's position (see grammar::anchor): at the offending text, or just after
// the previous token where something is missing from the end of a line or of the file.
SourceRange error_range(const SourceFile& source, FileId file, const TokenEnds& ends, const grammar::syntax_error& e) {
  auto offset = static_cast<std::uint32_t>(e.offset());
  const std::uint32_t previous = ends.token_end(offset);
  const bool at_end = offset == source.text().size();
  const bool missing_at_line_end = e.where() == grammar::anchor::expected_here &&
                                   source.line_column(previous).line < source.line_column(offset).line;
  if (at_end || missing_at_line_end) offset = previous;
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
  text::ParseState state(source.text().size());
  tao::pegtl::memory_input<> in(source.text(), source.path());
  std::unique_ptr<ParseNode> root;
  try {
    root = tao::pegtl::parse_tree::parse<grammar::file, text::selector, text::parse_actions, grammar::control>(in, state);
  } catch (const grammar::syntax_error& e) {
    std::string message = e.what();
    if (const std::size_t hole = message.find("{}"); hole != std::string::npos) {
      message.replace(hole, 2, word_at(source.text(), e.offset()));
    }
    diags.report(DiagCode::syntax_error, error_range(source, file, state.ends, e), message);
    ir::Module empty;
    empty.path = source.path();
    return empty;
  }
  return build_module(BuildContext{source, file, state.ends, diags}, *root);
}

}  // namespace graphc::frontend
