#include "run_ranks.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "commands.h"

extern char** environ;

namespace graphc::driver {
namespace {

// This process's command line, as it was started (NUL-separated in /proc/self/cmdline).
std::vector<std::string> own_command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> args;
  std::string::size_type from = 0;
  while (from < text.size()) {
    const std::string::size_type end = text.find('\0', from);
    args.push_back(text.substr(from, end - from));
    from = end == std::string::npos ? text.size() : end + 1;
  }
  return args;
}

// The exit status a shell would report for `status` of waitpid.
int exit_status(int status) { return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status); }

}  // namespace

std::optional<RankEnvironment> rank_environment() {
  const auto variable = [](const char* name) -> std::optional<std::string> {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0' ? std::optional<std::string>(value) : std::nullopt;
  };
  const std::optional<std::string> id_file = variable("GRAPHC_NCCL_ID_FILE");
  if (const auto rank = variable("GRAPHC_RANK"), ranks = variable("GRAPHC_RANKS"); rank && ranks && id_file) {
    const int r = std::atoi(rank->c_str());
    return RankEnvironment{r, std::atoi(ranks->c_str()), r, *id_file, "graphc run --ranks", {}};
  }
  struct Launcher {
    const char* name;
    const char* rank;
    const char* size;
    const char* local_rank;
  };
  static constexpr Launcher kLaunchers[] = {
      {"mpirun (Open MPI)", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK"},
      {"mpiexec (MPICH, Intel MPI)", "PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID"},
      {"srun (Slurm)", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"},
  };
  for (const Launcher& l : kLaunchers) {
    const auto rank = variable(l.rank);
    const auto size = variable(l.size);
    if (!rank || !size) continue;
    RankEnvironment env;
    env.launcher = l.name;
    env.rank = std::atoi(rank->c_str());
    env.ranks = std::atoi(size->c_str());
    const auto local = variable(l.local_rank);
    env.local_rank = local ? std::atoi(local->c_str()) : env.rank;
    // The launcher's job, which every rank it started shares: a name for the id's file.
    std::optional<std::string> job = variable("PMIX_NAMESPACE");
    if (!job) job = variable("OMPI_MCA_ess_base_jobid");
    if (!job && variable("SLURM_JOB_ID"))
      job = *variable("SLURM_JOB_ID") + "." + variable("SLURM_STEP_ID").value_or("0");
    if (!job) job = variable("PMI_KVSNAME");
    if (id_file) {
      env.id_file = *id_file;
    } else if (job) {
      std::string safe = *job;
      for (char& c : safe) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-') c = '_';
      }
      env.id_file = (std::filesystem::temp_directory_path() / ("graphc-" + safe + ".nccl_id")).string();
    } else {
      env.problem = "rank " + std::to_string(env.rank) + " of " + l.name +
                    " finds no job name to meet the other ranks by; set GRAPHC_NCCL_ID_FILE to a path every rank "
                    "can read";
    }
    return env;
  }
  return std::nullopt;
}

int launch_ranks(int ranks, int grace_seconds) {
  const std::string id_file =
      (std::filesystem::temp_directory_path() / ("graphc-" + std::to_string(getpid()) + ".nccl_id")).string();
  std::filesystem::remove(id_file);
  std::vector<std::string> args = own_command_line();
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::vector<pid_t> pids;
  for (int r = 0; r < ranks; ++r) {
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
    env.push_back("GRAPHC_RANK=" + std::to_string(r));
    env.push_back("GRAPHC_RANKS=" + std::to_string(ranks));
    env.push_back("GRAPHC_NCCL_ID_FILE=" + id_file);
    std::vector<char*> envp;
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    pid_t pid = 0;
    if (const int error = posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, argv.data(), envp.data()); error != 0) {
      std::fprintf(stderr, "graphc: error: cannot start rank %d: %s\n", r, std::strerror(error));
      for (const pid_t started : pids) kill(started, SIGKILL);
      for (const pid_t started : pids) waitpid(started, nullptr, 0);
      return exit_usage;
    }
    pids.push_back(pid);
  }

  int worst = exit_ok;
  std::vector<bool> done(pids.size(), false);
  // Set once a rank failed; none before (a time never reached, where an optional drew a false
  // -Wmaybe-uninitialized from GCC 12's Release build).
  constexpr auto kNone = std::chrono::steady_clock::time_point::max();
  std::chrono::steady_clock::time_point deadline = kNone;
  while (std::find(done.begin(), done.end(), false) != done.end()) {
    for (std::size_t r = 0; r < pids.size(); ++r) {
      int status = 0;
      if (done[r] || waitpid(pids[r], &status, WNOHANG) == 0) continue;
      done[r] = true;
      const int code = exit_status(status);
      if (code == exit_ok) continue;
      std::fprintf(stderr, "graphc: rank %zu exited with status %d\n", r, code);
      worst = std::max(worst, code);
      if (deadline == kNone) deadline = std::chrono::steady_clock::now() + std::chrono::seconds(grace_seconds);
    }
    if (std::chrono::steady_clock::now() > deadline) {
      for (std::size_t r = 0; r < pids.size(); ++r) {
        if (done[r]) continue;
        std::fprintf(stderr, "graphc: rank %zu still ran %d s after another failed: killed\n", r, grace_seconds);
        kill(pids[r], SIGKILL);
      }
      deadline = kNone;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  std::filesystem::remove(id_file);
  return worst;
}

}  // namespace graphc::driver
