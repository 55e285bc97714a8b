#include <array>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "frontend/text/builders.h"

namespace graphc::frontend::text {
namespace {

constexpr std::array kSpaceNames = {"device", "host", "managed", "pageable"};

// Reports `text` (at `range`) as unknown, with the closest of `known` as a suggestion.
template <std::size_t N>
void report_unknown(DiagEngine& diags, DiagCode code, SourceRange range, std::string_view text,
                    const std::array<const char*, N>& known) {
  Diagnostic& d = diags.report(code, range, text);
  if (const auto guess = closest_name(std::string(text), std::vector<std::string>(known.begin(), known.end()))) {
    d.note<NoteCode::did_you_mean>(SourceRange{}, *guess);
  }
}

ir::ScalarType build_type(const BuildContext& ctx, const ParseNode& word) {
  return check_type(ctx.diags, ctx.range(word), ctx.text(word)).value_or(ir::ScalarType::f32);
}

ir::MemorySpace build_space(const BuildContext& ctx, const ParseNode& word) {
  return check_space(ctx.diags, ctx.range(word), ctx.text(word)).value_or(ir::MemorySpace::device);
}

ir::BufferInit build_init(const BuildContext& ctx, const ParseNode& node) {
  ir::BufferInit init;
  init.range = ctx.range(node);
  if (node.is_type<grammar::fill_init>()) {
    init.kind = ir::BufferInit::Kind::fill;
  } else if (node.is_type<grammar::iota_init>()) {
    init.kind = ir::BufferInit::Kind::iota;
  } else {
    init.kind = ir::BufferInit::Kind::list;
  }
  for (const ParseNode* child : node.children) init.values.push_back(build_expr(ctx, *child));
  return init;
}

// The path of `module "path";` or `import "path";` as written (without its quotes), and
// joined with the folder of the declaring file.
template <class Decl>
Decl build_path_decl(const BuildContext& ctx, const ParseNode& node, std::string_view graph_path) {
  Decl decl;
  const std::string_view quoted = ctx.text(*node.children.at(0));
  decl.path = quoted.substr(1, quoted.size() - 2);
  const std::filesystem::path folder = std::filesystem::path(graph_path).parent_path();
  decl.resolved = (folder / decl.path).lexically_normal().string();
  decl.range = ctx.range(node);
  return decl;
}

// What a buffer, a view and an alloc's memory declare alike: children name, element type,
// count.
ir::Buffer build_sized(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::Buffer buffer;
  buffer.name = ctx.text(name);
  buffer.name_range = ctx.range(name);
  buffer.range = ctx.range(node);
  buffer.type = build_type(ctx, *node.children.at(1));
  buffer.count = build_expr(ctx, *node.children.at(2));
  return buffer;
}
}  // namespace

namespace {

// Whether `word` names one of CUDA's vector types: (u?char|u?short|u?int|u?long|u?longlong|
// float|double) then 1 to 4 lanes, then _16a or _32a or nothing.
bool is_cuda_vector_name(std::string_view word) {
  if (word.ends_with("_16a") || word.ends_with("_32a")) word.remove_suffix(4);
  if (word.empty() || word.back() < '1' || word.back() > '4') return false;
  word.remove_suffix(1);
  if (word == "float" || word == "double") return true;
  if (word.starts_with('u')) word.remove_prefix(1);
  return word == "char" || word == "short" || word == "int" || word == "long" || word == "longlong";
}

}  // namespace

std::optional<ir::ScalarType> check_type(DiagEngine& diags, SourceRange range, std::string_view word) {
  if (const auto type = ir::parse_type(word)) return type;
  // One of CUDA's vector types that graphc leaves out: the 1-lane ones, those of `long`
  // (whose size is the host's) and the 4-lane 64-bit ones CUDA 13 deprecates.
  Diagnostic& d = diags.report(DiagCode::unknown_type, range, word);
  if (is_cuda_vector_name(word)) {
    d.note<NoteCode::vector_types>(SourceRange{});
    return std::nullopt;
  }
  // C++'s spelling of a scalar type, which is close to a vector type's name ("float").
  constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kCppScalars = {{
      {"float", "f32"},
      {"double", "f64"},
      {"int", "i32"},
      {"unsigned", "u32"},
      {"short", "i16"},
      {"half", "f16"},
      {"__half", "f16"},
  }};
  for (const auto& [cpp, name] : kCppScalars) {
    if (word == cpp) {
      d.note<NoteCode::did_you_mean>(SourceRange{}, name);
      return std::nullopt;
    }
  }
  std::vector<std::string> known;
  for (const std::string_view name : ir::type_names()) known.emplace_back(name);
  if (const auto guess = closest_name(std::string(word), known)) d.note<NoteCode::did_you_mean>(SourceRange{}, *guess);
  return std::nullopt;
}

void check_comm_attribute(DiagEngine& diags, SourceRange range, std::string_view word, ir::Comm& comm) {
  for (const ir::CommRegistration registration : {ir::CommRegistration::buffers, ir::CommRegistration::window}) {
    if (word != ir::registration_name(registration)) continue;
    if (comm.registration != ir::CommRegistration::none && comm.registration != registration) {
      diags.report(DiagCode::comm_registration_twice, range, comm.name, ir::registration_name(comm.registration), word);
      return;
    }
    comm.registration = registration;
    return;
  }
  report_unknown(diags, DiagCode::unknown_comm_attribute, range, word, std::array{"register", "window"});
}

void check_event_attribute(DiagEngine& diags, SourceRange range, std::string_view word, ir::Event& event) {
  if (word == "timing") {
    event.timing = true;
    return;
  }
  report_unknown(diags, DiagCode::unknown_event_attribute, range, word, std::array{"timing"});
}

std::optional<ir::MemorySpace> check_space(DiagEngine& diags, SourceRange range, std::string_view word) {
  if (const auto space = ir::parse_space(word)) return space;
  report_unknown(diags, DiagCode::unknown_space, range, word, kSpaceNames);
  return std::nullopt;
}

bool check_declared_path(DiagEngine& diags, SourceRange range, std::string_view path, bool is_module) {
  for (const char c : path) {
    const bool control = static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
    const std::string_view what = c == '"'    ? "a quote"
                                  : c == '\\' ? "a backslash"
                                  : control   ? "a control character"
                                              : "";
    if (!what.empty()) {
      diags.report(DiagCode::unsafe_path, range, fmt::format("{:?}", path), what);  // escaped, quoted
      return false;
    }
  }
  if (!is_module) return true;
  const std::string extension = std::filesystem::path(path).extension().string();
  if (extension == ".cu" || extension == ".ptx" || extension == ".cubin" || extension == ".fatbin") return true;
  diags.report(DiagCode::module_kind, range, path);
  return false;
}

std::optional<ir::ModuleDecl> build_module_decl(const BuildContext& ctx, const ParseNode& node,
                                                std::string_view graph_path) {
  ir::ModuleDecl decl = build_path_decl<ir::ModuleDecl>(ctx, node, graph_path);
  if (!check_declared_path(ctx.diags, ctx.range(*node.children.at(0)), decl.path, true)) return std::nullopt;
  return decl;
}

std::optional<ir::Import> build_import(const BuildContext& ctx, const ParseNode& node, std::string_view graph_path) {
  ir::Import decl = build_path_decl<ir::Import>(ctx, node, graph_path);
  if (!check_declared_path(ctx.diags, ctx.range(*node.children.at(0)), decl.path, false)) return std::nullopt;
  return decl;
}

// children: the name, the type, then for a buffer the count and the memory space: the
// children of a buffer declaration without contents, or of a param without default.
void build_parameter(const BuildContext& ctx, const ParseNode& node, ir::Graph& graph) {
  ir::Parameter parameter;
  if (node.children.size() == 2 && ctx.text(*node.children[1]) == "comm") {
    const ParseNode& name = *node.children[0];
    graph.comms.push_back(ir::Comm{std::string(ctx.text(name)), ctx.range(name), ctx.range(node)});
    parameter.kind = ir::Parameter::Kind::comm;
    parameter.comm = ir::CommId{static_cast<std::uint32_t>(graph.comms.size() - 1)};
  } else if (node.children.size() > 2) {
    graph.buffers.push_back(build_buffer(ctx, node));
    parameter.kind = ir::Parameter::Kind::buffer;
    parameter.buffer = ir::BufferId{static_cast<std::uint32_t>(graph.buffers.size() - 1)};
  } else {
    graph.params.push_back(build_param(ctx, node));
    parameter.kind = ir::Parameter::Kind::scalar;
    parameter.param = ir::ParamId{static_cast<std::uint32_t>(graph.params.size() - 1)};
  }
  graph.parameters.push_back(parameter);
}

ir::Const build_const(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::Const c;
  c.name = ctx.text(name);
  c.name_range = ctx.range(name);
  c.range = ctx.range(node);
  if (!node.is_type<grammar::variant_decl>()) {
    c.value = build_expr(ctx, *node.children.at(1));
    return c;
  }
  for (std::size_t i = 1; i < node.children.size(); ++i) c.variants.push_back(build_expr(ctx, *node.children[i]));
  c.value = c.variants.back();  // the largest: the values ascend (E0124 otherwise)
  return c;
}

ir::Param build_param(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::Param param;
  param.name = ctx.text(name);
  param.name_range = ctx.range(name);
  param.range = ctx.range(node);
  param.type = build_type(ctx, *node.children.at(1));
  if (node.children.size() > 2) build_param_default(ctx, *node.children[2], param);
  return param;
}

void build_param_default(const BuildContext& ctx, const ParseNode& node, ir::Param& param) {
  if (!node.is_type<grammar::vector_value>()) {
    param.default_value = build_expr(ctx, node);
    return;
  }
  // children: the type's name, then one expression per lane
  ir::VectorValue value;
  const ParseNode& type = *node.children.at(0);
  value.type = normalize_cpp_name(ctx.text(type));
  value.type_range = ctx.range(type);
  value.range = ctx.range(node);
  for (std::size_t i = 1; i < node.children.size(); ++i) value.lanes.push_back(build_expr(ctx, *node.children[i]));
  param.default_vector = std::move(value);
}

ir::Cond build_cond(const BuildContext& ctx, const ParseNode& node, ir::BodyId body) {
  const ParseNode& name = *node.children.at(0);
  ir::Cond cond;
  cond.name = ctx.text(name);
  cond.name_range = ctx.range(name);
  cond.range = ctx.range(node);
  cond.body = body;
  if (node.children.size() > 1) cond.default_value = build_expr(ctx, *node.children[1]);
  return cond;
}

namespace {

// `device(i)` and `peers(j, ...)` from child `next` of a buffer or alloc declaration, where
// written (an alloc's `device` without a number: none); the index of the child after them.
std::size_t build_placement(const BuildContext& ctx, const ParseNode& node, std::size_t next, ir::Buffer& buffer) {
  if (next < node.children.size() && node.children[next]->is_type<grammar::alloc_device>()) {
    const ParseNode& device = *node.children[next++];
    if (!device.children.empty()) buffer.device = build_expr(ctx, *device.children[0]->children.at(0));
  }
  if (next < node.children.size() && node.children[next]->is_type<grammar::buffer_device>()) {
    buffer.device = build_expr(ctx, *node.children[next++]->children.at(0));
  }
  if (next < node.children.size() && node.children[next]->is_type<grammar::buffer_peers>()) {
    for (const ParseNode* peer : node.children[next++]->children) buffer.peers.push_back(build_expr(ctx, *peer));
  }
  return next;
}

}  // namespace

ir::Buffer build_buffer(const BuildContext& ctx, const ParseNode& node) {
  ir::Buffer buffer = build_sized(ctx, node);
  // `[count]`, then `[width]` of a 2-D buffer, or `[rows][width]` after a 3-D buffer's
  // `[depth]`: the first extent is the depth then.
  std::size_t next = 3;
  if (node.children.at(next)->is_type<grammar::buffer_width>()) {
    buffer.width = build_expr(ctx, *node.children[next++]->children.at(0));
  }
  if (node.children.at(next)->is_type<grammar::buffer_width>()) {
    buffer.depth = std::move(buffer.count);
    buffer.count = std::move(*buffer.width);
    buffer.width = build_expr(ctx, *node.children[next++]->children.at(0));
  }
  const std::size_t first_extra = next;
  while (node.children.at(next)->is_type<grammar::buffer_width>()) ++next;
  if (next > first_extra) {
    ctx.diags.report(DiagCode::buffer_rank, ctx.span(*node.children[first_extra], *node.children[next - 1]),
                     buffer.name, next - 2);
  }
  buffer.space = build_space(ctx, *node.children.at(next++));
  next = build_placement(ctx, node, next, buffer);
  if (node.children.size() > next) buffer.init = build_init(ctx, *node.children[next]);
  return buffer;
}

// children: the name, the element type, the count, the base, then the offset and the
// initial contents when written.
ir::Buffer build_view(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& base = *node.children.at(3);
  ir::Buffer buffer = build_sized(ctx, node);
  ir::BufferView view;
  view.base = ctx.text(base);
  view.base_range = ctx.range(base);
  for (std::size_t i = 4; i < node.children.size(); ++i) {
    const ParseNode& child = *node.children[i];
    if (child.is_type<grammar::fill_init>() || child.is_type<grammar::iota_init>() ||
        child.is_type<grammar::list_init>()) {
      buffer.init = build_init(ctx, child);
    } else {
      view.offset = build_expr(ctx, child);
    }
  }
  buffer.view = std::move(view);
  return buffer;
}

ir::Event build_event(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::Event event;
  event.name = ctx.text(name);
  event.name_range = ctx.range(name);
  event.range = ctx.range(node);
  for (std::size_t i = 1; i < node.children.size(); ++i) {
    check_event_attribute(ctx.diags, ctx.range(*node.children[i]), ctx.text(*node.children[i]), event);
  }
  return event;
}

ir::Comm build_comm(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::Comm comm{std::string(ctx.text(name)), ctx.range(name), ctx.range(node)};
  for (std::size_t i = 1; i < node.children.size(); ++i) {
    check_comm_attribute(ctx.diags, ctx.range(*node.children[i]), ctx.text(*node.children[i]), comm);
  }
  return comm;
}

}  // namespace graphc::frontend::text

namespace graphc::frontend::text {

// children: the struct's name, then its fields (name, type, and `*` for a pointer).
ir::StructDecl build_struct(const BuildContext& ctx, const ParseNode& node) {
  const ParseNode& name = *node.children.at(0);
  ir::StructDecl decl;
  decl.name = normalize_cpp_name(ctx.text(name));
  decl.name_range = ctx.range(name);
  decl.range = ctx.range(node);
  for (std::size_t i = 1; i < node.children.size(); ++i) {
    const ParseNode& field = *node.children[i];
    ir::StructField& out = decl.fields.emplace_back();
    out.name = ctx.text(*field.children.at(0));
    out.name_range = ctx.range(*field.children.at(0));
    out.range = ctx.range(field);
    out.type = build_type(ctx, *field.children.at(1));
    out.pointer = field.children.size() > 2;
  }
  return decl;
}

// children: the name, the element type, the count, then `device(i)` and `peers(...)` when
// written.
ir::Buffer build_alloc_memory(const BuildContext& ctx, const ParseNode& node) {
  ir::Buffer buffer = build_sized(ctx, node);
  buffer.space = ir::MemorySpace::device;
  build_placement(ctx, node, 3, buffer);
  return buffer;
}

}  // namespace graphc::frontend::text
