// IR elements in words, for messages, comments and pictures: what the validator, the C++
// back end's comments and the DOT labels all say the same way.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/creation_order.h"
#include "ir/graph.h"

namespace graphc::ir {

/// "device memory", "pinned host memory", "managed memory".
std::string_view space_description(MemorySpace space);

/// A resolved kernel or call argument as it reads: `a`, `a + 4`, `lr`, `0.5` (a const or
/// constant expression folded), `nullptr`, `pitch(img)`, a cond's name, `@g`, `S{a, 2}`;
/// "?" for one that is not resolved.
std::string resolved_arg_text(const Graph& graph, const KernelArg& arg);

/// Resolved arguments as they read, separated by ", ": `a + 4, lr, 0.5`.
std::string resolved_args_text(const Graph& graph, const std::vector<KernelArg>& args);

/// A folded slice as it reads: the buffer's name when it covers the whole buffer, else
/// `name[offset:length]`, or `name[row:rows, column:columns]` of a 2-D buffer,
/// `name[z:depth, row:rows, column:columns]` of a 3-D one.
std::string folded_slice_text(const Graph& graph, const BufferSlice& slice);

/// The collectives over `comm` in the order the graph issues them (collectives_in_order), as
/// the watchdog's R0069 names them: `'sum', then 'share'`; a call that runs some as
/// `call 'layer0'`.
std::string collectives_order_text(const Module& module, const Graph& graph, const CreationOrder& order, CommId comm);

}  // namespace graphc::ir
