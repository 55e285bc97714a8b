// Struct declarations: names the generated code can spell and that are declared once,
// fields named once, at least one field; then each struct's layout by the C ABI of the
// x86-64 hosts and the CUDA devices (they agree): each field at the next multiple of its
// alignment (a scalar's size, 8 for a pointer), the struct aligned to its largest field
// and its size rounded up to that alignment.
#include <unordered_map>

#include <fmt/format.h>

#include "ir/cpp_name.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

void lay_out(ir::StructDecl& decl) {
  std::uint32_t offset = 0;
  std::uint32_t alignment = 1;
  for (ir::StructField& field : decl.fields) {
    const auto size = static_cast<std::uint32_t>(field.size());
    offset = (offset + size - 1) / size * size;
    field.offset = offset;
    offset += size;
    alignment = std::max(alignment, size);
  }
  decl.alignment = alignment;
  decl.size = (offset + alignment - 1) / alignment * alignment;
}

}  // namespace

void check_structs(ir::Module& module, DiagEngine& diags) {
  std::unordered_map<std::string, const ir::StructDecl*> seen;
  for (ir::StructDecl& decl : module.structs) {
    if (!ir::is_cpp_function_name(decl.name)) diags.report(DiagCode::bad_struct_name, decl.name_range, decl.name);
    const auto [it, inserted] = seen.emplace(decl.name, &decl);
    if (!inserted) {
      diags.report(DiagCode::duplicate_struct, decl.name_range, decl.name)
          .note<NoteCode::previous_declaration>(it->second->name_range, decl.name);
    }
    if (decl.fields.empty()) diags.report(DiagCode::empty_struct, decl.name_range, decl.name);
    if (const auto vector = ir::parse_type(decl.name); vector && ir::is_vector(*vector)) {
      diags.report(DiagCode::vector_struct_name, decl.name_range, decl.name, decl.name + "{...}");
    }
    std::unordered_map<std::string, const ir::StructField*> fields;
    for (const ir::StructField& field : decl.fields) {
      if (!field.pointer && ir::is_vector(field.type)) {
        diags.report(DiagCode::vector_scalar, field.range, "field", field.name, ir::type_name(field.type),
                     fmt::format("a struct field is a scalar or a pointer; declare a field per lane, or pass the "
                                 "vector as an argument of its own ({}{{...}})",
                                 ir::type_name(field.type)));
      }
      const auto [first, added] = fields.emplace(field.name, &field);
      if (!added) {
        diags.report(DiagCode::duplicate_field, field.name_range, decl.name, field.name)
            .note<NoteCode::previous_declaration>(first->second->name_range, field.name);
      }
    }
    lay_out(decl);
  }
}

}  // namespace graphc::sema
