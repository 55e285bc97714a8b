#include "sema/check_struct_layouts.h"

#include <optional>
#include <string>

#include <fmt/format.h>

namespace graphc::sema {
namespace {

// The field's type as a .graph file writes it: "f32", "f32*".
std::string graph_type(const ir::StructField& field) {
  return std::string(ir::type_name(field.type)) + (field.pointer ? "*" : "");
}

// Whether C++ type `cxx` is the field's: a pointer to its element type (or to void) for a
// pointer, the same scalar otherwise.
bool same_type(const ir::StructField& field, const ir::KernelParam& cxx) {
  const bool pointer = cxx.kind == ir::KernelParam::Kind::pointer;
  if (field.pointer != pointer) return false;
  return (pointer && cxx.pointee_void) || cxx.type == field.type;
}

// The C++ type in a .graph file's terms, where it has one: "i32", "f32*".
std::optional<std::string> graph_spelling(const ir::KernelParam& cxx) {
  if (!cxx.type || ir::is_vector(*cxx.type) || (cxx.kind == ir::KernelParam::Kind::pointer && cxx.pointee_void)) {
    return std::nullopt;
  }
  return std::string(ir::type_name(*cxx.type)) + (cxx.kind == ir::KernelParam::Kind::pointer ? "*" : "");
}

void check_struct(const ir::StructDecl& decl, const ir::CxxStruct& cxx, const ir::ModuleDecl& in, DiagEngine& diags) {
  bool shifted = false;  // an earlier field is at another offset: later offsets follow from it
  for (std::size_t f = 0; f < decl.fields.size() && f < cxx.fields.size(); ++f) {
    const ir::StructField& field = decl.fields[f];
    const ir::CxxField& theirs = cxx.fields[f];
    if (!theirs.type.typed()) {
      diags.report(DiagCode::struct_field_layout, field.range, field.name, decl.name, graph_type(field), field.offset,
                   fmt::format("struct '{}' of module '{}' has no field '{}'", cxx.name, in.path, field.name));
      continue;
    }
    const bool type_matches = same_type(field, theirs.type);
    const bool offset_matches = theirs.offset == field.offset;
    if (type_matches && (offset_matches || shifted)) continue;
    shifted = shifted || !offset_matches;
    Diagnostic& d =
        diags.report(DiagCode::struct_field_layout, field.range, field.name, decl.name, graph_type(field), field.offset,
                     fmt::format("module '{}' declares it '{}' at byte {}", in.path, theirs.type.cxx, theirs.offset));
    const std::optional<std::string> spelling = graph_spelling(theirs.type);
    if (!type_matches && spelling) {
      d.note<NoteCode::graph_spelling>(SourceRange{}, theirs.type.cxx, *spelling, field.name, *spelling);
    }
    if (type_matches) {  // at another offset
      d.note<NoteCode::struct_layout_differs>(SourceRange{}, field.name);
    }
  }
}

}  // namespace

void check_struct_layouts(const ir::Module& module, const std::vector<ir::ModuleKernels>& kernels, DiagEngine& diags) {
  for (std::size_t m = 0; m < kernels.size() && m < module.modules.size(); ++m) {
    for (const ir::CxxStruct& cxx : kernels[m].structs) {
      if (const std::optional<ir::StructId> id = module.find_struct(cxx.name)) {
        check_struct(module.struct_decl(*id), cxx, module.modules[m], diags);
      }
    }
  }
}

}  // namespace graphc::sema
