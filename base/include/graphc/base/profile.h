// graphc::Profile: where a graph's device time goes, node by node, as CUPTI's activity API
// recorded it (Instance::profile). CUDA-free: `graphc run --profile`, `graphc dot --profile`
// and the Chrome trace format (compiler/profile/) read it without a device.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace graphc {

/// One run of one node on the device: a kernel, a copy or a memset, or one of the nodes a
/// capture node captured (a cuBLAS kernel, ...).
struct NodeRun {
  /// The node's path from the profiled graph: "scale"; "step/axpy" for node axpy of the graph
  /// that call node "step" calls (calls nest: "outer/inner/k"); a capture node's own name for
  /// every node it captured. Body nodes of conditionals are named as declared (a graph and
  /// its bodies share one namespace).
  std::string node;
  /// "kernel", "copy", "memset", or "capture" for a node a capture node captured.
  std::string kind;
  /// Where the node is declared: the file as loaded, its 1-based line and column.
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  /// The kernel's name as CUDA reports it (mangled for C++ kernels); empty for copies and
  /// memsets.
  std::string function;
  /// Device timestamps in nanoseconds (CUPTI's clock, cuptiGetTimestamp): when the work
  /// started and ended on the GPU.
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  /// Which launch of the profile it ran in, from 0.
  std::uint32_t launch = 0;
  /// Which run of this node in its launch, from 0: a WHILE body's node runs once per
  /// iteration (0, 1, 2, ...); any other node has iteration 0.
  std::uint32_t iteration = 0;

  std::uint64_t duration_ns() const { return end_ns - start_ns; }
};

/// What Instance::profile measured over `launches` launches.
struct Profile {
  /// The profiled graph's name and the file it was loaded from.
  std::string graph;
  std::string file;
  std::uint32_t launches = 0;
  /// Every node run, ordered by start time.
  std::vector<NodeRun> runs;
  /// Per launch: its length on the device, from the first node's start to the last node's
  /// end (ns).
  std::vector<std::uint64_t> launch_ns;
  /// Mean time of one launch, launched and synchronized one at a time and timed with CUDA
  /// events around cudaGraphLaunch (us), after one uncounted launch: without profiling (the
  /// instance's own exec, before CUPTI is loaded), and with CUPTI recording (the profiled
  /// exec). Their ratio is the profiler's own overhead on the launch time.
  double plain_launch_us = 0;
  double profiled_launch_us = 0;
  /// Device work CUPTI recorded that could not be attributed to a node of the graph, and
  /// why (empty when there was none).
  std::uint32_t unmapped_runs = 0;
  std::string unmapped_reason;
};

}  // namespace graphc
