// graphc::ExecKeeper: a CUDA user object (cudaUserObjectCreate) that every exec of a graph
// holds, so that an exec handed to another owner keeps the memory, modules, library handles
// and workspaces its nodes use until CUDA destroys it. Shared by the runtime
// (Instance::release) and generated owners (release()). Header-only: the CUDA runtime API
// and the standard library (a thread).
//
// CUDA calls a user object's destructor on a shared internal thread that must not make
// CUDA calls, while freeing what an exec used is all CUDA calls (cudaFree, cublasDestroy,
// ...). So the destructor only hands the resources to graphc's reaper thread, which
// destroys them.
#pragma once

#include <cuda_runtime_api.h>

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>

#include "graphc/check_cuda.h"
#include "graphc/handles.h"

namespace graphc {
namespace detail {

/// What a handed-off exec kept: the resources, destroyed with `device` current.
struct KeptResources {
  std::shared_ptr<void> resources;
  int device = 0;
};

/// The count handed_off_execs() returns.
inline std::atomic<std::size_t>& handed_off_count() {
  static std::atomic<std::size_t> count{0};
  return count;
}

/// The thread that destroys what handed-off execs kept, once CUDA has destroyed them. Made
/// on first use and never destroyed (a detached thread; what is still queued at exit is the
/// operating system's to reclaim, as CUDA's own state is).
class Reaper {
 public:
  static Reaper& instance() {
    static Reaper* const reaper = new Reaper();
    return *reaper;
  }

  void take(KeptResources* kept) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(kept);
    }
    ready_.notify_one();
  }

 private:
  Reaper() {
    std::thread([this] { run(); }).detach();
  }

  [[noreturn]] void run() {
    for (;;) {
      KeptResources* kept = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return !queue_.empty(); });
        kept = queue_.front();
        queue_.pop_front();
      }
      static_cast<void>(cudaSetDevice(kept->device));
      delete kept;  // the resources' destructors free their CUDA objects (and ignore failures)
      handed_off_count().fetch_sub(1);
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<KeptResources*> queue_;
};

}  // namespace detail

/// How many execs handed away (Instance::release, a generated owner's release()) still hold
/// their resources: those not yet destroyed with cudaGraphExecDestroy, and those destroyed
/// whose resources graphc's reaper thread has not freed yet (it does so moments later).
inline std::size_t handed_off_execs() { return detail::handed_off_count().load(); }

/// Move-only owner of one reference to a CUDA user object made for one exec. Every graph the
/// exec is instantiated or updated from retains the object (retain_by), so the exec holds a
/// reference for as long as it exists (CUDA clones a graph's user object references into
/// the execs instantiated or updated from it). While the keeper lives the object keeps
/// nothing; hand_off() gives it the exec's resources and the keeper's reference, and when
/// CUDA destroys the exec (and the graphs that retained it) graphc's reaper thread destroys
/// them. Empty when default-constructed, moved from or handed off.
class ExecKeeper {
 public:
  ExecKeeper() = default;
  ExecKeeper(ExecKeeper&& other) noexcept
      : object_(std::exchange(other.object_, nullptr)), kept_(std::exchange(other.kept_, nullptr)) {}
  ExecKeeper& operator=(ExecKeeper&& other) noexcept {
    if (this != &other) {
      reset();
      object_ = std::exchange(other.object_, nullptr);
      kept_ = std::exchange(other.kept_, nullptr);
    }
    return *this;
  }
  ExecKeeper(const ExecKeeper&) = delete;
  ExecKeeper& operator=(const ExecKeeper&) = delete;
  ~ExecKeeper() { reset(); }

  /// A new user object (cudaUserObjectCreate with cudaUserObjectNoDestructorSync, CUDA's
  /// only flag) holding nothing yet. Throws graphc::Error R0001 naming `node` at `location`
  /// when CUDA refuses.
  static ExecKeeper create(const char* node = "", const char* location = "") {
    ExecKeeper keeper;
    keeper.kept_ = new detail::KeptResources();
    const cudaError_t status =
        cudaUserObjectCreate(&keeper.object_, keeper.kept_, &ExecKeeper::destroyed, 1, cudaUserObjectNoDestructorSync);
    if (status != cudaSuccess) {
      delete std::exchange(keeper.kept_, nullptr);
      keeper.object_ = nullptr;
      check_cuda(status, "cudaUserObjectCreate", node, location);
    }
    return keeper;
  }

  /// create(), then retain_by(graph): the keeper of the execs instantiated from `graph`.
  static ExecKeeper retained_by(cudaGraph_t graph, const char* node = "", const char* location = "") {
    ExecKeeper keeper = create(node, location);
    keeper.retain_by(graph, node, location);
    return keeper;
  }

  /// Gives `graph` a reference to the object (cudaGraphRetainUserObject): every exec
  /// instantiated from `graph`, or updated from it with cudaGraphExecUpdate, holds one.
  /// Throws R0001.
  void retain_by(cudaGraph_t graph, const char* node = "", const char* location = "") const {
    check_cuda(cudaGraphRetainUserObject(graph, object_, 1, 0), "cudaGraphRetainUserObject", node, location);
  }

  /// Takes back the reference retain_by gave `graph` (cudaGraphReleaseUserObject), for a
  /// graph that no exec of this keeper was made from after all. Ignores CUDA's status.
  void release_from(cudaGraph_t graph) const { static_cast<void>(cudaGraphReleaseUserObject(graph, object_, 1)); }

  /// Gives the object `resources` (what the exec uses) and the keeper's reference; the
  /// keeper is empty afterwards. When CUDA has destroyed the last exec and graph that hold
  /// the object, the reaper thread destroys `resources` with CUDA device `device` current.
  /// `resources` must not hold a graph that retained the object: it would keep the object,
  /// and so itself, alive forever.
  void hand_off(std::shared_ptr<void> resources, int device) noexcept {
    kept_->resources = std::move(resources);
    kept_->device = device;
    detail::handed_off_count().fetch_add(1);
    kept_ = nullptr;
    static_cast<void>(cudaUserObjectRelease(std::exchange(object_, nullptr), 1));
  }

 private:
  void reset() {
    kept_ = nullptr;  // the object owns it; its destructor deletes it
    if (object_ != nullptr) static_cast<void>(cudaUserObjectRelease(std::exchange(object_, nullptr), 1));
  }

  // CUDA's destructor callback, on its internal thread: it may not call CUDA, so resources
  // go to the reaper thread; a keeper that was never handed off kept nothing.
  static void CUDART_CB destroyed(void* pointer) {
    auto* kept = static_cast<detail::KeptResources*>(pointer);
    if (kept->resources == nullptr) {
      delete kept;
      return;
    }
    detail::Reaper::instance().take(kept);
  }

  cudaUserObject_t object_ = nullptr;
  detail::KeptResources* kept_ = nullptr;
};

/// Hands `exec` away (Instance::release, a generated owner's release()): the caller now owns
/// it and destroys it with cudaGraphExecDestroy. `kept`, what the exec uses (moved; it may
/// own `exec`, `graph` and `keeper` themselves), goes to `keeper`'s user object, which the
/// exec holds, and is destroyed on graphc's reaper thread after CUDA destroys the exec.
/// `graph`, whose reference to the object would keep the object alive forever, is destroyed
/// now. Throws R0001 when cudaGetDevice fails, nothing handed off.
template <class... Kept>
cudaGraphExec_t hand_off(ExecHandle& exec, GraphHandle& graph, ExecKeeper& keeper, Kept&&... kept) {
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  auto resources = std::make_shared<std::tuple<std::decay_t<Kept>...>>(std::forward<Kept>(kept)...);
  graph.reset();
  const cudaGraphExec_t handed = exec.release();
  keeper.hand_off(std::move(resources), device);
  return handed;
}

}  // namespace graphc
