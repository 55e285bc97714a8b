// What graphc.Instance and graphc.VariantInstances share in the Python module: the native
// instance Python holds (its own, or one of a VariantInstances), and the Bindings made from
// the arrays and capture functions Python passes, checked against the graph's buffers.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <pybind11/pybind11.h>

#include "arrays.h"
#include "graphc/bindings.h"
#include "graphc/error.h"
#include "graphc/program.h"

namespace graphc::python {

/// An Instance that Python may close before its last reference goes, and the Program it was
/// built from (which Python keeps alive as long as the instance). Either its own (from
/// Program.instantiate: close() destroys it) or a VariantInstances' variant, borrowed (the
/// Python object keeps the VariantInstances alive; close() only lets go of it) for as long
/// as `lease` lives: the VariantInstances drops it when the variant's exec is handed away.
class PyInstance {
 public:
  PyInstance(const Program& program, Instance instance) : program_(&program), owned_(std::move(instance)) {}
  PyInstance(const Program& program, Instance* borrowed, const std::shared_ptr<const void>& lease)
      : program_(&program), borrowed_(borrowed), lease_(lease) {}
  Instance& get() {
    if (owned_) return *owned_;
    if (borrowed_ != nullptr) {
      if (lease_.expired()) {
        throw Error("graphc: this variant's exec was handed away (VariantInstances.release); variant() builds it again",
                    "");
      }
      return *borrowed_;
    }
    throw Error("graphc: the instance is closed", "");
  }
  const Program& program() const { return *program_; }
  /// Hands the exec away (Instance::release) as a cudaGraphExec_t; closed afterwards. A
  /// variant's instance is its VariantInstances': VariantInstances.release(value) hands it
  /// away (graphc.Error here).
  std::uintptr_t release() {
    if (borrowed_ != nullptr) {
      throw Error("graphc: a variant's instance belongs to its VariantInstances: hand it away with "
                  "VariantInstances.release(value)",
                  "");
    }
    const cudaGraphExec_t exec = get().release();
    owned_.reset();
    return reinterpret_cast<std::uintptr_t>(exec);
  }
  void close() {
    owned_.reset();
    borrowed_ = nullptr;
  }
  bool closed() const { return !owned_ && borrowed_ == nullptr; }

 private:
  const Program* program_;
  std::optional<Instance> owned_;
  Instance* borrowed_ = nullptr;
  std::weak_ptr<const void> lease_;
};

/// The cudaStream_t a stream handle (an int from graphc/_streams.py) names.
cudaStream_t stream_of(std::uintptr_t handle);

/// Bindings of graph `graph` of `program`: each array of `arrays` bound to the buffer of its
/// name after its layout (R0076) and memory (R0077, on `device`, made current when >= 0)
/// are checked against the buffer's declaration, each capture function of `captures`
/// wrapped for the capture nodes. Throws graphc::Error: R0013 for an unknown graph, R0076,
/// R0077, R0001 for a failed CUDA call.
Bindings bind_arrays(const Program& program, const std::string& graph,
                     const std::vector<std::tuple<std::string, ArrayView>>& arrays,
                     const std::vector<std::tuple<std::string, pybind11::function>>& captures, int device);

}  // namespace graphc::python
