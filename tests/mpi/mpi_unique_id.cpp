// graphc/mpi.h under mpiexec: every process gets the NCCL unique id rank 0 made
// (unique_id_through_mpi), and a second call gives every process a new one. Rank 0 gathers
// each process's ids as hex (MPI_Gather), checks them and prints "N ranks share NCCL unique
// id ..."; any other outcome exits 1. ncclGetUniqueId needs no GPU: the test runs on the CPU.
#include <mpi.h>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "graphc/mpi.h"

namespace {

// Every process's `hex` in rank order, on rank 0 (empty on the others).
std::vector<std::string> gather(const std::string& hex, int rank, int ranks) {
  std::string all(rank == 0 ? hex.size() * static_cast<std::size_t>(ranks) : 0, '\0');
  graphc::detail::check_mpi(MPI_Gather(hex.data(), static_cast<int>(hex.size()), MPI_CHAR, all.data(),
                                       static_cast<int>(hex.size()), MPI_CHAR, 0, MPI_COMM_WORLD),
                            "MPI_Gather");
  std::vector<std::string> out;
  for (int r = 0; rank == 0 && r < ranks; ++r)
    out.push_back(all.substr(static_cast<std::size_t>(r) * hex.size(), hex.size()));
  return out;
}

int check(int rank, int ranks) {
  const std::vector<std::string> first = gather(graphc::unique_id_through_mpi(MPI_COMM_WORLD).hex(), rank, ranks);
  const std::vector<std::string> second = gather(graphc::unique_id_through_mpi(MPI_COMM_WORLD).hex(), rank, ranks);
  if (rank != 0) return 0;
  for (int r = 0; r < ranks; ++r) {
    if (first[static_cast<std::size_t>(r)] != first[0] || second[static_cast<std::size_t>(r)] != second[0]) {
      std::printf("rank %d has another id than rank 0\n", r);
      return 1;
    }
  }
  if (first[0] == second[0] || first[0] == std::string(first[0].size(), '0')) {
    std::printf("the ids are not fresh: %s, then %s\n", first[0].c_str(), second[0].c_str());
    return 1;
  }
  std::printf("%d ranks share NCCL unique id %s..., then %s...\n", ranks, first[0].substr(0, 16).c_str(),
              second[0].substr(0, 16).c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  int ranks = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int status = 1;
  try {
    status = check(rank, ranks);
  } catch (const std::exception& e) {
    std::printf("rank %d: %s\n", rank, e.what());
  }
  int worst = 0;
  MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return worst;
}
