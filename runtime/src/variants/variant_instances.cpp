#include <algorithm>

#include "graphc/variants.h"
#include "modules/module_set.h"
#include "variants/variants_state.h"

namespace graphc {

VariantInstances::VariantInstances(std::unique_ptr<detail::VariantInstancesState> state) : state_(std::move(state)) {}
VariantInstances::VariantInstances(VariantInstances&&) noexcept = default;
VariantInstances& VariantInstances::operator=(VariantInstances&&) noexcept = default;
VariantInstances::~VariantInstances() = default;

Instance& VariantInstances::variant(std::int64_t value, cudaStream_t stream) {
  detail::VariantsState& variants = *state_->variants;
  const std::size_t i = variants.index(value);
  std::optional<Instance>& instance = state_->instances[i];
  if (state_->built(i)) return *instance;
  // The modules another variant loaded, where this variant's compile to the same images:
  // a variant is loaded once, not once per value.
  Program& program = variants.programs[i];
  const auto loaded =
      std::ranges::find_if(variants.programs, [](const Program& p) { return p.state_->modules != nullptr; });
  if (loaded != variants.programs.end()) detail::load_modules(*program.state_, loaded->state_.get());
  state_->captures->cublas.rewind();
  instance = program.instantiate_with(state_->graph, state_->bindings, stream, state_->captures);
  return *instance;
}

Instance& VariantInstances::holding(std::int64_t n, cudaStream_t stream) {
  return variant(state_->variants->holding(n), stream);
}

void VariantInstances::launch(std::int64_t n, cudaStream_t stream) { holding(n, stream).launch(stream); }

void VariantInstances::instantiate(const std::vector<std::int64_t>& values, cudaStream_t stream) {
  for (const std::int64_t value : values) variant(value, stream);
}

void VariantInstances::instantiate_all(cudaStream_t stream) { instantiate(state_->variants->dimension.values, stream); }

std::vector<std::int64_t> VariantInstances::instantiated() const {
  std::vector<std::int64_t> out;
  for (std::size_t i = 0; i < state_->instances.size(); ++i) {
    if (state_->built(i)) out.push_back(state_->variants->dimension.values[i]);
  }
  return out;
}

cudaGraphExec_t VariantInstances::release(std::int64_t value, cudaStream_t stream) {
  const cudaGraphExec_t exec = variant(value, stream).release();
  state_->instances[state_->variants->index(value)].reset();
  return exec;
}

void* VariantInstances::buffer(std::string_view name) const {
  for (const detail::VariantInstancesState::Shared& b : state_->buffers) {
    if (b.name == name) return b.memory;
  }
  return nullptr;
}

MemoryUse VariantInstances::memory() const {
  MemoryUse use;
  use.buffers = state_->shared->allocated_bytes(false);
  use.host_buffers = state_->shared->allocated_bytes(true);
  use.bound = state_->caller_bound;
  for (std::size_t i = 0; i < state_->instances.size(); ++i) {
    if (!state_->built(i)) continue;
    const std::optional<Instance>& instance = state_->instances[i];
    // Its bound memory is the shared buffers and its workspaces the shared ones, counted once.
    const MemoryUse own = instance->memory();
    use.buffers += own.buffers;
    use.host_buffers += own.host_buffers;
    use.graph_memory += own.graph_memory;
  }
  use.workspaces = state_->captures->device_bytes();
  return use;
}

std::size_t VariantInstances::buffer_bytes(std::string_view name) const {
  for (const detail::VariantInstancesState::Shared& b : state_->buffers) {
    if (b.name == name) return b.bytes;
  }
  return 0;
}

}  // namespace graphc
