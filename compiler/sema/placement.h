// Where CUDA allows a node: the kinds a conditional body and a graph instantiated for
// device launch may hold. The rules of the graph itself (check_conditional_bodies,
// check_device_launch) and of the graphs it calls (check_call_placement) share them.
#pragma once

#include <string_view>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"

namespace graphc::sema {

/// Kernel, empty, memcpy, memset, child graph and conditional nodes (CUDA 13,
/// cudaConditionalNodeParams: the kinds a body graph may hold, recursively): the rows of
/// graphc/base/node_kinds.def whose in_body is true.
bool allowed_in_body(const ir::Node& node);

/// Kernel, memcpy, memset and child graph nodes (cudaGraphInstantiateFlagDeviceLaunch): the
/// rows of graphc/base/node_kinds.def whose in_device_graph is true.
bool allowed_in_device_graph(const ir::Node& node);

/// One end of a copy in managed or pageable host memory, which neither a conditional body
/// nor a device graph may copy (only device memory and pinned host memory).
struct RefusedCopyEnd {
  const ir::BufferSlice* slice;
  std::string_view verb;  // "reads" (the source) or "writes" (the destination)
};

/// The ends of `copy` (a node of `graph`) in managed or pageable memory: source first.
std::vector<RefusedCopyEnd> refused_copy_ends(const ir::Graph& graph, const ir::CopyNode& copy);

/// E0219 at `range`: `node` (a kernel, capture or memset node) `verb`s ("passes", "sets")
/// pageable `buffer`, which only copies can reach; a note at the buffer's declaration.
void report_pageable_use(DiagEngine& diags, const ir::Node& node, std::string_view verb, const ir::Buffer& buffer,
                         SourceRange range);

}  // namespace graphc::sema
