// graphc topology: this machine's CUDA devices and which of them reach which one's memory
// (cudaGetDeviceCount, cudaDeviceCanAccessPeer), in the form `--topology FILE` reads, so that
// a graph is checked elsewhere (CI) for the machine it will run on:
//   graphc topology > machine.topology; graphc check --topology machine.topology file.graph
#include <cuda_runtime_api.h>

#include <cstdio>

#include "commands.h"
#include "ir/device_topology.h"

namespace graphc::driver {

void add_topology(CLI::App& app, int& status) {
  CLI::App* cmd = app.add_subcommand(
      "topology", "Print this machine's CUDA devices and their peer access, for --topology FILE elsewhere");
  cmd->callback([&status] {
    ir::DeviceTopology topology;
    if (const cudaError_t error = cudaGetDeviceCount(&topology.devices); error != cudaSuccess) {
      std::fprintf(stderr, "graphc topology: error: cudaGetDeviceCount failed: %s\n", cudaGetErrorString(error));
      status = exit_cuda;
      return;
    }
    for (int from = 0; from < topology.devices; ++from) {
      for (int to = 0; to < topology.devices; ++to) {
        int reaches = 0;
        if (from == to) continue;
        if (const cudaError_t error = cudaDeviceCanAccessPeer(&reaches, from, to); error != cudaSuccess) {
          std::fprintf(stderr, "graphc topology: error: cudaDeviceCanAccessPeer(%d, %d) failed: %s\n", from, to,
                       cudaGetErrorString(error));
          status = exit_cuda;
          return;
        }
        if (reaches != 0) topology.peers.emplace_back(from, to);
      }
    }
    std::fputs(topology.text().c_str(), stdout);
    status = exit_ok;
  });
}

}  // namespace graphc::driver
