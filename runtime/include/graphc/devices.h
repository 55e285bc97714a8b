// Several CUDA devices in one graph (`buffer y : f32[N] device(1) peers(0);`, `kernel k :
// f<<<g, b>>>(y) [device(1)];`): the device a node is added on or a buffer allocated on, and
// the peer access a buffer grants, shared by the runtime and the code `graphc compile`
// writes. Header-only: the CUDA runtime API.
//
// A kernel node runs on the device that is current when it is added (cudaGraphAddNode takes
// the current device's context), a memset node on its memory's; a copy between devices is a
// peer copy (cudaMemcpyDefault, through unified addressing). The whole graph instantiates as
// one exec and launches on one stream, of any of its devices.
#pragma once

#include <cuda_runtime_api.h>

#include <string>
#include <vector>

#include "graphc/check_cuda.h"
#include "graphc/runtime_error.h"

namespace graphc {

/// Throws R0072 unless device `device` exists: `what` and `name` say what is placed on it
/// ("buffer", "y"; "kernel", "k"), `location` where. cudaGetDeviceCount failing is R0001.
inline void require_device(int device, const char* what, const char* name, const char* location) {
  int count = 0;
  check_cuda(cudaGetDeviceCount(&count), "cudaGetDeviceCount", name, location);
  if (device >= count)
    throw_error<RuntimeCode::device_missing>(location, what, name, device, count, count == 1 ? "" : "s");
}

/// Makes device `device` current for its lifetime (cudaSetDevice), then the one that was
/// (also when an exception leaves the scope): what a node placed on `device` is added in.
/// A negative `device` changes nothing: the node is not placed. Throws R0072 for a device the
/// machine lacks, R0001 naming `name` (a node or buffer at `location`) when CUDA fails.
class DeviceScope {
 public:
  DeviceScope(int device, const char* what, const char* name, const char* location) {
    if (device < 0) return;
    check_cuda(cudaGetDevice(&previous_), "cudaGetDevice", name, location);
    if (device == previous_) return;
    require_device(device, what, name, location);
    check_cuda(cudaSetDevice(device), "cudaSetDevice", name, location);
    changed_ = true;
  }
  ~DeviceScope() {
    if (changed_) cudaSetDevice(previous_);
  }
  DeviceScope(const DeviceScope&) = delete;
  DeviceScope& operator=(const DeviceScope&) = delete;

 private:
  int previous_ = 0;
  bool changed_ = false;
};

/// The device the current thread builds on (cudaGetDevice): where unplaced nodes and buffers
/// go. R0001 naming `name` at `location` when CUDA fails.
inline int current_device(const char* name, const char* location) {
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice", name, location);
  return device;
}

/// Lets the kernels of each device in `peers` reach the memory of device `device`, which
/// buffer `buffer` (declared at `location`) is: cudaDeviceEnablePeerAccess(device) on each
/// peer, once per pair for the life of the process (CUDA's access is per pair of devices,
/// not per allocation; enabling a pair twice is not an error here). Throws R0074 when a peer
/// cannot reach the device (cudaDeviceCanAccessPeer) and R0072 for a device the machine
/// lacks.
inline void enable_peer_access(int device, const std::vector<int>& peers, const char* buffer, const char* location) {
  for (const int peer : peers) {
    if (peer == device) continue;
    require_device(peer, "a peer of buffer", buffer, location);
    int can = 0;
    check_cuda(cudaDeviceCanAccessPeer(&can, peer, device), "cudaDeviceCanAccessPeer", buffer, location);
    if (can == 0) {
      throw_error<RuntimeCode::peer_access>(location, buffer, device, peer,
                                            "cannot reach it (cudaDeviceCanAccessPeer says no)");
    }
    const DeviceScope on_peer(peer, "a peer of buffer", buffer, location);
    const cudaError_t status = cudaDeviceEnablePeerAccess(device, 0);
    if (status == cudaErrorPeerAccessAlreadyEnabled) {
      (void)cudaGetLastError();  // CUDA records it as the thread's last error: not one here
    } else if (status != cudaSuccess) {
      throw_error<RuntimeCode::peer_access>(location, buffer, device, peer,
                                            std::string("cudaDeviceEnablePeerAccess refused: ") +
                                                cudaGetErrorName(status) + " (" + cudaGetErrorString(status) + ")");
    }
  }
}

/// Where a buffer's memory is placed (`device(i) peers(j, ...)`), as graphc::Allocation takes
/// it in generated code: `device` -1 for the current device; `location` the declaration's.
struct Placement {
  int device = -1;
  std::vector<int> peers;
  const char* location = "";
};

/// Access descriptors (cudaMemAccessDesc) that let each device of `peers` read and write
/// memory of a mem alloc node, which its own device always may: its `peers(...)`.
inline std::vector<cudaMemAccessDesc> peer_access_descs(const std::vector<int>& peers) {
  std::vector<cudaMemAccessDesc> out;
  for (const int peer : peers) {
    cudaMemAccessDesc d{};
    d.location.type = cudaMemLocationTypeDevice;
    d.location.id = peer;
    d.flags = cudaMemAccessFlagsProtReadWrite;
    out.push_back(d);
  }
  return out;
}

/// What the validator could not know where a node or a buffer is unplaced (on the device the
/// graph is built on): that kernel node `node` (`location`), on device `kernel_device`,
/// reaches `buffer`, memory of device `memory_device` whose declaration grants `peers`
/// access. Throws R0073 unless the devices are one or the kernel's is among the peers.
inline void check_peer_reach(const char* node, int kernel_device, const char* buffer, int memory_device,
                             const std::vector<int>& peers, const char* location) {
  if (kernel_device == memory_device) return;
  for (const int peer : peers) {
    if (peer == kernel_device) return;
  }
  throw_error<RuntimeCode::peer_unreachable>(location, node, kernel_device, buffer, memory_device, kernel_device,
                                             kernel_device);
}

}  // namespace graphc
