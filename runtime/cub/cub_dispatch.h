// The runtime's CUB calls (library graphc_cub, compiled by nvcc): graphc::CubCall
// (graphc/cub_calls.cuh) for an algorithm and types known only at run time, so that the
// runtime's own sources stay host C++.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>

#include "graphc/base/scalar_type.h"
#include "graphc/cub_ops.h"

namespace graphc::detail {

/// CubCall<op, keys, values>{operands, n}(storage, bytes, stream): `keys` the items' type
/// (i32, i64, u32, u64, f32 or f64), `values` a SortPairs' values' (of 4 or 8 bytes; moved,
/// never read as numbers). With null storage it only sets `bytes`. Returns CUB's status,
/// cudaErrorInvalidValue for a type the validator does not accept.
cudaError_t cub_call(CubOp op, ScalarType keys, ScalarType values, long long n, const CubOperands& operands,
                     void* storage, std::size_t& bytes, cudaStream_t stream);

}  // namespace graphc::detail
