// graphc run --ranks N: one process per GPU on this host. The command started by the user is
// the launcher: it starts N copies of itself (the same command line), rank r with
// GRAPHC_RANK=r, GRAPHC_RANKS=N and GRAPHC_NCCL_ID_FILE naming the file through which rank 0
// hands the others NCCL's unique id (graphc::UniqueId::through_file), and waits for them.
// Each copy then runs the graph as one rank on device r (cmd_run.cpp). Under another
// launcher (mpirun, srun), each process it starts is a rank by that launcher's variables.
#pragma once

#include <optional>
#include <string>

namespace graphc::driver {

/// What a rank's process was started with: its rank of `ranks`, its device (`local_rank`, its
/// rank among the ranks of its host), the file rank 0's NCCL unique id goes through, and the
/// launcher that started it; `problem` says why it cannot run (a launcher's rank with no
/// file every rank can name), empty when it can.
struct RankEnvironment {
  int rank = 0;
  int ranks = 1;
  int local_rank = 0;
  std::string id_file;
  std::string launcher;  // "graphc run --ranks", "mpirun (Open MPI)", ...
  std::string problem;
};

/// The rank this process is, from graphc's own launcher (GRAPHC_RANK, GRAPHC_RANKS,
/// GRAPHC_NCCL_ID_FILE) or another that starts one process per rank: Open MPI's mpirun
/// (OMPI_COMM_WORLD_RANK, _SIZE, _LOCAL_RANK), MPICH's and Intel MPI's (PMI_RANK, PMI_SIZE,
/// MPI_LOCALRANKID) or Slurm's srun (SLURM_PROCID, SLURM_NTASKS, SLURM_LOCALID). Under those,
/// the unique id's file is GRAPHC_NCCL_ID_FILE when set (a folder every host reads, for a run
/// over several hosts), else one in the temporary folder named by the launcher's job
/// (PMIX_NAMESPACE, OMPI_MCA_ess_base_jobid, SLURM_JOB_ID and SLURM_STEP_ID, PMI_KVSNAME),
/// which every rank of one host shares. nullopt when no launcher started this process.
std::optional<RankEnvironment> rank_environment();

/// Starts `ranks` copies of this command as ranks 0 to ranks - 1 (posix_spawn of
/// /proc/self/exe with /proc/self/cmdline) and waits for them. When one fails, the others get
/// `grace_seconds` to end on their own (a rank whose peer died ends with R0069 within its
/// timeout) before they are killed. Returns the worst exit status of the ranks, and prints a
/// line for each that failed; removes the unique id's file.
int launch_ranks(int ranks, int grace_seconds);

}  // namespace graphc::driver
