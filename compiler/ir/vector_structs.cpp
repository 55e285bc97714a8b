#include "ir/vector_structs.h"

#include <array>
#include <vector>

namespace graphc::ir {
namespace {

StructDecl make_vector_struct(ScalarType type) {
  constexpr std::array<std::string_view, 4> kLanes = {"x", "y", "z", "w"};
  StructDecl decl;
  decl.name = type_name(type);
  const ScalarType component = component_type(type);
  const auto size = static_cast<std::uint32_t>(type_size(component));
  for (std::size_t lane = 0; lane < lanes(type); ++lane) {
    StructField field;
    field.name = kLanes.at(lane);
    field.type = component;
    field.offset = static_cast<std::uint32_t>(lane) * size;
    decl.fields.push_back(std::move(field));
  }
  decl.size = static_cast<std::uint32_t>(type_size(type));
  decl.alignment = static_cast<std::uint32_t>(type_alignment(type));
  return decl;
}

}  // namespace

const StructDecl* vector_struct(std::string_view name) {
  static const std::vector<StructDecl> kStructs = [] {
    std::vector<StructDecl> structs;
    for (const std::string_view spelling : type_names()) {
      const ScalarType type = *parse_type(spelling);
      if (is_vector(type)) structs.push_back(make_vector_struct(type));
    }
    return structs;
  }();
  for (const StructDecl& decl : kStructs) {
    if (decl.name == name) return &decl;
  }
  return nullptr;
}

bool is_vector_struct(const StructDecl& decl) { return vector_struct(decl.name) == &decl; }

}  // namespace graphc::ir
