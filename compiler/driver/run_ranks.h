// graphc run --ranks N: one process per GPU on this host. The command started by the user is
// the launcher: it starts N copies of itself (the same command line), rank r with
// GRAPHC_RANK=r, GRAPHC_RANKS=N and GRAPHC_NCCL_ID_FILE naming the file through which rank 0
// hands the others NCCL's unique id (graphc::UniqueId::through_file), and waits for them.
// Each copy then runs the graph as one rank on device r (cmd_run.cpp).
#pragma once

#include <optional>
#include <string>

namespace graphc::driver {

/// What a rank's process was started with; nullopt in the launcher (no GRAPHC_RANK).
struct RankEnvironment {
  int rank = 0;
  int ranks = 1;
  std::string id_file;
};
std::optional<RankEnvironment> rank_environment();

/// Starts `ranks` copies of this command as ranks 0 to ranks - 1 (posix_spawn of
/// /proc/self/exe with /proc/self/cmdline) and waits for them. When one fails, the others get
/// `grace_seconds` to end on their own (a rank whose peer died ends with R0069 within its
/// timeout) before they are killed. Returns the worst exit status of the ranks, and prints a
/// line for each that failed; removes the unique id's file.
int launch_ranks(int ranks, int grace_seconds);

}  // namespace graphc::driver
