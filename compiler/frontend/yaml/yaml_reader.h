// Reading a YAML graph file with yaml-cpp: where each YAML node is in the file (yaml-cpp
// marks are 0-based; SourceRange offsets are what every diagnostic prints 1-based), and
// the shape checks every part of the YAML form shares: a map, a list or a scalar where one
// is needed (E0008), the keys a map may have (E0007, with "did you mean"), the keys it
// must have (E0009), and scalars whose text is the file's own (E0011).
#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include <yaml-cpp/yaml.h>

#include "diag/diagnostic.h"
#include "frontend/text/parse_fragment.h"
#include "ir/const_defines.h"
#include "source/source.h"

namespace graphc::frontend::yaml {

class YamlReader {
 public:
  /// `loops`, when given, are the variables of the loops around what is read (an
  /// expression naming one is its value); `defines`, the consts given a value from outside
  /// the file (ir/const_defines.h). Both must outlive the reader.
  YamlReader(const SourceManager& sources, FileId file, DiagEngine& diags,
             const std::vector<text::LoopValue>* loops = nullptr, const ir::ConstDefines* defines = nullptr);

  DiagEngine& diags() const { return diags_; }
  /// The file id of the ranges it makes: the file's, or while the builder expands a loop,
  /// that of the iteration (SourceManager::add_iteration).
  FileId file() const { return file_; }
  void set_file(FileId file) {
    file_ = file;
    fragments_.set_file(file);
  }
  const text::FragmentParser& fragments() const { return fragments_; }
  /// The consts given a value from outside the file; null for none.
  const ir::ConstDefines* defines() const { return defines_; }

  /// Where `node` is: a scalar's text (without its quotes) where it can be found, else the
  /// first character of the node.
  SourceRange range(const YAML::Node& node) const;

  /// Whether `node` is a map / a list / a scalar; E0008 naming `what` when it is not.
  bool is_map(const YAML::Node& node, std::string_view what) const;
  bool is_list(const YAML::Node& node, std::string_view what) const;
  bool is_scalar(const YAML::Node& node, std::string_view what) const;

  /// E0007 for each key of map `node` that is not in `allowed` (with the closest as a
  /// suggestion); `what` names the map ("graph 'g'"). Whether every key is allowed.
  bool check_keys(const YAML::Node& node, std::string_view what, std::initializer_list<std::string_view> allowed) const;

  /// `entry(key, value)` for each entry of map `node` (absent: none), in order; E0008
  /// naming `what` when it is not a map.
  template <class Entry>
  void each_entry(const YAML::Node& node, std::string_view what, Entry&& entry) const {
    if (!node || !is_map(node, what)) return;
    for (const auto& e : node) entry(e.first, e.second);
  }

  /// `node[key]`, or E0009 at `node` when it has no such key.
  std::optional<YAML::Node> required(const YAML::Node& node, std::string_view key, std::string_view what) const;

  /// The text of scalar `node` as it stands in the file, for the text grammar's rules;
  /// nullopt after E0008 (not a scalar) or E0011 (its value differs from its text: escapes,
  /// folded lines).
  std::optional<SourceRange> scalar_text(const YAML::Node& node, std::string_view what) const;

  /// Scalar `node` as an expression, kernel argument, slice, C++ function or name (the text
  /// grammar's rules, E0001 for a bad one).
  std::optional<ir::Expr> expr(const YAML::Node& node, std::string_view what) const;
  std::optional<ir::KernelArg> kernel_arg(const YAML::Node& node, std::string_view what) const;
  /// A param's default (`2.0`, `float4{1, 2, 3, 4}`) into `param`; whether it is one.
  bool param_default(const YAML::Node& node, std::string_view what, ir::Param& param) const;
  std::optional<ir::KernelAttribute> kernel_attribute(const YAML::Node& node, std::string_view what) const;
  std::optional<ir::BufferSlice> slice(const YAML::Node& node, std::string_view what) const;
  std::optional<std::string> function(const YAML::Node& node, std::string_view what) const;
  /// The function of a node of `kind`, a kind written `KEYWORD NAME : FUNCTION(args);`.
  std::optional<std::string> node_function(NodeKind kind, const YAML::Node& node, std::string_view what) const;
  /// A user's name: its text, or nullopt after a diagnostic.
  std::optional<std::string> name(const YAML::Node& node, std::string_view what) const;
  /// A node's name where it is declared or named in an edge, `layer` or `layer[i + 1]`: its
  /// name and index as written, or nullopt after a diagnostic.
  std::optional<text::FragmentParser::NodeName> node_name(const YAML::Node& node, std::string_view what) const;
  /// Any word (a type, a memory space, an attribute): its text, or nullopt after E0008.
  std::optional<std::string> word(const YAML::Node& node, std::string_view what) const;

 private:
  const SourceFile& source_;
  FileId file_;
  DiagEngine& diags_;
  text::FragmentParser fragments_;
  const ir::ConstDefines* defines_;
};

}  // namespace graphc::frontend::yaml
