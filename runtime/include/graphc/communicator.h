// NCCL communicators that graphc makes and owns, for programs that have none of their own
// (one process for every GPU of a host, or one process per GPU whose ranks meet through a
// file), and the wait that never hangs on a collective: wait_for_collectives, NCCL's async
// error query and ncclCommAbort as PyTorch's NCCL watchdog uses them. Header-only, shared by
// the runtime and the code `graphc compile` writes: NCCL is loaded with dlopen
// (graphc/nccl_api.h), nothing links it.
//
// A program that makes its communicators itself (ncclCommInitRank with MPI, torch.distributed)
// binds the ncclComm_t instead (Bindings::communicator); graphc then neither makes nor destroys it.
#pragma once

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "graphc/check_cuda.h"
#include "graphc/nccl_api.h"
#include "graphc/runtime_error.h"

namespace graphc {

namespace detail {

inline const NcclApi& communicator_nccl() { return loaded_nccl_for("graphc::Communicator", ""); }

// R0070 unless NCCL accepted the call `function`.
inline void check_nccl(const NcclApi& api, ncclResult_t result, const char* function) {
  if (result != ncclSuccess) throw_error<RuntimeCode::nccl_failed>("", function, api.error_string(result));
}

}  // namespace detail

/// Tells NCCL that this process runs a communicator's collectives only inside graphs, never
/// two launches of graphs that hold them outstanding at once and no uncaptured NCCL call on it
/// while one is: sets NCCL_GRAPH_MIXING_SUPPORT=0, unless the environment sets the variable
/// already (then its value stands). NCCL then captures each collective as its kernel alone,
/// without the event wait and event record nodes it otherwise adds around it to order it
/// against the communicator's work elsewhere (about 1 us of idle device a side; 50 us a token
/// of samples/tp_decode at TP 2, docs/performance.md). NCCL reads the variable once a process,
/// with its first communicator: call this before any is made. `graphc run` calls it (unless
/// --nccl-graph-mixing); a program that also issues NCCL calls outside graphs, or launches two
/// graphs that share a communicator concurrently, must not. Returns whether it set it.
inline bool disable_nccl_graph_mixing() {
  if (std::getenv("NCCL_GRAPH_MIXING_SUPPORT") != nullptr) return false;
  return setenv("NCCL_GRAPH_MIXING_SUPPORT", "0", 0) == 0;
}

/// NCCL's unique id of a communicator (ncclUniqueId, NCCL_UNIQUE_ID_BYTES = 128 bytes): rank 0
/// makes it, and every rank needs it to join (Communicator::join).
class UniqueId {
 public:
  /// A new id (ncclGetUniqueId), made by rank 0. R0070 when NCCL fails; R0064 when NCCL
  /// cannot be loaded.
  static UniqueId make() {
    const NcclApi& api = detail::communicator_nccl();
    UniqueId id;
    detail::check_nccl(api, api.get_unique_id(&id.id_), "ncclGetUniqueId");
    return id;
  }

  /// The id as 256 lowercase hex digits, for an environment variable or a file.
  std::string hex() const {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (const char c : id_.internal) {
      const auto byte = static_cast<unsigned char>(c);
      out += digits[byte >> 4];
      out += digits[byte & 15];
    }
    return out;
  }

  /// The id hex() wrote. Text of another length or with another character is R0070.
  static UniqueId from_hex(std::string_view text) {
    const auto value = [](char c) {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      return -1;
    };
    UniqueId id;
    if (text.size() != 2 * sizeof(id.id_.internal)) {
      throw_error<RuntimeCode::nccl_failed>(
          "", "reading an NCCL unique id", "it has " + std::to_string(text.size()) + " characters, not 256 hex digits");
    }
    for (std::size_t i = 0; i < sizeof(id.id_.internal); ++i) {
      const int high = value(text[2 * i]);
      const int low = value(text[2 * i + 1]);
      if (high < 0 || low < 0) {
        throw_error<RuntimeCode::nccl_failed>("", "reading an NCCL unique id",
                                              "it holds a character that is no hex digit");
      }
      id.id_.internal[i] = static_cast<char>(high * 16 + low);
    }
    return id;
  }

  /// The id every rank shares through the file `path`, on a folder every rank can read (a
  /// temporary folder on one host, a shared one across hosts): rank 0 makes it and writes it
  /// (to a temporary file renamed into place, so no rank reads half of it); any other rank
  /// waits up to `timeout` for the file and reads it (R0071 when none appears in time). The
  /// launcher removes the file when the ranks have joined (or gives each run its own path).
  static UniqueId through_file(const std::string& path, int rank, std::chrono::milliseconds timeout) {
    if (rank == 0) {
      const UniqueId id = make();
      const std::string partial = path + ".partial";
      {
        std::ofstream out(partial, std::ios::trunc);
        out << id.hex() << '\n';
        if (!out)
          throw_error<RuntimeCode::nccl_failed>("", "writing the NCCL unique id to '" + partial + "'",
                                                "the file cannot be written");
      }
      std::error_code error;
      std::filesystem::rename(partial, path, error);
      if (error)
        throw_error<RuntimeCode::nccl_failed>("", "renaming '" + partial + "' to '" + path + "'", error.message());
      return id;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!std::filesystem::exists(path)) {
      if (std::chrono::steady_clock::now() >= deadline) {
        throw_error<RuntimeCode::unique_id_timeout>("", rank, timeout.count(), path);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::ifstream in(path);
    std::string text;
    in >> text;
    return from_hex(text);
  }

  const ncclUniqueId& get() const { return id_; }

 private:
  ncclUniqueId id_{};
};

/// An NCCL communicator that graphc made and owns. Copies share it; Bindings::communicator
/// keeps a copy, and so does every Instance built with those Bindings, so ncclCommDestroy
/// runs after the last of them is gone: every exec that holds its collectives is destroyed
/// first, on every path (from NCCL 2.26 ncclCommDestroy waits for such graphs, and would
/// hang). A communicator that wait_for_collectives aborted is not destroyed again.
/// Copies may be used from several threads; abort() from one at a time.
class Communicator {
 public:
  /// One communicator per device of this process, rank i on `devices[i]` (ncclCommInitAll):
  /// tests, and a program that drives every GPU of a host from one process (each rank's
  /// graph built on a thread of its own, since NCCL connects ranks as they capture). R0070
  /// when NCCL fails.
  static std::vector<Communicator> for_devices(const std::vector<int>& devices) {
    const NcclApi& api = detail::communicator_nccl();
    std::vector<ncclComm_t> comms(devices.size(), nullptr);
    detail::check_nccl(api, api.comm_init_all(comms.data(), static_cast<int>(devices.size()), devices.data()),
                       "ncclCommInitAll");
    std::vector<Communicator> out;
    for (ncclComm_t comm : comms) out.push_back(Communicator(api, comm));
    return out;
  }

  /// Rank `rank` of `ranks` on the current device (cudaSetDevice first), with rank 0's
  /// `id`: ncclCommInitRank, which returns once every rank has joined. One process per GPU,
  /// on one host or many. R0070 when NCCL fails.
  static Communicator join(const UniqueId& id, int rank, int ranks) {
    const NcclApi& api = detail::communicator_nccl();
    ncclComm_t comm = nullptr;
    detail::check_nccl(api, api.comm_init_rank(&comm, ranks, id.get(), rank), "ncclCommInitRank");
    return Communicator(api, comm);
  }

  /// NCCL's handle, for Bindings::communicator and the generated Bindings' member.
  ncclComm_t get() const { return state_->comm; }
  /// This rank (ncclCommUserRank) and the number of ranks (ncclCommCount).
  int rank() const {
    int rank = 0;
    detail::check_nccl(*state_->api, state_->api->comm_user_rank(state_->comm, &rank), "ncclCommUserRank");
    return rank;
  }
  int size() const {
    int ranks = 0;
    detail::check_nccl(*state_->api, state_->api->comm_count(state_->comm, &ranks), "ncclCommCount");
    return ranks;
  }

  /// ncclCommAbort, started on a thread of its own, and returns: the collectives waiting on
  /// the communicator end at once (NCCL raises the abort flag its kernels poll), and the
  /// communicator is freed once every graph that holds its collectives is destroyed (the call
  /// waits for them); the last owner's destructor waits for that. No graph can use it again.
  /// What wait_for_collectives does to a rank whose peer died.
  void abort() const {
    if (state_->aborter.joinable()) return;
    state_->aborter = std::thread([api = state_->api, comm = state_->comm] { api->comm_abort(comm); });
  }
  bool aborted() const { return state_->aborter.joinable(); }

 private:
  struct State {
    const NcclApi* api = nullptr;
    ncclComm_t comm = nullptr;
    std::thread aborter;  // running or ran ncclCommAbort
    State(const NcclApi& a, ncclComm_t c) : api(&a), comm(c) {}
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State() {
      if (aborter.joinable()) {
        aborter.join();  // the instances that held it are gone: the abort completes
      } else {
        api->comm_destroy(comm);
      }
    }
  };
  Communicator(const NcclApi& api, ncclComm_t comm) : state_(std::make_shared<State>(api, comm)) {}

  std::shared_ptr<State> state_;
};

/// `build(r)` for ranks 0 to ranks - 1 at once, each on a thread of its own with device r
/// current (cudaSetDevice): how one process builds one graph per rank of
/// Communicator::for_devices. NCCL connects a communicator's ranks at their first
/// collective, which each build captures (warm-up included), so one thread building rank
/// 0's graph would wait for rank 1 forever. Returns when every thread is done; then
/// rethrows the first rank's exception, if any.
template <class Build>
void on_every_rank(int ranks, Build build) {
  std::vector<std::exception_ptr> failed(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      try {
        check_cuda(cudaSetDevice(r), "cudaSetDevice");
        build(r);
      } catch (...) {
        failed[static_cast<std::size_t>(r)] = std::current_exception();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : failed) {
    if (e) std::rethrow_exception(e);
  }
}

/// A communicator that wait_for_collectives watches: `comm`, called `name` in graph
/// `graph`, whose collective nodes are `collectives` ("'sum', then 'share'"), and how to abort
/// it without blocking (Communicator::abort for graphc's; empty for the program's own
/// ncclComm_t, which the program aborts itself).
struct WatchedCommunicator {
  ncclComm_t comm = nullptr;
  std::string name;
  std::string collectives;
  std::function<void()> abort;
};

/// Waits until `stream`'s work is done (cudaStreamQuery, polled: at once for 10 ms, then every
/// millisecond), watching `comms` meanwhile (ncclCommGetAsyncError): a collective whose peer
/// rank died or diverged never completes, and a plain cudaStreamSynchronize would wait for it
/// forever. When NCCL reports an error on one of them, or `timeout` passes first, every one of
/// `comms` that graphc made is aborted (the collectives waiting on them end) and the stream
/// drained (for at most `timeout` again), and graphc::Error R0069 names graph `graph`, the
/// communicator and its collectives (`location`: where the graph is declared). A failed CUDA
/// call is R0001.
inline void wait_for_collectives(cudaStream_t stream, std::span<const WatchedCommunicator> comms,
                                 std::chrono::milliseconds timeout, const char* graph, const char* location) {
  if (comms.empty()) return check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize", "", location);
  const NcclApi& api = detail::communicator_nccl();
  const auto start = std::chrono::steady_clock::now();
  const WatchedCommunicator* failed = nullptr;
  std::string why;
  while (failed == nullptr) {
    const cudaError_t status = cudaStreamQuery(stream);
    if (status == cudaSuccess) return;
    if (status != cudaErrorNotReady) check_cuda(status, "cudaStreamQuery", "", location);
    for (const WatchedCommunicator& watched : comms) {
      ncclResult_t state = ncclSuccess;
      const ncclResult_t queried = api.comm_get_async_error(watched.comm, &state);
      if (queried != ncclSuccess || (state != ncclSuccess && state != ncclInProgress)) {
        failed = &watched;
        why = std::string("and NCCL reported: ") + api.error_string(queried != ncclSuccess ? queried : state);
        break;
      }
    }
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    if (failed == nullptr && waited >= timeout) {
      failed = &comms.front();
      why =
          "for " + std::to_string(waited.count()) + " ms, over the bound of " + std::to_string(timeout.count()) + " ms";
    }
    // A step of a decode loop takes tens of microseconds: the first 10 ms only yield, so such
    // a wait costs what cudaStreamSynchronize's does; a long wait sleeps between queries.
    if (failed == nullptr && waited < std::chrono::milliseconds(10)) {
      std::this_thread::yield();
    } else if (failed == nullptr) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  // graphc's communicators are aborted: ncclCommAbort raises the abort flag their kernels
  // poll, so the stream drains, and then waits for the graphs that hold their collectives
  // (this exec among them), which is why Communicator::abort runs it on a thread of its own.
  // The program's own are left for it to abort once it has destroyed those instances.
  bool all_aborted = true;
  for (const WatchedCommunicator& watched : comms) {
    if (watched.abort) {
      watched.abort();
    } else {
      all_aborted = false;
    }
  }
  const std::string next =
      all_aborted ? "graphc aborted the communicator (ncclCommAbort), which no graph can use again"
                  : "abort the communicator (ncclCommAbort) once every instance that holds its collectives is "
                    "destroyed: ncclCommAbort waits for them";
  if (all_aborted) {
    const auto drain_start = std::chrono::steady_clock::now();
    cudaError_t drained = cudaErrorNotReady;
    while ((drained = cudaStreamQuery(stream)) == cudaErrorNotReady &&
           std::chrono::steady_clock::now() - drain_start < timeout) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    cudaGetLastError();  // what else the stream held may have failed as the collectives ended
    if (drained == cudaErrorNotReady) why += "; the stream still had work after the abort";
  }
  throw_error<RuntimeCode::collective_hang>(location, graph, failed->name, failed->collectives, why, next);
}

}  // namespace graphc
