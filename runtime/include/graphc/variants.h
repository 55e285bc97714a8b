// graphc::Variants: a .graph file with a variant dimension (`variant B in {1, 2, 4, 8};`)
// loaded as one Program per value, and graphc::VariantInstances: their instances of one
// graph over one set of buffers, built when first used, a launch of `n` items taking the
// smallest variant that holds them. What a serving stack builds by capturing a graph per
// batch size, without the capture.
//
//   graphc::Variants variants = graphc::Variants::load("decode.graph");  // B in {1, ..., 128}
//   graphc::VariantInstances decode = variants.instantiate("decode");
//   decode.instantiate_all(stream);            // or leave them to their first launch
//   decode.holding(5).set("pos", 17);          // the B = 8 variant
//   decode.launch(5, stream);                  // the same one: its inputs padded to 8 rows
//   cudaGraphExec_t b16 = decode.release(16);  // the B = 16 exec, for a framework to own
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graphc/bindings.h"
#include "graphc/instance.h"
#include "graphc/program.h"

namespace graphc {

namespace detail {
struct VariantsState;
struct VariantInstancesState;
}  // namespace detail

class VariantInstances;

/// Move-only. Not thread-safe: one thread at a time.
class Variants {
 public:
  /// Loads `path` once per value of its variant dimension, each as Program::load with
  /// `options` and the value defined (LoadOptions::defines), so each is parsed, checked and
  /// optimised for its value. Needs no GPU. Throws graphc::Error: a variant's diagnostics,
  /// each error with a note naming the variant ("in variant B = 8 (of {1, 2, 4, 8})"); R0080
  /// when the file declares no variant dimension (Program::load it). `options` may not pick
  /// a value (a define of the dimension's name, LoadOptions::variant): R0080 then too.
  static Variants load(const std::string& path, const LoadOptions& options = {});

  Variants(Variants&&) noexcept;
  Variants& operator=(Variants&&) noexcept;
  ~Variants();

  /// The dimension's name, as declared ("B").
  const std::string& dimension() const;
  /// Its values, ascending.
  const std::vector<std::int64_t>& values() const;
  /// The smallest value that holds `n` items (n <= value): the variant a launch of `n` takes.
  /// Throws R0078 for n past the largest value or below 1.
  std::int64_t holding(std::int64_t n) const;
  /// The Program of `value`. Throws R0079 for a value the dimension does not take.
  Program& program(std::int64_t value);

  /// Instances of top-level graph `graph`, one per value, none built yet. The buffers of the
  /// largest variant's graph that `bindings` leaves unbound are allocated now, once, at their
  /// size in the largest variant, with their initial contents written (as Program::instantiate
  /// allocates them: cudaMalloc, cudaMallocHost, cudaMallocManaged), and every variant is
  /// built over that memory: its weights, caches and activations are one set for all of them.
  /// A buffer larger in a smaller variant than in the largest is R0007 when that variant is
  /// built. `bindings` (kernels, host functions, the caller's own memory) apply to every
  /// variant. Throws R0013 for an unknown graph, and what Program::instantiate throws for the
  /// allocations. The Variants must outlive the instances.
  VariantInstances instantiate(std::string_view graph, const Bindings& bindings = {});

 private:
  explicit Variants(std::unique_ptr<detail::VariantsState> state);
  std::unique_ptr<detail::VariantsState> state_;
};

/// One graph's instances, one per value of the variant dimension, over shared buffers.
/// Move-only. Not thread-safe: one thread at a time.
class VariantInstances {
 public:
  VariantInstances(VariantInstances&&) noexcept;
  VariantInstances& operator=(VariantInstances&&) noexcept;
  ~VariantInstances();

  /// The instance of `value`, built (Program::instantiate, uploaded on `stream`) if this is
  /// its first use (or its exec was handed away), its capture nodes sharing the libraries'
  /// handles and workspaces of the variants built before (so variants must not run at the
  /// same time, as their buffers are shared too). Throws R0079 for a value the dimension does
  /// not take, and what Program::instantiate throws.
  Instance& variant(std::int64_t value, cudaStream_t stream = nullptr);
  /// The instance of the smallest variant that holds `n` items (Variants::holding), built
  /// on first use. The caller pads its inputs to that variant's size. Throws R0078 past the
  /// largest value.
  Instance& holding(std::int64_t n, cudaStream_t stream = nullptr);
  /// holding(n, stream).launch(stream): cudaGraphLaunch of the variant that holds `n`.
  void launch(std::int64_t n, cudaStream_t stream = nullptr);

  /// Builds now each of `values` not yet built (eager instantiation), on `stream`.
  void instantiate(const std::vector<std::int64_t>& values, cudaStream_t stream = nullptr);
  /// Builds every variant not yet built.
  void instantiate_all(cudaStream_t stream = nullptr);
  /// The values whose instances are built, ascending.
  std::vector<std::int64_t> instantiated() const;

  /// Hands variant `value`'s exec to the caller (Instance::release; built first on `stream`
  /// if it is not yet), who launches it and destroys it with cudaGraphExecDestroy. What it
  /// uses stays alive until CUDA destroys it, however long the VariantInstances and the
  /// Variants last: the shared buffers (the variants built after still use them too), the
  /// capture nodes' handles and workspaces, the modules. It still shares those buffers and
  /// workspaces with the other variants, so it must not run while one of them does. The
  /// variant is built anew on its next use; a reference variant(value) returned before is
  /// invalid. Throws R0079 for a value the dimension does not take, what
  /// Program::instantiate throws when it builds, and R0001 when cudaGetDevice fails.
  cudaGraphExec_t release(std::int64_t value, cudaStream_t stream = nullptr);

  /// The memory every variant uses for buffer `name` (a shared allocation, or the caller's
  /// binding); nullptr for a name that is no buffer of the largest variant's graph.
  void* buffer(std::string_view name) const;
  /// Its size in bytes: the buffer's size in the largest variant, or the bound size.
  std::size_t buffer_bytes(std::string_view name) const;

  /// What the variants hold together: the shared buffers once (as `buffers` and
  /// `host_buffers`, or `bound` where the caller's), the capture nodes' workspaces once (node
  /// i's cuBLAS workspace is one for every variant, as they never run at the same time; a
  /// variant's Instance::memory reports all of them), and the graph memory of every variant
  /// built so far.
  MemoryUse memory() const;

 private:
  friend class Variants;
  explicit VariantInstances(std::unique_ptr<detail::VariantInstancesState> state);
  std::unique_ptr<detail::VariantInstancesState> state_;
};

}  // namespace graphc
