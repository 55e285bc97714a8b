#include "profile/activity_records.h"

#include <cstdlib>
#include <mutex>

#include "graphc/runtime_error.h"

namespace graphc::detail {
namespace {

constexpr std::size_t kBufferBytes = std::size_t{1} << 20;
constexpr std::size_t kBufferAlignment = 8;  // ACTIVITY_RECORD_ALIGNMENT, as CUPTI asks

// Where CUPTI's completed buffers go: the recording that is live (CUPTI calls plain functions).
std::mutex sink_mutex;
bool recording = false;
std::vector<ActivityRecord> sink;
const CuptiLibrary* sink_cupti = nullptr;

void CUPTIAPI buffer_requested(std::uint8_t** buffer, std::size_t* size, std::size_t* max_records) {
  *buffer = static_cast<std::uint8_t*>(std::aligned_alloc(kBufferAlignment, kBufferBytes));
  *size = *buffer == nullptr ? 0 : kBufferBytes;
  *max_records = 0;  // as many as fit
}

void CUPTIAPI buffer_completed(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t, std::size_t valid) {
  const std::lock_guard lock(sink_mutex);
  CUpti_Activity* record = nullptr;
  while (recording && sink_cupti->next_record(buffer, valid, &record) == CUPTI_SUCCESS) {
    ActivityRecord kept;
    if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || record->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      const auto* kernel = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
      kept = {kernel->graphNodeId, kernel->start, kernel->end, true, kernel->name != nullptr ? kernel->name : ""};
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      const auto* copy = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
      kept = {copy->graphNodeId, copy->start, copy->end, false, {}};
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      const auto* memset = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
      kept = {memset->graphNodeId, memset->start, memset->end, false, {}};
    } else {
      continue;
    }
    sink.push_back(std::move(kept));
  }
  std::free(buffer);
}

constexpr CUpti_ActivityKind kKinds[] = {CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL, CUPTI_ACTIVITY_KIND_MEMCPY,
                                         CUPTI_ACTIVITY_KIND_MEMSET};

}  // namespace

ActivityRecording::ActivityRecording(const CuptiLibrary& cupti) : cupti_(cupti) {
  {
    const std::lock_guard lock(sink_mutex);
    sink.clear();
    sink_cupti = &cupti;
    recording = true;
  }
  try {
    cupti.check(cupti.register_callbacks(buffer_requested, buffer_completed), "cuptiActivityRegisterCallbacks");
    for (const CUpti_ActivityKind kind : kKinds) cupti.check(cupti.activity_enable(kind), "cuptiActivityEnable");
  } catch (...) {
    stop();
    throw;
  }
}

ActivityRecording::~ActivityRecording() { stop(); }

void ActivityRecording::stop() noexcept {
  // Disabling a kind that was not enabled is harmless; what is flushed now is dropped.
  for (const CUpti_ActivityKind kind : kKinds) cupti_.activity_disable(kind);
  cupti_.flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  const std::lock_guard lock(sink_mutex);
  recording = false;
  std::vector<ActivityRecord>().swap(sink);
}

std::vector<ActivityRecord> ActivityRecording::take() {
  cupti_.check(cupti_.flush_all(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED), "cuptiActivityFlushAll");
  const std::lock_guard lock(sink_mutex);
  std::vector<ActivityRecord> taken;
  taken.swap(sink);
  return taken;
}

}  // namespace graphc::detail
