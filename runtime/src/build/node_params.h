// The CUDA parameters of each node kind, from the IR's resolved fields: what
// cudaGraphAddNode takes (cudaGraphNodeParams, zero-initialised, then the union member of
// the kind) and what cudaGraphExecKernelNodeSetParams takes for a param update.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "build/kernel_args.h"
#include "graphc/bindings.h"
#include "graphc/launch_attributes.h"
#include "ir/graph.h"

namespace graphc::detail {

/// A kernel node: `kernel` (a cudaKernel_t is accepted wherever CUDA takes a kernel's
/// func), grid, block, dynamic shared memory and `args`' pointers.
cudaKernelNodeParams kernel_params(cudaKernel_t kernel, const ir::KernelNode& node, KernelArgs& args);
cudaGraphNodeParams kernel_node_params(cudaKernel_t kernel, const ir::KernelNode& node, KernelArgs& args);

/// A kernel node's resolved launch attributes as graphc::set_launch_attributes takes them,
/// an access policy window over its buffer's memory in `buffers` (per BufferId of `graph`).
LaunchAttributes launch_attributes(const ir::Graph& graph, const ir::LaunchAttributes& launch,
                                   const std::vector<void*>& buffers);

/// The cudaMemcpyKind of a copy direction.
cudaMemcpyKind memcpy_kind(ir::CopyKind kind);

/// A memcpy node. 1-D (cudaMemcpy3DParms with height and depth 1): `bytes_value` bytes
/// from the source slice to the destination slice (offsets in elements of each buffer).
/// 2-D: the box between two 2-D buffers, each a pitched pointer with `pitches` (per
/// BufferId, bytes between rows) and a position (x in bytes, y in rows); depth 1.
cudaGraphNodeParams copy_node_params(const ir::Graph& graph, const ir::CopyNode& copy,
                                     const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches);

/// A memset node (cudaMemsetParamsV2): the slice's elements set to `value_bits`, one row;
/// of a 2-D buffer, the box's rows, `pitches` bytes apart.
cudaGraphNodeParams memset_node_params(const ir::Graph& graph, const ir::MemsetNode& memset,
                                       const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches);

/// A host node (cudaHostNodeParamsV2) calling `host.fn(host.userData)` (HostArgs::params).
cudaGraphNodeParams host_node_params(const cudaHostNodeParams& host);

/// An empty node.
cudaGraphNodeParams empty_node_params();

/// An event record node (cudaEventRecordNodeParams) and an event wait node
/// (cudaEventWaitNodeParams) on `event`.
cudaGraphNodeParams event_record_node_params(cudaEvent_t event);
cudaGraphNodeParams event_wait_node_params(cudaEvent_t event);
/// A conditional node (cudaConditionalNodeParams) testing `handle`: IF of size 1 or 2,
/// WHILE of size 1, SWITCH of one body per case. CUDA fills phGraph_out with the body
/// graphs when the node is added.
cudaGraphNodeParams conditional_node_params(const ir::ConditionalNode& conditional, cudaGraphConditionalHandle handle);

/// A mem alloc node: `bytes` of device memory on `device` (cudaMemAllocationTypePinned,
/// the only type CUDA takes), which the devices of `access` reach too (graphc::peer_access_descs,
/// alive until the node is added); CUDA returns the address in p.alloc.dptr when the node is
/// added.
cudaGraphNodeParams alloc_node_params(std::size_t bytes, int device, const std::vector<cudaMemAccessDesc>& access);

/// A mem free node releasing `dptr`, the address a mem alloc node of the graph returned.
cudaGraphNodeParams free_node_params(void* dptr);

/// A child graph node embedding `graph`, moved into the node
/// (cudaGraphChildGraphOwnershipMove): the parent owns and destroys it, its node handles
/// stay valid for exec updates, and it may hold memory nodes.
cudaGraphNodeParams child_graph_node_params(cudaGraph_t graph);

/// The edge data of an edge's port: the programmatic ports with the programmatic
/// dependency type, zero (full completion) for the default port.
cudaGraphEdgeData edge_data(ir::EdgePort port);

}  // namespace graphc::detail
