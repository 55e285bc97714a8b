// Pieces of the text language inside another file: the YAML front end reads every scalar
// that holds an expression, a kernel argument, a slice, a function or a name with the text
// grammar's own rules, so both front ends accept the same things and report the same
// syntax errors (E0001), here at the scalar's place in the YAML file.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "diag/diagnostic.h"
#include "frontend/text/loop_stack.h"
#include "graphc/base/node_kinds.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::frontend::text {

struct ParseState;

class FragmentParser {
 public:
  /// `loops`, when given, are the variables of the loops around the pieces parsed (an
  /// expression naming one is its value); it must outlive the parser.
  FragmentParser(const SourceManager& sources, FileId file, DiagEngine& diags,
                 const std::vector<LoopValue>* loops = nullptr);
  FragmentParser(const FragmentParser&) = delete;
  FragmentParser& operator=(const FragmentParser&) = delete;
  ~FragmentParser();

  /// Each parses the bytes of `where` (in the file given above), which must be the whole
  /// piece, and returns nullopt after reporting E0001 when they are not one.
  std::optional<ir::Expr> expr(SourceRange where) const;
  std::optional<ir::KernelArg> kernel_arg(SourceRange where) const;  // `@g` or an expression
  /// A param's default, an expression or `float4{1, 2, 3, 4}`, into `param`; whether it is one.
  bool param_default(SourceRange where, ir::Param& param) const;
  std::optional<ir::KernelAttribute> kernel_attribute(SourceRange where) const;  // `priority(2)`
  std::optional<ir::BufferSlice> slice(SourceRange where) const;                 // `buf` or `buf[offset:length]`
  std::optional<std::string> function(SourceRange where) const;                  // a C++ name, normalised
  /// The function of a node of `kind`, a kind written `KEYWORD NAME : FUNCTION(args);` (a
  /// capture node's `cublas.gemm<T, N>` or a C++ name), normalised.
  std::optional<std::string> node_function(NodeKind kind, SourceRange where) const;
  /// A user's name (an identifier that is not a reserved word): whether it is one.
  bool name(SourceRange where) const;

  /// A node's name where it is declared or named in an edge, `layer` or `layer[i + 1]`:
  /// the name and the index as written, if any.
  struct NodeName {
    std::string base;
    std::optional<ir::Expr> index;
  };
  std::optional<NodeName> node_name(SourceRange where) const;

  /// The file id of the ranges it makes: the file's, or that of an iteration of a loop in
  /// it (SourceManager::add_iteration).
  void set_file(FileId file) { file_ = file; }

 private:
  const SourceManager& sources_;
  FileId file_;
  DiagEngine& diags_;
  const std::vector<LoopValue>* loops_;
  std::unique_ptr<ParseState> state_;  // the memory each piece's parse reuses
};

}  // namespace graphc::frontend::text
