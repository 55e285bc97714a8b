#include "frontend/yaml/yaml_reader.h"

#include <string>
#include <vector>

#include "diag/spellcheck.h"

namespace graphc::frontend::yaml {
namespace {

// "a map", "a list", "a scalar", "empty" for E0008.
std::string_view shape(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: return "a map";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Scalar: return "a scalar";
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: break;
  }
  return "empty";
}

}  // namespace

YamlReader::YamlReader(const SourceManager& sources, FileId file, DiagEngine& diags,
                       const std::vector<text::LoopValue>* loops, const ir::ConstDefines* defines)
    : source_(sources.file(file)),
      file_(file),
      diags_(diags),
      fragments_(sources, file, diags, loops),
      defines_(defines) {}

SourceRange YamlReader::range(const YAML::Node& node) const {
  const YAML::Mark mark = node.Mark();
  if (mark.is_null() || mark.pos < 0) return SourceRange{file_, 0, 0};
  const auto pos = static_cast<std::uint32_t>(mark.pos);
  const std::string& text = source_.text();
  if (node.IsScalar()) {
    const std::string& value = node.Scalar();
    for (const std::uint32_t begin : {pos, pos + 1}) {  // plain, or after the opening quote
      if (begin + value.size() <= text.size() && text.compare(begin, value.size(), value) == 0 &&
          (begin == pos || text[pos] == '"' || text[pos] == '\'')) {
        return SourceRange{file_, begin, static_cast<std::uint32_t>(begin + value.size())};
      }
    }
  }
  return SourceRange{file_, pos, std::min<std::uint32_t>(pos + 1, static_cast<std::uint32_t>(text.size()))};
}

bool YamlReader::is_map(const YAML::Node& node, std::string_view what) const {
  if (node.IsMap()) return true;
  diags_.report(DiagCode::yaml_wrong_shape, range(node), what, "a map", shape(node));
  return false;
}

bool YamlReader::is_list(const YAML::Node& node, std::string_view what) const {
  if (node.IsSequence()) return true;
  diags_.report(DiagCode::yaml_wrong_shape, range(node), what, "a list", shape(node));
  return false;
}

bool YamlReader::is_scalar(const YAML::Node& node, std::string_view what) const {
  if (node.IsScalar()) return true;
  diags_.report(DiagCode::yaml_wrong_shape, range(node), what, "a scalar", shape(node));
  return false;
}

bool YamlReader::check_keys(const YAML::Node& node, std::string_view what,
                            std::initializer_list<std::string_view> allowed) const {
  bool ok = true;
  for (const auto& entry : node) {
    const YAML::Node& key = entry.first;
    const std::string& text = key.IsScalar() ? key.Scalar() : std::string();
    bool known = false;
    for (const std::string_view a : allowed) known = known || a == text;
    if (known) continue;
    ok = false;
    std::string expected;  // the allowed keys, for the message and a suggestion
    std::vector<std::string> names;
    for (const std::string_view a : allowed) {
      expected += (expected.empty() ? "" : ", ") + std::string(a);
      names.emplace_back(a);
    }
    Diagnostic& d = diags_.report(DiagCode::yaml_unknown_key, range(key), text, what, expected);
    if (const auto guess = closest_name(text, names)) d.note<NoteCode::did_you_mean>(SourceRange{}, *guess);
  }
  return ok;
}

std::optional<YAML::Node> YamlReader::required(const YAML::Node& node, std::string_view key,
                                               std::string_view what) const {
  if (const YAML::Node value = node[std::string(key)]) return value;
  diags_.report(DiagCode::yaml_missing_key, range(node), what, key);
  return std::nullopt;
}

std::optional<SourceRange> YamlReader::scalar_text(const YAML::Node& node, std::string_view what) const {
  if (!is_scalar(node, what)) return std::nullopt;
  const SourceRange r = range(node);
  if (r.end - r.begin != node.Scalar().size()) {
    diags_.report(DiagCode::yaml_scalar_form, r, what);
    return std::nullopt;
  }
  return r;
}

std::optional<ir::Expr> YamlReader::expr(const YAML::Node& node, std::string_view what) const {
  const auto r = scalar_text(node, what);
  return r ? fragments_.expr(*r) : std::nullopt;
}

std::optional<ir::KernelArg> YamlReader::kernel_arg(const YAML::Node& node, std::string_view what) const {
  const auto r = scalar_text(node, what);
  return r ? fragments_.kernel_arg(*r) : std::nullopt;
}

bool YamlReader::param_default(const YAML::Node& node, std::string_view what, ir::Param& param) const {
  const auto r = scalar_text(node, what);
  return r && fragments_.param_default(*r, param);
}

std::optional<ir::KernelAttribute> YamlReader::kernel_attribute(const YAML::Node& node, std::string_view what) const {
  const auto r = scalar_text(node, what);
  return r ? fragments_.kernel_attribute(*r) : std::nullopt;
}

std::optional<ir::BufferSlice> YamlReader::slice(const YAML::Node& node, std::string_view what) const {
  const auto r = scalar_text(node, what);
  return r ? fragments_.slice(*r) : std::nullopt;
}

std::optional<std::string> YamlReader::function(const YAML::Node& node, std::string_view what) const {
  const auto r = scalar_text(node, what);
  return r ? fragments_.function(*r) : std::nullopt;
}

std::optional<std::string> YamlReader::node_function(NodeKind kind, const YAML::Node& node,
                                                     std::string_view what) const {
  const auto r = scalar_text(node, what);
  return r ? fragments_.node_function(kind, *r) : std::nullopt;
}

std::optional<std::string> YamlReader::name(const YAML::Node& node, std::string_view what) const {
  const auto r = scalar_text(node, what);
  if (!r || !fragments_.name(*r)) return std::nullopt;
  return node.Scalar();
}

std::optional<text::FragmentParser::NodeName> YamlReader::node_name(const YAML::Node& node,
                                                                    std::string_view what) const {
  const auto r = scalar_text(node, what);
  if (!r) return std::nullopt;
  return fragments_.node_name(*r);
}

std::optional<std::string> YamlReader::word(const YAML::Node& node, std::string_view what) const {
  if (!is_scalar(node, what)) return std::nullopt;
  return node.Scalar();
}

}  // namespace graphc::frontend::yaml
