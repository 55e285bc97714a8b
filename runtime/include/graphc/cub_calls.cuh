// The CUB calls of graphc's CUB operations (graphc/cub_ops.h), for nvcc: the .cu that
// `graphc compile` writes includes it where a graph calls CUB, and the runtime's graphc_cub
// library instantiates it for every type the validator accepts. Each call is CUB's two-phase
// convention: with null storage it only sets `bytes`.
#pragma once

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda_runtime_api.h>

#include <cstddef>

#include "graphc/cub_ops.h"

namespace graphc {

/// One call of CUB algorithm `Op` over `n` items of type K (a sort's keys; its values of type
/// V) in `operands`: `call(storage, bytes, stream)` runs it on `stream` with `bytes` of
/// temporary storage, or with null storage sets `bytes` to what it needs. Returns CUB's
/// cudaError_t. A radix sort orders every bit of its keys (0 to 8 sizeof(K)), ascending.
template <CubOp Op, class K, class V = unsigned>
struct CubCall {
  CubOperands operands;
  long long n = 0;

  cudaError_t operator()(void* storage, std::size_t& bytes, cudaStream_t stream) const {
    const K* in = static_cast<const K*>(operands.in);
    K* out = static_cast<K*>(operands.out);
    if constexpr (Op == CubOp::reduce_sum) {
      return cub::DeviceReduce::Sum(storage, bytes, in, out, n, stream);
    } else if constexpr (Op == CubOp::reduce_min) {
      return cub::DeviceReduce::Min(storage, bytes, in, out, n, stream);
    } else if constexpr (Op == CubOp::reduce_max) {
      return cub::DeviceReduce::Max(storage, bytes, in, out, n, stream);
    } else if constexpr (Op == CubOp::inclusive_sum) {
      return cub::DeviceScan::InclusiveSum(storage, bytes, in, out, n, stream);
    } else if constexpr (Op == CubOp::exclusive_sum) {
      return cub::DeviceScan::ExclusiveSum(storage, bytes, in, out, n, stream);
    } else if constexpr (Op == CubOp::radix_sort_keys) {
      return cub::DeviceRadixSort::SortKeys(storage, bytes, in, out, n, 0, static_cast<int>(sizeof(K) * 8), stream);
    } else {
      return cub::DeviceRadixSort::SortPairs(storage, bytes, in, out, static_cast<const V*>(operands.values_in),
                                             static_cast<V*>(operands.values_out), n, 0,
                                             static_cast<int>(sizeof(K) * 8), stream);
    }
  }
};

}  // namespace graphc
