#include "cub_dispatch.h"

#include <cstdint>

#include "graphc/cub_calls.cuh"

namespace graphc::detail {
namespace {

// The call of `op` on keys of type K; a SortPairs' values as unsigned integers of their size.
template <class K>
cudaError_t call_on(CubOp op, std::size_t value_size, long long n, const CubOperands& o, void* storage,
                    std::size_t& bytes, cudaStream_t stream) {
  switch (op) {
    case CubOp::reduce_sum: return CubCall<CubOp::reduce_sum, K>{o, n}(storage, bytes, stream);
    case CubOp::reduce_min: return CubCall<CubOp::reduce_min, K>{o, n}(storage, bytes, stream);
    case CubOp::reduce_max: return CubCall<CubOp::reduce_max, K>{o, n}(storage, bytes, stream);
    case CubOp::inclusive_sum: return CubCall<CubOp::inclusive_sum, K>{o, n}(storage, bytes, stream);
    case CubOp::exclusive_sum: return CubCall<CubOp::exclusive_sum, K>{o, n}(storage, bytes, stream);
    case CubOp::radix_sort_keys: return CubCall<CubOp::radix_sort_keys, K>{o, n}(storage, bytes, stream);
    case CubOp::radix_sort_pairs:
      if (value_size == 8) return CubCall<CubOp::radix_sort_pairs, K, std::uint64_t>{o, n}(storage, bytes, stream);
      return CubCall<CubOp::radix_sort_pairs, K, std::uint32_t>{o, n}(storage, bytes, stream);
  }
  return cudaErrorInvalidValue;
}

}  // namespace

cudaError_t cub_call(CubOp op, ScalarType keys, ScalarType values, long long n, const CubOperands& operands,
                     void* storage, std::size_t& bytes, cudaStream_t stream) {
  const std::size_t value_size = type_size(values);
  switch (keys) {
    case ScalarType::i32: return call_on<std::int32_t>(op, value_size, n, operands, storage, bytes, stream);
    case ScalarType::i64: return call_on<std::int64_t>(op, value_size, n, operands, storage, bytes, stream);
    case ScalarType::u32: return call_on<std::uint32_t>(op, value_size, n, operands, storage, bytes, stream);
    case ScalarType::u64: return call_on<std::uint64_t>(op, value_size, n, operands, storage, bytes, stream);
    case ScalarType::f32: return call_on<float>(op, value_size, n, operands, storage, bytes, stream);
    case ScalarType::f64: return call_on<double>(op, value_size, n, operands, storage, bytes, stream);
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace graphc::detail
