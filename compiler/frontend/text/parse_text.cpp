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

// The IR of a file, built from each declaration and graph item as the parse delivers it.
class ModuleBuilder final : public text::ParseSink {
 public:
  explicit ModuleBuilder(const BuildContext& ctx) : ctx_(ctx) { module_.path = ctx.source.path(); }

  void declaration(const ParseNode& decl) override {
    if (decl.is_type<grammar::module_decl>()) {
      if (auto built = text::build_module_decl(ctx_, decl, module_.path)) module_.modules.push_back(std::move(*built));
    } else if (decl.is_type<grammar::import_decl>()) {
      if (auto built = text::build_import(ctx_, decl, module_.path)) module_.imports.push_back(std::move(*built));
    } else {
      module_.structs.push_back(text::build_struct(ctx_, decl));
    }
  }
  void graph_header(const ParseNode& header) override { graph_.emplace(ctx_, header); }
  void graph_item(const ParseNode& item) override { graph_->item(item); }
  void graph_end(std::uint32_t begin, std::uint32_t end) override {
    module_.graphs.push_back(graph_->finish(SourceRange{ctx_.file, begin, end}));
    graph_.reset();
  }

  ir::Module take() { return std::move(module_); }

 private:
  BuildContext ctx_;
  ir::Module module_;
  std::optional<text::GraphBuild> graph_;  // the graph being parsed
};

}  // namespace

ir::Module parse_text(SourceManager& sources, FileId file, DiagEngine& diags, const ir::ConstDefines& defines) {
  const SourceFile& source = sources.file(file);
  // The IR is built while the file is parsed; what building reports is kept apart until
  // the parse succeeds: a file with a syntax error reports that error alone.
  DiagEngine building;
  ModuleBuilder builder(BuildContext{source, file, building, nullptr, &sources, &defines});
  text::ParseState state;
  state.sink = &builder;
  // No source name and no line tracking: graphc reports positions from byte offsets
  // (syntax_error.h), never from PEGTL's names, lines or columns.
  tao::pegtl::memory_input<tao::pegtl::tracking_mode::lazy> in(source.text(), std::string());
  try {
    text::parse<grammar::file>(in, state);
  } catch (const grammar::syntax_error& e) {
    text::report_syntax_error(source, file, state.ends, e, diags);
    ir::Module empty;
    empty.path = source.path();
    return empty;
  }
  for (const Diagnostic& d : building.diagnostics()) diags.add(d);
  return builder.take();
}

}  // namespace graphc::frontend
