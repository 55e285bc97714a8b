// graphc's NCCL calls for collective nodes (`collective ar : nccl.all_reduce<sum>(tp, x, y)`),
// shared by the runtime and the code `graphc compile` writes. Header-only: the CUDA runtime
// API and NCCL's header. Every NCCL call goes through the NcclApi that loaded_nccl() loads
// with dlopen the first time a graph builds a collective node, so a program that never runs
// one never loads NCCL and nothing links it.
//
// The communicators are the program's (ncclComm_t, from ncclCommInitRank, ncclCommInitAll,
// MPI or torch.distributed) or graphc's (graphc/communicator.h); every exec that holds a
// collective must be destroyed before its communicator (from NCCL 2.26, ncclCommDestroy
// waits for the graphs that use it).
#pragma once

#include <cuda_runtime_api.h>
#include <nccl.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/base/scalar_type.h"
#include "graphc/nccl_api.h"
#include "graphc/runtime_error.h"

namespace graphc {

/// The collective operations, in the order of the validator's table (ir/collective_ops.h).
enum class Collective { all_reduce = 1, all_gather, reduce_scatter, broadcast, reduce, send_recv, all_to_all };

/// ncclDataType_t of `type`; the validator passes only the types NCCL has.
inline ncclDataType_t nccl_data_type(ScalarType type) {
  switch (type) {
    case ScalarType::i8: return ncclInt8;
    case ScalarType::u8: return ncclUint8;
    case ScalarType::i32: return ncclInt32;
    case ScalarType::u32: return ncclUint32;
    case ScalarType::i64: return ncclInt64;
    case ScalarType::u64: return ncclUint64;
    case ScalarType::f16: return ncclFloat16;
    case ScalarType::bf16: return ncclBfloat16;
    case ScalarType::f64: return ncclFloat64;
    default: return ncclFloat32;
  }
}

/// The bytes of one element of `type`.
inline std::size_t nccl_type_size(ncclDataType_t type) {
  switch (type) {
    case ncclInt8:
    case ncclUint8: return 1;
    case ncclFloat16:
    case ncclBfloat16: return 2;
    case ncclInt64:
    case ncclUint64:
    case ncclFloat64: return 8;
    default: return 4;
  }
}

/// One collective as a node issues it: `count` is NCCL's (the elements each rank sends, a
/// reduce-scatter's that each receives, all of an all-to-all's send buffer), `reduce` an
/// ncclRedOp_t, `root` a broadcast's or reduce's root rank, `shift` a send_recv's: it sends
/// to rank (rank + shift) mod size and receives from rank (rank - shift) mod size.
struct CollectiveCall {
  Collective op;
  const void* send;
  void* recv;
  std::size_t count;
  ncclDataType_t type;
  ncclRedOp_t reduce;
  int root;
  int shift = 0;
};

/// `bound` (the communicator a binding gave the graph's `comm NAME;`), or R0065 naming it and
/// graph `graph` when there is none; `location` is the declaration's.
inline ncclComm_t require_communicator(ncclComm_t bound, const char* comm, const char* graph, const char* location) {
  if (bound == nullptr) throw_error<RuntimeCode::comm_not_bound>(location, comm, graph);
  return bound;
}

/// This process's rank in `comm` (ncclCommUserRank), called `comm_name` and declared at
/// `location`: what a kernel node's `rank(NAME)` argument passes. R0070 when NCCL cannot
/// say.
inline int communicator_rank(const NcclApi& api, ncclComm_t comm, const char* comm_name, const char* location) {
  int rank = 0;
  if (const ncclResult_t result = api.comm_user_rank(comm, &rank); result != ncclSuccess) {
    throw_error<RuntimeCode::nccl_failed>(
        location, std::string("ncclCommUserRank for communicator '") + comm_name + "'", api.error_string(result));
  }
  return rank;
}

/// `rank(NAME)` as generated code passes it: this process's rank in `bound`, the
/// communicator bound to `comm NAME;` of graph `graph` (R0065 when none is; R0064 when NCCL
/// cannot be loaded, R0070 when it cannot say).
inline int bound_rank(ncclComm_t bound, const char* comm, const char* graph, const char* location) {
  const NcclApi& api = loaded_nccl_for(std::string("communicator '") + comm + "'", location);
  return communicator_rank(api, require_communicator(bound, comm, graph, location), comm, location);
}

/// What the validator could not know of collective node `node` (`location`), checked against
/// communicator `comm` (called `comm_name`) of graph `graph`: that it is on the current device
/// (R0067), that it has `world_size` ranks, the size the graph was loaded or compiled for,
/// when one was given (0: none; R0068), and that its size fits the node's counts and root
/// (R0066): an all-gather receives the size times what it sends, a reduce-scatter sends the
/// size times what it receives, an all-to-all's count splits into one block a rank, a root is
/// a rank. `send_count` and `recv_count` are the elements of each side. An NCCL query that
/// fails is R0041 naming the node.
inline void check_communicator(const NcclApi& api, ncclComm_t comm, Collective op, std::size_t send_count,
                               std::size_t recv_count, int root, int world_size, const char* comm_name,
                               const char* graph, const char* node, const char* location) {
  const auto query = [&](ncclResult_t result, const char* function) {
    if (result != ncclSuccess) {
      throw_error<RuntimeCode::capture_failed>(location, node, std::string(function) + ": " + api.error_string(result));
    }
  };
  int comm_device = 0;
  query(api.comm_cu_device(comm, &comm_device), "ncclCommCuDevice");
  int device = 0;
  if (const cudaError_t status = cudaGetDevice(&device); status != cudaSuccess) {
    throw_error<RuntimeCode::capture_failed>(location, node,
                                             std::string("cudaGetDevice: ") + cudaGetErrorString(status));
  }
  if (comm_device != device) throw_error<RuntimeCode::comm_device>(location, comm_name, comm_device, graph, device);
  int ranks = 0;
  query(api.comm_count(comm, &ranks), "ncclCommCount");
  if (world_size > 0 && ranks != world_size) {
    throw_error<RuntimeCode::comm_world_size>(location, comm_name, ranks, graph, world_size);
  }
  const std::size_t world = static_cast<std::size_t>(ranks);
  std::string why;
  if (op == Collective::all_gather && recv_count != world * send_count) {
    why = "sends " + std::to_string(send_count) + " elements and receives " + std::to_string(recv_count) +
          ", which is not " + std::to_string(ranks) + " times as many";
  } else if (op == Collective::reduce_scatter && send_count != world * recv_count) {
    why = "receives " + std::to_string(recv_count) + " elements and sends " + std::to_string(send_count) +
          ", which is not " + std::to_string(ranks) + " times as many";
  } else if (op == Collective::all_to_all && send_count % world != 0) {
    why = "sends " + std::to_string(send_count) + " elements, which do not split into " + std::to_string(ranks) +
          " blocks of one size";
  } else if ((op == Collective::broadcast || op == Collective::reduce) && root >= ranks) {
    why = "has root " + std::to_string(root);
  }
  if (!why.empty()) throw_error<RuntimeCode::collective_comm_size>(location, node, why, comm_name, ranks);
}

/// Issues a point-to-point `call` (a send_recv or an all-to-all) over `comm` on `stream`: its
/// ncclSend and ncclRecv calls in one group (ncclGroupStart and ncclGroupEnd), so that NCCL
/// runs them together, as every rank's must for any to finish. Throws std::runtime_error as
/// run_collective does; a group begun is always ended.
inline void run_point_to_point(const NcclApi& api, const CollectiveCall& call, ncclComm_t comm, cudaStream_t stream) {
  const auto check = [&](ncclResult_t result, const char* function) {
    if (result != ncclSuccess) throw std::runtime_error(std::string(function) + ": " + api.error_string(result));
  };
  int rank = 0;
  int ranks = 0;
  check(api.comm_user_rank(comm, &rank), "ncclCommUserRank");
  check(api.comm_count(comm, &ranks), "ncclCommCount");
  check(api.group_start(), "ncclGroupStart");
  ncclResult_t result = ncclSuccess;
  const char* failed = nullptr;
  const auto issue = [&](ncclResult_t r, const char* function) {
    if (result == ncclSuccess && r != ncclSuccess) {
      result = r;
      failed = function;
    }
  };
  if (call.op == Collective::send_recv) {
    const int shift = ((call.shift % ranks) + ranks) % ranks;
    issue(api.send(call.send, call.count, call.type, (rank + shift) % ranks, comm, stream), "ncclSend");
    issue(api.recv(call.recv, call.count, call.type, (rank - shift + ranks) % ranks, comm, stream), "ncclRecv");
  } else {
    const std::size_t block = call.count / static_cast<std::size_t>(ranks);
    const std::size_t bytes = block * nccl_type_size(call.type);
    for (int peer = 0; peer < ranks && result == ncclSuccess; ++peer) {
      const std::size_t at = static_cast<std::size_t>(peer) * bytes;
      issue(api.send(static_cast<const char*>(call.send) + at, block, call.type, peer, comm, stream), "ncclSend");
      issue(api.recv(static_cast<char*>(call.recv) + at, block, call.type, peer, comm, stream), "ncclRecv");
    }
  }
  issue(api.group_end(), "ncclGroupEnd");
  if (result != ncclSuccess) throw std::runtime_error(std::string(failed) + ": " + api.error_string(result));
}

/// Issues `call` over `comm` on `stream` (a capturing stream, for a collective node) through
/// `api`. Throws std::runtime_error "<nccl function>: <NCCL's error string>" unless NCCL
/// accepted it.
inline void run_collective(const NcclApi& api, const CollectiveCall& call, ncclComm_t comm, cudaStream_t stream) {
  const auto check = [&](ncclResult_t result, const char* function) {
    if (result != ncclSuccess) throw std::runtime_error(std::string(function) + ": " + api.error_string(result));
  };
  switch (call.op) {
    case Collective::all_reduce:
      return check(api.all_reduce(call.send, call.recv, call.count, call.type, call.reduce, comm, stream),
                   "ncclAllReduce");
    case Collective::all_gather:
      return check(api.all_gather(call.send, call.recv, call.count, call.type, comm, stream), "ncclAllGather");
    case Collective::reduce_scatter:
      return check(api.reduce_scatter(call.send, call.recv, call.count, call.type, call.reduce, comm, stream),
                   "ncclReduceScatter");
    case Collective::broadcast:
      return check(api.broadcast(call.send, call.recv, call.count, call.type, call.root, comm, stream),
                   "ncclBroadcast");
    case Collective::reduce:
      return check(api.reduce(call.send, call.recv, call.count, call.type, call.reduce, call.root, comm, stream),
                   "ncclReduce");
    case Collective::send_recv:
    case Collective::all_to_all: return run_point_to_point(api, call, comm, stream);
  }
}

/// Memory registered with communicators, each registration NCCL's `Handle`, released with the
/// NcclApi entry `Release` (of `comm`, `handle`) when this is cleared or destroyed: what
/// BufferRegistrations and NcclWindows share. Move-only.
template <class Handle, auto Release>
class NcclRegistrations {
 public:
  NcclRegistrations() = default;
  NcclRegistrations(NcclRegistrations&& other) noexcept : entries_(std::move(other.entries_)) {
    other.entries_.clear();
  }
  NcclRegistrations& operator=(NcclRegistrations&& other) noexcept {
    if (this != &other) {
      clear();
      entries_ = std::move(other.entries_);
      other.entries_.clear();
    }
    return *this;
  }
  NcclRegistrations(const NcclRegistrations&) = delete;
  NcclRegistrations& operator=(const NcclRegistrations&) = delete;
  ~NcclRegistrations() { clear(); }

  /// Releases every registration (a failure is ignored: the communicator may already be
  /// aborted).
  void clear() noexcept {
    for (const Entry& e : entries_) static_cast<void>((e.api->*Release)(e.comm, e.handle));
    entries_.clear();
  }
  std::size_t size() const { return entries_.size(); }

 protected:
  struct Entry {
    const NcclApi* api;
    ncclComm_t comm;
    const void* pointer;
    std::size_t bytes;
    Handle handle;
  };
  /// Whether `bytes` at `pointer` are registered with `comm` already.
  bool holds(ncclComm_t comm, const void* pointer, std::size_t bytes) const {
    for (const Entry& e : entries_) {
      if (e.comm == comm && e.pointer == pointer && e.bytes == bytes) return true;
    }
    return false;
  }
  void keep(const NcclApi& api, ncclComm_t comm, const void* pointer, std::size_t bytes, Handle handle) {
    entries_.push_back(Entry{&api, comm, pointer, bytes, handle});
  }
  /// Forgets every registration without releasing it.
  void forget() noexcept { entries_.clear(); }

 private:
  std::vector<Entry> entries_;
};

/// Buffers registered with communicators (ncclCommRegister) for a collective node's
/// captures, where its `comm` is declared `[register]`: each deregistered
/// (ncclCommDeregister) when this is cleared or destroyed, which must happen before the
/// communicator is destroyed (an instance or generated Graph that holds it is). Move-only.
class BufferRegistrations : public NcclRegistrations<void*, &NcclApi::comm_deregister> {
 public:
  /// Registers `bytes` at `pointer` with `comm` through `api`, unless this holds that range
  /// already (an in-place collective's one buffer). Throws R0070 naming collective `node`
  /// (at `location`) when NCCL refuses.
  void add(const NcclApi& api, ncclComm_t comm, const void* pointer, std::size_t bytes, const char* node,
           const char* location) {
    if (holds(comm, pointer, bytes)) return;
    void* handle = nullptr;
    if (const ncclResult_t result = api.comm_register(comm, const_cast<void*>(pointer), bytes, &handle);
        result != ncclSuccess) {
      throw_error<RuntimeCode::nccl_failed>(
          location, "ncclCommRegister of " + std::to_string(bytes) + " bytes for collective '" + node + "'",
          api.error_string(result));
    }
    keep(api, comm, pointer, bytes, handle);
  }
};

/// What a collective over a `[register]` communicator does before each capture: `call`'s send
/// and receive memory (`send_bytes` and `recv_bytes` from its pointers) registered with
/// `comm`, in place of what `registered` held (memory a rebinding replaced).
inline void register_collective_buffers(const NcclApi& api, ncclComm_t comm, const CollectiveCall& call,
                                        std::size_t send_bytes, std::size_t recv_bytes, BufferRegistrations& registered,
                                        const char* node, const char* location) {
  registered.clear();
  registered.add(api, comm, call.send, send_bytes, node, location);
  registered.add(api, comm, call.recv, recv_bytes, node, location);
}

#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 27, 0)
/// `count` elements of T allocated with ncclMemAlloc (CUDA's virtual memory, aligned to its
/// granularity, which NCCL_WIN_REQUIRED_ALIGNMENT's 4096 bytes divides) on the current
/// device, freed with ncclMemFree: the memory of a buffer a collective over a `[window]`
/// communicator passes. Move-only. Throws R0070 naming buffer `name` (at `location`) when NCCL
/// refuses, or has no windows (NCCL 2.27 and later have them).
template <class T>
class NcclAllocation {
 public:
  NcclAllocation() = default;
  NcclAllocation(std::size_t count, const char* name, const char* location)
      : api_(&loaded_nccl_for(std::string("buffer '") + name + "'", location)) {
    const std::string what = std::string("ncclMemAlloc of ") + std::to_string(count * sizeof(T)) +
                             " bytes for buffer '" + name + "', a window";
    if (!has_windows(*api_)) {
      throw_error<RuntimeCode::nccl_failed>(location, what, "the NCCL loaded has no windows (2.27 and later have)");
    }
    void* memory = nullptr;
    if (const ncclResult_t result = api_->mem_alloc(&memory, count * sizeof(T)); result != ncclSuccess) {
      throw_error<RuntimeCode::nccl_failed>(location, what, api_->error_string(result));
    }
    data_ = static_cast<T*>(memory);
  }
  NcclAllocation(NcclAllocation&& other) noexcept : api_(other.api_), data_(std::exchange(other.data_, nullptr)) {}
  NcclAllocation& operator=(NcclAllocation&& other) noexcept {
    if (this != &other) {
      release();
      api_ = other.api_;
      data_ = std::exchange(other.data_, nullptr);
    }
    return *this;
  }
  NcclAllocation(const NcclAllocation&) = delete;
  NcclAllocation& operator=(const NcclAllocation&) = delete;
  ~NcclAllocation() { release(); }

  T* get() const { return data_; }

 private:
  // A destructor cannot throw: a failing free is ignored.
  void release() noexcept {
    if (data_ != nullptr) static_cast<void>(api_->mem_free(std::exchange(data_, nullptr)));
  }

  const NcclApi* api_ = nullptr;
  T* data_ = nullptr;
};

/// The symmetric windows (ncclCommWindowRegister with NCCL_WIN_COLL_SYMMETRIC) of a graph's
/// collectives over `[window]` communicators: one a buffer and communicator, the whole buffer,
/// registered by the first collective node that passes it, before that node is captured. The
/// registration is a collective call of every rank, which each makes in the graph's order. Each
/// window is deregistered (ncclCommWindowDeregister) when this is destroyed, which must happen
/// after the execs that use it and before its memory is freed and its communicator destroyed
/// (an Instance, or a generated Graph, destroys its parts so). Move-only.
class NcclWindows : public NcclRegistrations<ncclWindow_t, &NcclApi::comm_window_deregister> {
 public:
  /// Registers `bytes` at `base`, buffer `buffer`'s memory, as a window of `comm`, unless this
  /// holds that window already. Throws R0070 naming collective `node` (at `location`) when NCCL
  /// refuses (memory not from ncclMemAlloc or CUDA's virtual memory, a base not 4096-byte
  /// aligned, or an NCCL without windows).
  void add(const NcclApi& api, ncclComm_t comm, void* base, std::size_t bytes, const char* buffer, const char* node,
           const char* location) {
    if (holds(comm, base, bytes)) return;
    const std::string what = std::string("ncclCommWindowRegister of buffer '") + buffer + "' (" +
                             std::to_string(bytes) + " bytes) for collective '" + node + "'";
    if (!has_windows(api)) {
      throw_error<RuntimeCode::nccl_failed>(location, what, "the NCCL loaded has no windows (2.27 and later have)");
    }
    ncclWindow_t window = nullptr;
    if (const ncclResult_t result = api.comm_window_register(comm, base, bytes, &window, NCCL_WIN_COLL_SYMMETRIC);
        result != ncclSuccess) {
      throw_error<RuntimeCode::nccl_failed>(location, what, api.error_string(result));
    }
    keep(api, comm, base, bytes, window);
  }
  /// Forgets every window without deregistering it: after a wait for the collectives failed
  /// (R0069: a peer rank died or diverged), when ncclCommWindowDeregister, which unmaps the
  /// window from every rank, would wait for that peer. The communicator's abort
  /// (ncclCommAbort) or destruction releases them.
  void abandon() noexcept { forget(); }
};
#endif

/// Runs `call` once over `comm` on `stream`, outside any capture, on scratch memory of its
/// sizes (`send_bytes` and `recv_bytes`, allocated here and freed before it returns), and
/// waits for it. NCCL connects a communicator's ranks at the first collective of a kind, which
/// it cannot do while a stream captures (peer access is refused then), so every rank runs each
/// collective node so once as it builds the graph, in the graph's order, before capturing it.
/// Throws graphc::Error R0041 naming `node` when CUDA or NCCL fails.
inline void warm_up_collective(const NcclApi& api, CollectiveCall call, std::size_t send_bytes, std::size_t recv_bytes,
                               ncclComm_t comm, cudaStream_t stream, const char* node, const char* location) {
  struct Scratch {
    void* memory = nullptr;
    ~Scratch() {
      if (memory != nullptr) cudaFree(memory);
    }
  } send, recv;
  const auto cuda = [&](cudaError_t status, const char* function) {
    if (status != cudaSuccess) {
      throw_error<RuntimeCode::capture_failed>(location, node,
                                               std::string(function) + " (warm-up): " + cudaGetErrorString(status));
    }
  };
  cuda(cudaMalloc(&send.memory, send_bytes == 0 ? 1 : send_bytes), "cudaMalloc");
  cuda(cudaMalloc(&recv.memory, recv_bytes == 0 ? 1 : recv_bytes), "cudaMalloc");
  call.send = send.memory;
  call.recv = recv.memory;
  try {
    run_collective(api, call, comm, stream);
  } catch (const std::runtime_error& e) {
    throw_error<RuntimeCode::capture_failed>(location, node, std::string(e.what()) + " (warm-up)");
  }
  cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

}  // namespace graphc
