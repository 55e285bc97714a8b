// What graphc::Variants and graphc::VariantInstances hold: a Program per value of the
// variant dimension, and per graph the shared buffers and the instances built so far.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graphc/bindings.h"
#include "graphc/capture_resources.h"
#include "graphc/instance.h"
#include "graphc/program.h"
#include "resources/buffers.h"
#include "variant_dimension.h"

namespace graphc::detail {

struct VariantsState {
  std::string path;
  VariantDimension dimension;     // its values ascending
  std::vector<Program> programs;  // per value

  /// The index of `value` in the dimension's values, or R0079.
  std::size_t index(std::int64_t value) const;
  /// The smallest value that holds `n`, or R0078.
  std::int64_t holding(std::int64_t n) const;
};

struct VariantInstancesState {
  VariantsState* variants = nullptr;  // the Variants' own, which outlive these
  std::string graph;
  /// The caller's bindings, and every shared buffer bound to its memory.
  Bindings bindings;
  /// The memory of the largest variant's buffers, the caller's where bound. `bindings` keep
  /// it alive too (Bindings::keep_alive), so a variant's exec handed away keeps it.
  std::shared_ptr<const BufferSet> shared;
  /// Per shared buffer: name, memory, bytes.
  struct Shared {
    std::string name;
    void* memory = nullptr;
    std::size_t bytes = 0;
  };
  std::vector<Shared> buffers;
  std::size_t caller_bound = 0;  // bytes of the buffers the caller's bindings bind
  /// The capture nodes' library handles and workspaces, one set for every variant: node i's
  /// cuBLAS workspace in one variant is node i's in every other (they never run at once).
  std::shared_ptr<CaptureResources> captures = std::make_shared<CaptureResources>();
  std::vector<std::optional<Instance>> instances;  // per value

  /// Whether the instance of the i-th value is built and still has its exec (not handed
  /// away through the Instance itself).
  bool built(std::size_t i) const { return instances[i] && !instances[i]->empty(); }
};

}  // namespace graphc::detail
