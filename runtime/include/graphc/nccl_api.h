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
#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 27, 0)
  // Windows (`comm NAME [window];`), from NCCL 2.27: null when the loaded library is older.
  decltype(&ncclMemAlloc) mem_alloc;
  decltype(&ncclMemFree) mem_free;
  decltype(&ncclCommWindowRegister) comm_window_register;
  decltype(&ncclCommWindowDeregister) comm_window_deregister;
#endif
};

/// Whether `api` has NCCL's windows (ncclMemAlloc, ncclCommWindowRegister: NCCL 2.27 and later,
/// in the library loaded and in the nccl.h compiled against).
inline bool has_windows([[maybe_unused]] const NcclApi& api) {
#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 27, 0)
  return api.comm_window_register != nullptr;
#else
  return false;
#endif
}

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
#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 27, 0)
    const bool windows = resolve(out.mem_alloc, "ncclMemAlloc") && resolve(out.mem_free, "ncclMemFree") &&
                         resolve(out.comm_window_register, "ncclCommWindowRegister") &&
                         resolve(out.comm_window_deregister, "ncclCommWindowDeregister");
    if (!windows) out.comm_window_register = nullptr;  // windows() says none
#endif
    return out;
  }();
  return api;
}

/// loaded_nccl_for a collective node: R0064 names node `node` at `location`.
inline const NcclApi& loaded_nccl(const char* node, const char* location) {
  return loaded_nccl_for(std::string("collective '") + node + "'", location);
}

}  // namespace graphc
