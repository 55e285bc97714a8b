#include "graphc/variants.h"

#include <algorithm>
#include <optional>

#include "errors/runtime_diag.h"
#include "ir/windows.h"
#include "program/diagnostic_infos.h"
#include "program/load_program.h"
#include "variants/variants_state.h"

namespace graphc {
namespace detail {

std::size_t VariantsState::index(std::int64_t value) const {
  const std::vector<std::int64_t>& values = dimension.values;
  const auto it = std::lower_bound(values.begin(), values.end(), value);
  if (it == values.end() || *it != value) {
    fail(SourceManager{}, path, DiagCode::no_such_variant, SourceRange{}, dimension.name, path, dimension.listed(),
         value);
  }
  return static_cast<std::size_t>(it - values.begin());
}

std::int64_t VariantsState::holding(std::int64_t n) const {
  const std::optional<std::int64_t> value = n < 1 ? std::nullopt : dimension.holding(n);
  if (!value) {
    fail(SourceManager{}, path, DiagCode::variant_too_small, SourceRange{}, n, dimension.name, path, dimension.listed(),
         n, dimension.values.back());
  }
  return *value;
}

namespace {

// Throws the diagnostics of `c`, a variant that failed to compile, each error with a note
// naming its variant.
[[noreturn]] void throw_variant(const Compilation& c) {
  std::vector<Diagnostic> sorted = c.diags.sorted();
  for (Diagnostic& d : sorted) {
    if (d.severity != Severity::error || !c.variant) continue;
    d.note<NoteCode::in_variants>(SourceRange{}, c.variant->name, c.variant->value, c.variant->listed());
  }
  throw_diagnostics(c.sources, sorted);
}

}  // namespace
}  // namespace detail

Variants::Variants(std::unique_ptr<detail::VariantsState> state) : state_(std::move(state)) {}
Variants::Variants(Variants&&) noexcept = default;
Variants& Variants::operator=(Variants&&) noexcept = default;
Variants::~Variants() = default;

Variants Variants::load(const std::string& path, const LoadOptions& options) {
  const CompileOptions compile = detail::compile_options(options);
  std::vector<std::unique_ptr<Compilation>> compiled = compile_variants(path, compile);
  for (const std::unique_ptr<Compilation>& c : compiled) {
    if (!c->ok()) detail::throw_variant(*c);
  }
  const std::optional<VariantDimension>& dimension = compiled.back()->variant;
  if (!dimension || compiled.size() != dimension->values.size()) {
    detail::fail(compiled.back()->sources, path, DiagCode::not_variants, SourceRange{}, path);
  }
  auto state = std::make_unique<detail::VariantsState>();
  state->path = path;
  state->dimension = *dimension;
  for (std::size_t i = 0; i < compiled.size(); ++i) {
    CompileOptions picked = compile;  // what Instance::reload compiles the variant with again
    picked.defines[dimension->name] = std::to_string(dimension->values[i]);
    state->programs.push_back(Program(detail::accept(std::move(compiled[i]), path, picked)));
  }
  return Variants(std::move(state));
}

const std::string& Variants::dimension() const { return state_->dimension.name; }

const std::vector<std::int64_t>& Variants::values() const { return state_->dimension.values; }

std::int64_t Variants::holding(std::int64_t n) const { return state_->holding(n); }

Program& Variants::program(std::int64_t value) { return state_->programs[state_->index(value)]; }

VariantInstances Variants::instantiate(std::string_view graph, const Bindings& bindings) {
  const Program& largest = state_->programs.back();
  const detail::ProgramState& program = *largest.state_;
  const ir::Graph& ir = program.module().graph(detail::find_graph(program, graph));
  auto instances = std::make_unique<detail::VariantInstancesState>();
  instances->variants = state_.get();
  instances->graph = std::string(graph);
  instances->bindings = bindings;
  instances->shared = std::make_shared<const detail::BufferSet>(detail::BufferSet::create(program, ir, bindings));
  instances->bindings.keep_alive(instances->shared);
  const std::vector<bool> windows = ir::window_memory(ir);
  for (std::uint32_t i = 0; i < ir.buffers.size(); ++i) {
    const ir::Buffer& buffer = ir.buffers[i];
    void* memory = instances->shared->pointer(ir::BufferId{i});
    // Allocs (graph memory) and views have no memory of their own; a window is registered
    // with its communicator as each variant is built, so each has its own.
    if (memory == nullptr || windows[i]) continue;
    const Bindings::BoundBuffer* bound = bindings.find_buffer(buffer.name);
    const std::size_t pitch = instances->shared->pitches()[i];
    std::size_t bytes = buffer.two_d() ? pitch * buffer.all_rows() : buffer.bytes();
    if (bound != nullptr) {
      bytes = bound->bytes;
      instances->caller_bound += bytes;
    } else if (buffer.two_d()) {
      instances->bindings.pitched(buffer.name, memory, pitch, buffer.all_rows());
    } else {
      instances->bindings.buffer(buffer.name, memory, bytes);
    }
    instances->buffers.push_back({buffer.name, memory, bytes});
  }
  instances->instances.resize(state_->dimension.values.size());
  return VariantInstances(std::move(instances));
}

}  // namespace graphc
