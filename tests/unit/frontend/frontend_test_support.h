// Support for the front-end tests: parse a .graph text and look at the IR and the
// diagnostics by line and column.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/const_defines.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::test {

struct Parsed {
  SourceManager sources;
  DiagEngine diags;
  ir::Module module;

  /// "line:col" of the start of a range.
  std::string at(SourceRange range) const;
  /// "line:col-line:col" of a range (the end is the column after its last character).
  std::string span(SourceRange range) const;
  /// The source text a range covers.
  std::string_view text(SourceRange range) const { return sources.text(range); }
  const ir::Graph& graph() const { return module.graphs.at(0); }
  /// A node of the first graph, by name.
  const ir::Node& node(std::string_view name) const;
};

/// Parses `text` as `path` (a .yaml path: the YAML front end) and requires that it parses
/// without any diagnostic.
/// Parses `text` (the front end of `path`'s extension, with `defines`) and requires no
/// diagnostic.
std::unique_ptr<Parsed> parse_ok(std::string text, std::string path = "t.graph", const ir::ConstDefines& defines = {});

/// Parses `text` as `path` (a .yaml path: the YAML front end), whatever the outcome.
std::unique_ptr<Parsed> parse_any(std::string text, std::string path = "t.graph");

/// Parses `text`, requires exactly one diagnostic, and checks its code, "line:col" and
/// message.
void expect_error(std::string text, DiagCode code, std::string_view position, std::string_view message,
                  std::string path = "t.graph");

/// An expression as a prefix form: `(+ a (* 2:i32 b))`, literals as value:type.
std::string sexpr(const ir::Expr& e);

/// The first const of the first graph of `text`, as parsed.
ir::Expr const_value(std::string_view expr);

}  // namespace graphc::test
