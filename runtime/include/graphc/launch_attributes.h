// Launch attributes of kernel nodes (`[priority(2), cluster(2, 1, 1), cooperative,
// sync_domain(remote), carveout(50)]`), set on a node after cudaGraphAddNode, and the check
// of a cooperative node's grid against what the device holds at once: shared by the
// runtime and the code `graphc compile` writes. Header-only, CUDA runtime API and the
// standard library only.
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstddef>

#include "graphc/check_cuda.h"
#include "graphc/runtime_error.h"

namespace graphc {

/// What a kernel node's attributes ask of CUDA; a field at its default sets nothing.
struct LaunchAttributes {
  bool has_priority = false;
  int priority = 0;  // cudaLaunchAttributePriority (with cudaGraphInstantiateFlagUseNodePriority)
  std::array<unsigned, 3> cluster{0, 0, 0};  // cudaLaunchAttributeClusterDimension, blocks; 0: no cluster
  bool cooperative = false;                  // cudaLaunchAttributeCooperative
  int sync_domain = -1;                      // cudaLaunchAttributeMemSyncDomain: -1 none, 0 default, 1 remote
  bool has_carveout = false;
  int carveout = 0;               // cudaLaunchAttributePreferredSharedMemoryCarveout, percent or -1
  void* window_base = nullptr;    // cudaLaunchAttributeAccessPolicyWindow: the buffer; null: none
  std::size_t window_bytes = 0;   // its size (at most cudaDevAttrMaxAccessPolicyWindowSize)
  float hit_ratio = 0.0f;         // hits persist in L2 (cudaAccessPropertyPersisting), misses stream
  bool device_updatable = false;  // cudaLaunchAttributeDeviceUpdatableKernelNode
};

namespace detail {

inline void set_attribute(cudaGraphNode_t node, cudaLaunchAttributeID id, const cudaLaunchAttributeValue& value,
                          const char* node_name, const char* location) {
  check_cuda(cudaGraphKernelNodeSetAttribute(node, id, &value), "cudaGraphKernelNodeSetAttribute", node_name, location);
}

}  // namespace detail

/// Sets each attribute `a` asks for on kernel node `node` (cudaGraphKernelNodeSetAttribute),
/// before the graph is instantiated. Returns the node's device node handle when `a` makes it
/// device-updatable (cudaLaunchAttributeDeviceUpdatableKernelNode's devNode, which the
/// kernels that update it from the device are passed), else null. Throws graphc::Error
/// R0001 naming the node and its `location` when CUDA refuses one (a cluster the kernel
/// cannot run with, say).
inline cudaGraphDeviceNode_t set_launch_attributes(cudaGraphNode_t node, const LaunchAttributes& a,
                                                   const char* node_name, const char* location) {
  cudaLaunchAttributeValue v{};
  if (a.has_priority) {
    v.priority = a.priority;
    detail::set_attribute(node, cudaLaunchAttributePriority, v, node_name, location);
  }
  if (a.cluster[0] != 0) {
    v = {};
    v.clusterDim.x = a.cluster[0];
    v.clusterDim.y = a.cluster[1];
    v.clusterDim.z = a.cluster[2];
    detail::set_attribute(node, cudaLaunchAttributeClusterDimension, v, node_name, location);
  }
  if (a.cooperative) {
    v = {};
    v.cooperative = 1;
    detail::set_attribute(node, cudaLaunchAttributeCooperative, v, node_name, location);
  }
  if (a.sync_domain >= 0) {
    v = {};
    v.memSyncDomain = a.sync_domain == 1 ? cudaLaunchMemSyncDomainRemote : cudaLaunchMemSyncDomainDefault;
    detail::set_attribute(node, cudaLaunchAttributeMemSyncDomain, v, node_name, location);
  }
  if (a.has_carveout) {
    v = {};
    v.sharedMemCarveout = static_cast<unsigned>(a.carveout);
    detail::set_attribute(node, cudaLaunchAttributePreferredSharedMemoryCarveout, v, node_name, location);
  }
  if (a.window_base != nullptr) {
    v = {};
    v.accessPolicyWindow.base_ptr = a.window_base;
    v.accessPolicyWindow.num_bytes = a.window_bytes;
    v.accessPolicyWindow.hitRatio = a.hit_ratio;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    detail::set_attribute(node, cudaLaunchAttributeAccessPolicyWindow, v, node_name, location);
  }
  if (!a.device_updatable) return nullptr;
  v = {};
  v.deviceUpdatableKernelNode.deviceUpdatable = 1;
  detail::set_attribute(node, cudaLaunchAttributeDeviceUpdatableKernelNode, v, node_name, location);
  check_cuda(cudaGraphKernelNodeGetAttribute(node, cudaLaunchAttributeDeviceUpdatableKernelNode, &v),
             "cudaGraphKernelNodeGetAttribute", node_name, location);
  return v.deviceUpdatableKernelNode.devNode;
}

/// Throws graphc::Error R0049 when a cooperative launch of `func` with `grid` blocks of
/// `block_threads` threads and `shared_bytes` of dynamic shared memory would not fit on the
/// current device at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor times the SM
/// count), which CUDA requires of a cooperative launch; R0001 naming the call when CUDA
/// cannot tell.
inline void check_cooperative_grid(const void* func, unsigned long long grid, int block_threads,
                                   std::size_t shared_bytes, const char* node_name, const char* location) {
  int per_sm = 0;
  int device = 0;
  int sms = 0;
  check_cuda(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, func, block_threads, shared_bytes),
             "cudaOccupancyMaxActiveBlocksPerMultiprocessor", node_name, location);
  check_cuda(cudaGetDevice(&device), "cudaGetDevice", node_name, location);
  check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute", node_name,
             location);
  const unsigned long long resident = static_cast<unsigned long long>(per_sm) * static_cast<unsigned long long>(sms);
  if (grid <= resident) return;
  throw_error<RuntimeCode::cooperative_grid>(location, node_name, grid, resident, per_sm, sms);
}

}  // namespace graphc
