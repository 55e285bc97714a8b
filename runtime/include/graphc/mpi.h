// NCCL communicators for a program that runs under MPI (mpirun, mpiexec, srun with MPI): rank 0
// of an MPI communicator makes NCCL's unique id and MPI_Bcast gives it to the other processes,
// which is how NCCL's own examples bootstrap, and graphc makes each process's communicator
// from it. Header-only and opt-in: it needs the program's MPI (<mpi.h>; CMake's MPI::MPI_CXX
// or MPI::MPI_C, Debian's libopenmpi-dev), which graphc itself neither needs nor links.
#pragma once

#include <mpi.h>

#include <string>

#include "graphc/communicator.h"
#include "graphc/runtime_error.h"

namespace graphc {

namespace detail {

// R0070 unless MPI accepted the call `function` (its error string, MPI_Error_string).
inline void check_mpi(int code, const char* function) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw_error<RuntimeCode::nccl_failed>("", function, std::string(text, static_cast<std::size_t>(length)));
}

}  // namespace detail

/// The NCCL unique id (ncclUniqueId) every process of `comm` shares: rank 0 of `comm` makes it
/// (UniqueId::make, ncclGetUniqueId) and MPI_Bcast gives it, as 256 hex digits, to the others.
/// A collective call, which every process of `comm` makes. Throws R0070 when MPI fails, and on
/// every rank when rank 0 could not make the id (rank 0 throws what UniqueId::make threw: R0070,
/// or R0064 when NCCL cannot be loaded), so that no rank waits for an id that never comes.
inline UniqueId unique_id_through_mpi(MPI_Comm comm) {
  int rank = 0;
  detail::check_mpi(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  constexpr int kDigits = 2 * NCCL_UNIQUE_ID_BYTES;
  std::string hex(kDigits, '\0');  // all NULs: rank 0 has no id to give
  if (rank != 0) {
    detail::check_mpi(MPI_Bcast(hex.data(), kDigits, MPI_CHAR, 0, comm), "MPI_Bcast of the NCCL unique id");
    if (hex.front() == '\0') {
      throw_error<RuntimeCode::nccl_failed>("", "receiving the NCCL unique id from rank 0 (MPI_Bcast)",
                                            "rank 0 could not make it");
    }
    return UniqueId::from_hex(hex);
  }
  try {
    const UniqueId id = UniqueId::make();
    hex = id.hex();
    detail::check_mpi(MPI_Bcast(hex.data(), kDigits, MPI_CHAR, 0, comm), "MPI_Bcast of the NCCL unique id");
    return id;
  } catch (...) {
    if (hex.front() == '\0') MPI_Bcast(hex.data(), kDigits, MPI_CHAR, 0, comm);  // tell the others
    throw;
  }
}

/// This process's NCCL communicator over the processes of `comm`, with `comm`'s rank and size
/// (MPI_Comm_rank, MPI_Comm_size) and the id unique_id_through_mpi gives, on the current
/// device: cudaSetDevice first (to the rank on its host, as `graphc run` does under mpirun).
/// A collective call (Communicator::join returns once every rank has joined). Throws R0070.
inline Communicator communicator_through_mpi(MPI_Comm comm) {
  int rank = 0;
  int ranks = 0;
  detail::check_mpi(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  detail::check_mpi(MPI_Comm_size(comm, &ranks), "MPI_Comm_size");
  return Communicator::join(unique_id_through_mpi(comm), rank, ranks);
}

}  // namespace graphc
