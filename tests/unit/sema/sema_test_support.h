// Support for the sema tests: parse a .graph text, analyze it, and look at the result by
// line and column.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::test {

struct Analyzed {
  SourceManager sources;
  DiagEngine diags;
  ir::Module module;
  bool ok = false;  // what sema::analyze returned

  /// The diagnostics, sorted by position.
  std::vector<Diagnostic> sorted() const { return diags.sorted(); }
  /// "line:col" of a range.
  std::string at(SourceRange range) const;
  /// Each note as "line:col: message" (or "message" without a location), one per line.
  std::string notes(const Diagnostic& d) const;
  /// A node of the first graph, by name.
  const ir::Node& node(std::string_view name) const;
  const ir::Graph& graph() const { return module.graphs.at(0); }
};

/// Parses `text` as t.graph (the test fails on a syntax error) and analyzes it.
std::unique_ptr<Analyzed> analyze_text(std::string text);

/// Checks that `d` is `code` at `position` ("line:col") with `message`.
void check_diag(const Analyzed& a, const Diagnostic& d, DiagCode code, std::string_view position,
                std::string_view message);

/// Analyzes `text`, requires exactly one diagnostic and checks it; returns it.
Diagnostic single_diag(const Analyzed& a, DiagCode code, std::string_view position, std::string_view message);

}  // namespace graphc::test
