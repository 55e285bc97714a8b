// The devices of the machine a graph is checked for, and which of them reach which one's
// memory (cudaDeviceCanAccessPeer): `graphc check --topology FILE`, the file `graphc topology`
// writes on that machine. With it, a placement the machine cannot honour is an error before
// anything runs (sema/check_topology.h); without it the runtime finds out as it builds.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace graphc::ir {

struct DeviceTopology {
  int devices = 0;  // CUDA devices 0 to devices - 1 (cudaGetDeviceCount)
  /// (from, to): a kernel on device `from` reaches device `to`'s memory once peer access is
  /// enabled (cudaDeviceCanAccessPeer(from, to)), `from` != `to`.
  std::vector<std::pair<int, int>> peers;

  /// Whether a kernel on device `from` may reach device `to`'s memory: the same device, or
  /// a peer pair.
  bool reaches(int from, int to) const;
  /// The text parse_device_topology reads: `devices N`, then `peer FROM TO` a line.
  std::string text() const;
};

/// The topology `text` describes: a line `devices N` (N from 1), then any number of lines
/// `peer FROM TO` (two device numbers below N, not the same); blank lines and `#` comments are
/// skipped. Otherwise the first bad line's number and what is wrong with it.
std::variant<DeviceTopology, std::string> parse_device_topology(std::string_view text);

}  // namespace graphc::ir
