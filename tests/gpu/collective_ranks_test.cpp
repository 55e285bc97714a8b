// One process per GPU, as NCCL recommends under CUDA graphs: two collective_rank processes
// (collective_rank.cpp), ranks 0 and 1 of one communicator that graphc makes, meet through a
// file and run collectives.graph; then one of them dies after its first launch, and the other
// must end with R0069, naming the graph, the communicator and its collectives, within its
// bound, rather than hang. Needs two GPUs: exits 77 (skipped), saying so, with fewer.
#include <catch2/catch.hpp>
#include <cuda_runtime_api.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gpu_test_support.h"

extern char** environ;

namespace graphc::test {
namespace {

// A rank's process: its pid and the file its output goes to.
struct RankProcess {
  pid_t pid = 0;
  std::string output;
};

RankProcess spawn_rank(const std::string& id_file, int rank, int ranks, const std::string& mode, int timeout_ms) {
  RankProcess p{0, binary_dir() + "/collective_rank_" + mode + "_" + std::to_string(rank) + ".out"};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, p.output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  const std::string program = binary_dir() + "/collective_rank";
  std::vector<std::string> args{
      program, graph_path("collectives"), id_file, std::to_string(rank), std::to_string(ranks),
      mode,    std::to_string(timeout_ms)};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int status = posix_spawn(&p.pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(status == 0);
  return p;
}

// The exit status of `p`, waiting at most `bound`; a process still running then is killed
// and the test fails: a rank that hangs is what this test exists to catch.
int wait_rank(const RankProcess& p, std::chrono::seconds bound) {
  const auto deadline = std::chrono::steady_clock::now() + bound;
  int status = 0;
  while (waitpid(p.pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      kill(p.pid, SIGKILL);
      waitpid(p.pid, &status, 0);
      FAIL("the rank writing " << p.output << " still ran after " << bound.count() << " s: killed");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string output_of(const RankProcess& p) {
  std::ifstream in(p.output);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void require_two_gpus() {
  // NVLink multicast stays off in every process that starts NCCL; the ranks inherit it.
  setenv("NCCL_NVLS_ENABLE", "0", 1);
  int devices = 0;
  check_cuda(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
  if (devices < 2) {
    std::printf("SKIP: one process per GPU needs 2 GPUs; this machine has %d\n", devices);
    std::exit(77);
  }
}

std::string fresh_id_file(const std::string& name) {
  const std::string path = binary_dir() + "/" + name + ".nccl_id";
  std::filesystem::remove(path);
  return path;
}

TEST_CASE("two processes, a rank each, meet through a file and run collectives", "[runtime][gpu][collectives]") {
  require_two_gpus();
  const std::string id_file = fresh_id_file("ranks_run");
  const RankProcess r0 = spawn_rank(id_file, 0, 2, "run", 60000);
  const RankProcess r1 = spawn_rank(id_file, 1, 2, "run", 60000);
  const int s0 = wait_rank(r0, std::chrono::seconds(120));
  const int s1 = wait_rank(r1, std::chrono::seconds(120));
  INFO("rank 0:\n" << output_of(r0) << "rank 1:\n" << output_of(r1));
  CHECK(s0 == 0);
  CHECK(s1 == 0);
  CHECK_THAT(output_of(r0), Catch::Contains("rank 0: results match\nrank 0: windows match\nrank 0: done"));
  CHECK_THAT(output_of(r1), Catch::Contains("rank 1: results match\nrank 1: windows match\nrank 1: done"));
}

TEST_CASE("a rank whose peer died ends with R0069 within its bound instead of hanging", "[runtime][gpu][collectives]") {
  require_two_gpus();
  const std::string id_file = fresh_id_file("ranks_die");
  constexpr int kTimeoutMs = 3000;
  const RankProcess r0 = spawn_rank(id_file, 0, 2, "die", kTimeoutMs);
  const RankProcess r1 = spawn_rank(id_file, 1, 2, "die", kTimeoutMs);
  const int s1 = wait_rank(r1, std::chrono::seconds(120));
  const auto died = std::chrono::steady_clock::now();
  const int s0 = wait_rank(r0, std::chrono::seconds(120));
  const auto after = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - died);
  const std::string out0 = output_of(r0);
  INFO("rank 0:\n" << out0 << "rank 1:\n" << output_of(r1) << "rank 0 ended " << after.count() << " ms after rank 1");
  CHECK(s1 == 3);
  CHECK(s0 == 0);
  CHECK_THAT(out0, Catch::Contains("error[R0069]: graph 'ranks' waited for its collectives over communicator "
                                   "'world' ('sum', then 'share', then 'total', then 'gather', then 'scatter', "
                                   "then 'ring', then 'swap')"));
  CHECK_THAT(out0, Catch::Contains("a peer rank died or diverged; graphc aborted the communicator"));
  CHECK_THAT(out0, !Catch::Contains("still had work"));  // the abort ended the waiting collectives
  CHECK_THAT(out0, Catch::Contains("rank 0: done"));     // the instance and the communicator went without hanging
  CHECK(after.count() < kTimeoutMs + 20000);
}

}  // namespace
}  // namespace graphc::test
