#include "frontend/text/parse_text.h"

#include <optional>
#include <string>

#include <tao/pegtl.hpp>

#include "frontend/text/builders.h"
#include "frontend/text/syntax_error.h"
#include "frontend/text/tree.h"
#include "grammar/errors.hpp"

namespace graphc::frontend {
namespace {

using text::BuildContext;
using text::ParseNode;

ir::Module build_module(const BuildContext& ctx, const ParseNode& root) {
  ir::Module module;
  module.path = ctx.source.path();
  for (const ParseNode* child : root.children) {
    if (child->is_type<grammar::module_decl>()) {
      if (auto decl = text::build_module_decl(ctx, *child, module.path)) module.modules.push_back(std::move(*decl));
    } else if (child->is_type<grammar::import_decl>()) {
      if (auto decl = text::build_import(ctx, *child, module.path)) module.imports.push_back(std::move(*decl));
    } else if (child->is_type<grammar::struct_decl>()) {
      module.structs.push_back(text::build_struct(ctx, *child));
    } else {
      module.graphs.push_back(text::build_graph(ctx, *child));
    }
  }
  return module;
}

}  // namespace

ir::Module parse_text(SourceManager& sources, FileId file, DiagEngine& diags) {
  const SourceFile& source = sources.file(file);
  text::ParseState state(0, source.text().size());
  // No source name: graphc reports positions from byte offsets (syntax_error.h), never
  // from PEGTL's names.
  tao::pegtl::memory_input<> in(source.text(), std::string());
  std::optional<text::SyntaxTree> tree;
  try {
    tree.emplace(text::parse_tree<grammar::file>(in, state));
  } catch (const grammar::syntax_error& e) {
    text::report_syntax_error(source, file, state.ends, e, diags);
    ir::Module empty;
    empty.path = source.path();
    return empty;
  }
  return build_module(BuildContext{source, file, state.ends, diags, nullptr, &sources}, tree->root());
}

}  // namespace graphc::frontend
