// graphc's CUB operations for capture nodes (`capture total : cub.reduce_sum(n, x, sum)`,
// `cub.inclusive_sum`, `cub.radix_sort_pairs`, ...), shared by the runtime and the code
// `graphc compile` writes. Header-only host C++: the CUDA runtime API. CUB itself is device
// code, compiled by nvcc: graphc/cub_calls.cuh holds the calls (graphc::CubCall), which the
// generated .cu includes and the runtime instantiates for every type it accepts (its
// graphc_cub library).
//
// Library state belongs to graphc: per CUB node its temporary storage, of the size CUB's
// query (the call with no storage) asks for, allocated before any capture and freed with
// the instance, so that a capture launches CUB's kernels only.
#pragma once

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/runtime_error.h"

namespace graphc {

/// A CUB device-wide algorithm: cub::DeviceReduce::Sum, Min, Max; cub::DeviceScan::
/// InclusiveSum, ExclusiveSum; cub::DeviceRadixSort::SortKeys, SortPairs (ascending, every
/// bit of the key).
enum class CubOp {
  reduce_sum,
  reduce_min,
  reduce_max,
  inclusive_sum,
  exclusive_sum,
  radix_sort_keys,
  radix_sort_pairs
};

/// The memory of a CUB algorithm, in device (or managed) memory: `in` and `out` (a sort's
/// keys; a reduction's out is one element), and a SortPairs' values.
struct CubOperands {
  const void* in = nullptr;
  void* out = nullptr;
  const void* values_in = nullptr;
  void* values_out = nullptr;
};

/// The temporary storage of the capture nodes that call CUB. Created empty; add() allocates
/// before any capture begins. Move-only; frees the storage, so it must outlive every exec
/// whose nodes use it.
class CubLibrary {
 public:
  CubLibrary() = default;
  CubLibrary(CubLibrary&& other) noexcept : storage_(std::move(other.storage_)) {}
  CubLibrary& operator=(CubLibrary&& other) noexcept {
    if (this != &other) {
      release();
      storage_ = std::move(other.storage_);
    }
    return *this;
  }
  CubLibrary(const CubLibrary&) = delete;
  CubLibrary& operator=(const CubLibrary&) = delete;
  ~CubLibrary() { release(); }

  /// The temporary storage of one CUB call: `call(nullptr, bytes, stream)` (CUB's size
  /// query, which launches nothing; a graphc::CubCall) gives its size, then cudaMalloc (at
  /// least one byte: CUB takes null storage for the query). Returns its index for run().
  /// Throws graphc::Error R0001 naming `node` at `location` when the query or the allocation
  /// fails.
  template <class Call>
  std::size_t add(const Call& call, const char* node, const char* location) {
    std::size_t bytes = 0;
    fail_on(call(nullptr, bytes, nullptr), "CUB's temporary storage query", node, location);
    bytes = std::max<std::size_t>(bytes, 1);
    void* memory = nullptr;
    fail_on(cudaMalloc(&memory, bytes), "cudaMalloc of CUB's temporary storage", node, location);
    storage_.emplace_back(memory, bytes);
    return storage_.size() - 1;
  }

  /// `call` on `stream` with storage `plan` (add()'s). Allowed while `stream` captures.
  /// Throws std::runtime_error naming CUB's error.
  template <class Call>
  void run(std::size_t plan, const Call& call, cudaStream_t stream) const {
    auto [memory, bytes] = storage_.at(plan);
    if (const cudaError_t status = call(memory, bytes, stream); status != cudaSuccess) {
      throw std::runtime_error(std::string("CUB: ") + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) +
                               ")");
    }
  }

  /// Bytes of device memory it holds for its nodes (each call's temporary storage): what Instance::memory() reports as
  /// workspaces.
  std::size_t device_bytes() const {
    std::size_t bytes = 0;
    for (const auto& [memory, size] : storage_) bytes += size;
    return bytes;
  }

 private:
  static void fail_on(cudaError_t status, const char* call, const char* node, const char* location) {
    if (status == cudaSuccess) return;
    cudaGetLastError();
    cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), call, node, location);
  }

  void release() {
    for (const auto& [memory, bytes] : storage_) cudaFree(memory);
    storage_.clear();
  }

  std::vector<std::pair<void*, std::size_t>> storage_;
};

}  // namespace graphc
