// CUPTI's activity API while it records: the kernel, memcpy and memset records of the work
// the device runs, with the executable graph node each ran for.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "profile/cupti_library.h"

namespace graphc::detail {

/// One kernel, memcpy or memset activity record, as the profiler keeps it.
struct ActivityRecord {
  std::uint64_t graph_node = 0;  // graphNodeId: the executable graph's node; 0 outside graphs
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  bool kernel = false;
  std::string function;  // a kernel's name (mangled); empty for copies and memsets
};

/// Records kernels (CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, which keeps kernels concurrent),
/// memcpys and memsets while it lives: enables them and registers CUPTI's buffer
/// callbacks; the destructor disables them and drops what was not taken. One at a time per
/// process (CUPTI's activity buffers are the process's).
class ActivityRecording {
 public:
  explicit ActivityRecording(const CuptiLibrary& cupti);
  ActivityRecording(const ActivityRecording&) = delete;
  ActivityRecording& operator=(const ActivityRecording&) = delete;
  ~ActivityRecording();

  /// Flushes CUPTI's buffers (cuptiActivityFlushAll, forced) and returns the records made
  /// since the last call; synchronize the work first, or its records may come later.
  std::vector<ActivityRecord> take();

 private:
  void stop() noexcept;

  const CuptiLibrary& cupti_;
};

}  // namespace graphc::detail
