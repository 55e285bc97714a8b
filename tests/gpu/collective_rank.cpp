// One rank of collectives.graph (graph `ranks`, and in `run` then graph `windows`) in a process
// of its own, for collective_ranks_test.cpp:
//
//   collective_rank GRAPH ID_FILE RANK RANKS run|die TIMEOUT_MS
//
// The rank takes device RANK, meets the others through ID_FILE (graphc::UniqueId::through_file),
// joins their communicator (graphc::Communicator::join), builds the graph and launches it,
// waiting with Instance::synchronize(TIMEOUT_MS). `run`: it checks its results against the
// CPU's and prints "rank R: results match". `die`: the last rank exits (as a crash would,
// without cleaning up) after its first launch, and every other rank launches again and must
// end with R0069 rather than wait forever: it prints the error and the time it waited.
// Exit status 0 when the rank did what its mode asks, 1 otherwise, 3 for the rank that dies.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "graphc/check_cuda.h"
#include "graphc/communicator.h"
#include "graphc/program.h"

namespace {

constexpr std::size_t kN = 4096;  // const N of collectives.graph

std::vector<float> rank_values(int rank) {
  std::vector<float> x(kN);
  for (std::size_t i = 0; i < kN; ++i) x[i] = static_cast<float>(rank + 1) + static_cast<float>(i) / 1024.0f;
  return x;
}

template <class T = float>
std::vector<T> read(const graphc::Instance& instance, const char* buffer, std::size_t count) {
  std::vector<T> out(count);
  graphc::check_cuda(cudaMemcpy(out.data(), instance.buffer(buffer), count * sizeof(T), cudaMemcpyDeviceToHost),
                     "cudaMemcpy");
  return out;
}

// Whether this rank holds what collectives.graph computes: the sum over ranks of 3 x, rank 0's
// x, every rank's x in rank order, its own rank (rank(world)).
bool results_match(const graphc::Instance& instance, int rank, int ranks) {
  std::vector<float> sum(kN, 0.0f);
  std::vector<float> gathered;
  for (int r = 0; r < ranks; ++r) {
    const std::vector<float> x = rank_values(r);
    for (std::size_t i = 0; i < kN; ++i) sum[i] += 3.0f * x[i];
    gathered.insert(gathered.end(), x.begin(), x.end());
  }
  return read(instance, "scaled", kN) == sum && read(instance, "from_root", kN) == rank_values(0) &&
         read(instance, "gathered", kN * static_cast<std::size_t>(ranks)) == gathered &&
         read<int>(instance, "who", kN) == std::vector<int>(kN, rank);
}

int run_rank(const std::string& graph, const std::string& id_file, int rank, int ranks, bool die,
             std::chrono::milliseconds timeout) {
  graphc::check_cuda(cudaSetDevice(rank), "cudaSetDevice");
  const graphc::UniqueId id = graphc::UniqueId::through_file(id_file, rank, std::chrono::seconds(60));
  const graphc::Communicator comm = graphc::Communicator::join(id, rank, ranks);
  graphc::Program program = graphc::Program::load(graph, graphc::LoadOptions{.world_size = ranks});
  const std::vector<float> x = rank_values(rank);
  graphc::Bindings bindings;
  bindings.communicator("world", comm);
  graphc::Instance instance = program.instantiate("ranks", bindings);
  graphc::check_cuda(cudaMemcpy(instance.buffer("x"), x.data(), kN * sizeof(float), cudaMemcpyHostToDevice),
                     "cudaMemcpy");
  cudaStream_t stream = nullptr;
  graphc::check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  instance.launch(stream);
  instance.synchronize(stream, timeout);
  if (!die) {
    const bool match = results_match(instance, rank, ranks);
    std::printf("rank %d: results %s\n", rank, match ? "match" : "differ from the CPU's");
    // Graph `windows` over the same communicator: its windows registered by both processes.
    graphc::Bindings over_windows;
    over_windows.buffer("x", instance.buffer("x"), kN * sizeof(float));
    over_windows.communicator("fast", comm);
    graphc::Instance windows = program.instantiate("windows", over_windows);
    windows.launch(stream);
    windows.synchronize(stream, timeout);
    std::vector<float> doubled(kN, 0.0f);
    for (int r = 0; r < ranks; ++r) {
      const std::vector<float> xr = rank_values(r);
      for (std::size_t i = 0; i < kN; ++i) doubled[i] += 2.0f * xr[i];
    }
    const bool windows_match = read(windows, "peak", kN) == doubled;
    std::printf("rank %d: windows %s\n", rank, windows_match ? "match" : "differ from the CPU's");
    return match && windows_match ? 0 : 1;
  }
  if (rank == ranks - 1) {
    std::printf("rank %d: exits after its first launch\n", rank);
    std::fflush(stdout);
    std::_Exit(3);
  }
  std::printf("rank %d: launches again, without its peer\n", rank);
  instance.launch(stream);
  const auto start = std::chrono::steady_clock::now();
  try {
    instance.synchronize(stream, timeout);
  } catch (const graphc::Error& e) {
    const auto waited =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    std::printf("rank %d: after %lld ms: %s\n", rank, static_cast<long long>(waited), e.what());
    if (e.code() != "R0069") return 1;
    graphc::check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
    return 0;
  }
  std::printf("rank %d: the second launch completed without its peer\n", rank);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: collective_rank GRAPH ID_FILE RANK RANKS run|die TIMEOUT_MS\n");
    return 2;
  }
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // every line reaches the file, even from a rank that is killed
  const std::string mode = argv[5];
  try {
    const int status = run_rank(argv[1], argv[2], std::atoi(argv[3]), std::atoi(argv[4]), mode == "die",
                                std::chrono::milliseconds(std::atoll(argv[6])));
    std::printf("rank %s: done\n", argv[3]);
    return status;
  } catch (const std::exception& e) {
    std::printf("rank %s: %s\n", argv[3], e.what());
    return 1;
  }
}
