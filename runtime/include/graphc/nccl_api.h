// NCCL's entry points, loaded with dlopen the first time graphc needs them (a collective
// node is built, or graphc makes a communicator), so that a program that never uses NCCL
// never loads it and nothing links it. Header-only, shared by the runtime and the code
// `graphc compile` writes: nccl.h for the types, dlfcn.h.
#pragma once

#include <dlfcn.h>
#include <nccl.h>

#include <string>
#include <type_traits>

#include "graphc/runtime_error.h"

namespace graphc {

/// The NCCL entry points graphc calls (nccl.h's functions).
struct NcclApi {
  decltype(&ncclAllReduce) all_reduce;
  decltype(&ncclAllGather) all_gather;
  decltype(&ncclReduceScatter) reduce_scatter;
  decltype(&ncclBroadcast) broadcast;
  decltype(&ncclReduce) reduce;
  decltype(&ncclSend) send;
  decltype(&ncclRecv) recv;
  decltype(&ncclGroupStart) group_start;
  decltype(&ncclGroupEnd) group_end;
  decltype(&ncclCommRegister) comm_register;
  decltype(&ncclCommDeregister) comm_deregister;
  decltype(&ncclCommCount) comm_count;
  decltype(&ncclCommCuDevice) comm_cu_device;
  decltype(&ncclGetErrorString) error_string;
  decltype(&ncclCommUserRank) comm_user_rank;
  decltype(&ncclGetUniqueId) get_unique_id;
  decltype(&ncclCommInitRank) comm_init_rank;
  decltype(&ncclCommInitAll) comm_init_all;
  decltype(&ncclCommDestroy) comm_destroy;
  decltype(&ncclCommAbort) comm_abort;
  decltype(&ncclCommGetAsyncError) comm_get_async_error;
};

/// NCCL's entry points from libnccl.so.2 (dlopen's search: LD_LIBRARY_PATH, the runpath, the
/// system's folders, where the CUDA toolkit's lib folder usually is), loaded on the first
/// call and kept for the life of the process, for the runtime and the generated code alike.
/// Throws graphc::Error R0064 naming `user` (what needs NCCL: "collective 'sum'",
/// "graphc::Communicator") at `location` with what dlopen or dlsym said when it cannot be
/// loaded; the next call tries again.
inline const NcclApi& loaded_nccl_for(const std::string& user, const char* location) {
  static const NcclApi api = [&] {
    constexpr const char* soname = "libnccl.so.2";
    void* library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    const auto fail = [&](const char* what) -> NcclApi {
      throw_error<RuntimeCode::nccl_unavailable>(location, user, soname, what != nullptr ? what : "unknown error");
    };
    if (library == nullptr) return fail(dlerror());
    NcclApi out{};
    const auto resolve = [&](auto& entry, const char* name) {
      void* symbol = dlsym(library, name);
      entry = reinterpret_cast<std::remove_reference_t<decltype(entry)>>(symbol);
      return symbol != nullptr;
    };
    if (!resolve(out.all_reduce, "ncclAllReduce") || !resolve(out.all_gather, "ncclAllGather") ||
        !resolve(out.reduce_scatter, "ncclReduceScatter") || !resolve(out.broadcast, "ncclBroadcast") ||
        !resolve(out.reduce, "ncclReduce") || !resolve(out.send, "ncclSend") || !resolve(out.recv, "ncclRecv") ||
        !resolve(out.group_start, "ncclGroupStart") || !resolve(out.group_end, "ncclGroupEnd") ||
        !resolve(out.comm_register, "ncclCommRegister") || !resolve(out.comm_deregister, "ncclCommDeregister") ||
        !resolve(out.comm_count, "ncclCommCount") || !resolve(out.comm_cu_device, "ncclCommCuDevice") ||
        !resolve(out.error_string, "ncclGetErrorString") || !resolve(out.comm_user_rank, "ncclCommUserRank") ||
        !resolve(out.get_unique_id, "ncclGetUniqueId") || !resolve(out.comm_init_rank, "ncclCommInitRank") ||
        !resolve(out.comm_init_all, "ncclCommInitAll") || !resolve(out.comm_destroy, "ncclCommDestroy") ||
        !resolve(out.comm_abort, "ncclCommAbort") || !resolve(out.comm_get_async_error, "ncclCommGetAsyncError")) {
      return fail(dlerror());
    }
    return out;
  }();
  return api;
}

/// loaded_nccl_for a collective node: R0064 names node `node` at `location`.
inline const NcclApi& loaded_nccl(const char* node, const char* location) {
  return loaded_nccl_for(std::string("collective '") + node + "'", location);
}

}  // namespace graphc
