// The one place where a node kind's CUDA node type, which graphc/base/node_kinds.def names as
// text (that table includes no CUDA), becomes CUDA's enumerator.
#pragma once

#include <cuda_runtime.h>

#include "graphc/base/node_kinds.h"

namespace graphc::detail {

/// The cudaGraphNodeType of a node of `kind` (node_kinds.def's cuda_type).
constexpr cudaGraphNodeType node_type(NodeKind kind) {
  switch (kind) {
#define GRAPHC_NODE_KIND(id, ir_struct, keyword, names_function, cuda_type, ...) \
  case NodeKind::id:                                                             \
    return cuda_type;
#include "graphc/base/node_kinds.def"
#undef GRAPHC_NODE_KIND
  }
  return cudaGraphNodeTypeCount;
}

}  // namespace graphc::detail
