// Collective nodes on every GPU of the machine, one rank a device in one process
// (ncclCommInitAll), each rank's graph built by the runtime and by the generated code and
// checked against a CPU reference: an in-place all-reduce after a kernel, a broadcast, a
// reduce, an all-gather and a reduce-scatter into buffers sized by world_size(world), a ring
// shift and an all-to-all (grouped ncclSend and ncclRecv), and a kernel passed rank(world);
// graph `windows`, an all-reduce and an all-gather over windows (`comm fast [window];`);
// graph `layered`, whose calls run a called graph's collectives over the caller's
// communicator (a `comm` parameter). Then
// what the runtime refuses: an unbound communicator (R0065), one of another device (R0067)
// or of another size than the graph was loaded for (R0068), counts that do not fit its size
// (R0066).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "collectives.graph.h"
#include "graphc/communicator.h"

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

constexpr std::size_t kN = 4096;  // const N of collectives.graph

// One communicator a device, ranks 0 to n - 1 on devices 0 to n - 1, made by graphc
// (ncclCommInitAll); each kept alive by the instances bound to it.
class Communicators {
 public:
  Communicators() {
    // NVLink multicast stays off in every process that starts NCCL: it can take a shared
    // host's GPUs out of service.
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    int devices = 0;
    check_cuda(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
    std::vector<int> all(static_cast<std::size_t>(devices));
    for (int d = 0; d < devices; ++d) all[static_cast<std::size_t>(d)] = d;
    comms_ = Communicator::for_devices(all);
  }
  int size() const { return static_cast<int>(comms_.size()); }
  const Communicator& operator[](int rank) const { return comms_[static_cast<std::size_t>(rank)]; }

 private:
  std::vector<Communicator> comms_;
};

// Rank r's x: r + 1 + i / 1024, distinct on every rank and element.
std::vector<float> rank_values(int rank, std::size_t count) {
  std::vector<float> x(count);
  for (std::size_t i = 0; i < count; ++i) x[i] = static_cast<float>(rank + 1) + static_cast<float>(i) / 1024.0f;
  return x;
}

// What every rank must hold after collectives.graph: the sum over ranks of 3 x, rank 0's x,
// (on rank 0) the elementwise maximum of x, every rank's x in rank order, block r of the sum
// over ranks of x, the x of the rank before it, and block r of every rank's x in rank order.
struct Expected {
  std::vector<float> sum, from_root, root_max, gathered;
  std::vector<std::vector<float>> mine, from_prev, exchanged;  // per rank
};
Expected expected(int ranks) {
  Expected e{std::vector<float>(kN, 0.0f), rank_values(0, kN), std::vector<float>(kN, 0.0f), {}, {}};
  std::vector<float> x_sum(kN, 0.0f);
  for (int r = 0; r < ranks; ++r) {
    const std::vector<float> x = rank_values(r, kN);
    for (std::size_t i = 0; i < kN; ++i) {
      e.sum[i] += 3.0f * x[i];
      e.root_max[i] = std::max(e.root_max[i], x[i]);
      x_sum[i] += x[i];
    }
    e.gathered.insert(e.gathered.end(), x.begin(), x.end());
  }
  const std::size_t block = kN / static_cast<std::size_t>(ranks);
  for (int r = 0; r < ranks; ++r) {
    const auto first = x_sum.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) * block);
    e.mine.emplace_back(first, first + static_cast<std::ptrdiff_t>(block));
    e.from_prev.push_back(rank_values((r + ranks - 1) % ranks, kN));
    std::vector<float> exchanged;
    for (int p = 0; p < ranks; ++p) {
      const std::vector<float> x = rank_values(p, kN);
      const auto from = x.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) * block);
      exchanged.insert(exchanged.end(), from, from + static_cast<std::ptrdiff_t>(block));
    }
    e.exchanged.push_back(std::move(exchanged));
  }
  return e;
}

// Launches every rank's graph before waiting for any (`wait`: the graph's synchronize, which
// watches its communicators): a collective completes only once every rank has reached it.
template <class Launch, class Wait>
void run_ranks(int ranks, Launch launch, Wait wait) {
  std::vector<cudaStream_t> streams(static_cast<std::size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    check_cuda(cudaSetDevice(r), "cudaSetDevice");
    check_cuda(cudaStreamCreateWithFlags(&streams[static_cast<std::size_t>(r)], cudaStreamNonBlocking),
               "cudaStreamCreateWithFlags");
  }
  for (int r = 0; r < ranks; ++r) {
    check_cuda(cudaSetDevice(r), "cudaSetDevice");
    launch(r, streams[static_cast<std::size_t>(r)]);
  }
  for (int r = 0; r < ranks; ++r) {
    check_cuda(cudaSetDevice(r), "cudaSetDevice");
    wait(r, streams[static_cast<std::size_t>(r)]);
    check_cuda(cudaStreamDestroy(streams[static_cast<std::size_t>(r)]), "cudaStreamDestroy");
  }
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
}

template <class T = float>
std::vector<T> read_on(int rank, const void* memory, std::size_t count) {
  check_cuda(cudaSetDevice(rank), "cudaSetDevice");
  std::vector<T> out = read<T>(memory, count);
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
  return out;
}

// Graph `graph` of collectives.graph on every rank, each built on a thread of its own (a
// window's registration waits for every rank) with x bound to the rank's values and
// communicator `comm` to the rank's, then launched on every rank and waited for.
struct RankInstances {
  std::vector<std::optional<Allocation<float>>> xs;
  std::vector<std::optional<Instance>> instances;
};
RankInstances run_on_ranks(const Communicators& comms, Program& program, const char* graph, const char* comm) {
  RankInstances out{std::vector<std::optional<Allocation<float>>>(static_cast<std::size_t>(comms.size())),
                    std::vector<std::optional<Instance>>(static_cast<std::size_t>(comms.size()))};
  on_every_rank(comms.size(), [&](int r) {
    const std::size_t i = static_cast<std::size_t>(r);
    out.xs[i].emplace(device_copy(rank_values(r, kN)));
    Bindings bindings;
    bindings.buffer("x", out.xs[i]->get(), kN * sizeof(float));
    bindings.communicator(comm, comms[r]);
    out.instances[i].emplace(program.instantiate(graph, bindings));
  });
  run_ranks(
      comms.size(), [&](int r, cudaStream_t stream) { out.instances[static_cast<std::size_t>(r)]->launch(stream); },
      [&](int r, cudaStream_t stream) {
        out.instances[static_cast<std::size_t>(r)]->synchronize(stream, std::chrono::seconds(60));
      });
  return out;
}

// A generated graph (namespace graphc::gen::<graph>: its Storage and Graph) on every rank,
// each built on a thread of its own with x holding the rank's values and `comm` (the
// Bindings member of the graph's communicator) the rank's, then launched on every rank and
// waited for. The graphs go before the storage (declared after it), and both before the
// communicators (declared before them).
template <class Storage, class Graph, class Bindings>
struct GeneratedRanks {
  std::vector<std::unique_ptr<Storage>> storages;
  std::vector<std::unique_ptr<Graph>> graphs;

  GeneratedRanks(const Communicators& comms, ncclComm_t Bindings::*comm)
      : storages(static_cast<std::size_t>(comms.size())), graphs(static_cast<std::size_t>(comms.size())) {
    on_every_rank(comms.size(), [&](int r) {
      const std::size_t i = static_cast<std::size_t>(r);
      storages[i] = std::make_unique<Storage>();
      Bindings bindings = storages[i]->bindings();
      const std::vector<float> x = rank_values(r, kN);
      check_cuda(cudaMemcpy(bindings.x, x.data(), kN * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
      bindings.*comm = comms[r].get();
      graphs[i] = std::make_unique<Graph>(bindings);
    });
    run_ranks(
        comms.size(), [&](int r, cudaStream_t stream) { graphs[static_cast<std::size_t>(r)]->launch(stream); },
        [&](int r, cudaStream_t stream) {
          graphs[static_cast<std::size_t>(r)]->synchronize(stream, std::chrono::seconds(60));
        });
  }
  GeneratedRanks(const GeneratedRanks&) = delete;
  GeneratedRanks& operator=(const GeneratedRanks&) = delete;

  const Graph& operator[](int r) const { return *graphs[static_cast<std::size_t>(r)]; }
};

TEST_CASE("collective nodes sum, broadcast and reduce over the ranks: runtime", "[runtime][gpu][collectives]") {
  const Communicators comms;
  INFO("ranks (one per GPU): " << comms.size());
  Program program = Program::load(graph_path("collectives"), LoadOptions{.world_size = comms.size()});
  RankInstances ranks = run_on_ranks(comms, program, "ranks", "world");
  std::vector<std::optional<Instance>>& instances = ranks.instances;
  const Expected e = expected(comms.size());
  for (int r = 0; r < comms.size(); ++r) {
    INFO("rank " << r);
    Instance& instance = *instances[static_cast<std::size_t>(r)];
    check_cuda(cudaSetDevice(r), "cudaSetDevice");
    CHECK(read_buffer<float>(instance, "scaled") == e.sum);
    CHECK(read_buffer<float>(instance, "from_root") == e.from_root);
    if (r == 0) CHECK(read_buffer<float>(instance, "root_sum") == e.root_max);
    CHECK(read_buffer<float>(instance, "gathered") == e.gathered);
    CHECK(read_buffer<float>(instance, "mine") == e.mine[static_cast<std::size_t>(r)]);
    CHECK(read_buffer<int>(instance, "who") == std::vector<int>(kN, r));
    CHECK(read_buffer<float>(instance, "from_prev") == e.from_prev[static_cast<std::size_t>(r)]);
    CHECK(read_buffer<float>(instance, "exchanged") == e.exchanged[static_cast<std::size_t>(r)]);
  }
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
  instances.clear();  // before the communicators
}

// The generated code is compiled for two ranks (--world-size 2): on a machine with another
// number of GPUs it must refuse the communicators (R0068) rather than run with buffers sized
// for two.
TEST_CASE("collective nodes sum, broadcast and reduce over the ranks: generated code",
          "[generated][gpu][collectives]") {
  namespace g = graphc::gen::ranks;
  const Communicators comms;
  if (comms.size() != 2) {
    g::Storage storage;
    g::Bindings bindings = storage.bindings();
    bindings.world = comms[0].get();
    CHECK_THROWS_WITH(g::Graph(bindings),
                      Catch::Contains("error[R0068]: communicator 'world' has " + std::to_string(comms.size()) +
                                      " ranks, but graph 'ranks' was loaded for world size 2"));
    return;
  }
  const GeneratedRanks<g::Storage, g::Graph, g::Bindings> graphs(comms, &g::Bindings::world);
  const Expected e = expected(comms.size());
  for (int r = 0; r < comms.size(); ++r) {
    INFO("rank " << r);
    const g::Bindings& b = graphs[r].bindings();
    CHECK(read_on(r, b.scaled, kN) == e.sum);
    CHECK(read_on(r, b.from_root, kN) == e.from_root);
    if (r == 0) CHECK(read_on(r, b.root_sum, kN) == e.root_max);
    CHECK(read_on(r, b.gathered, 2 * kN) == e.gathered);
    CHECK(read_on(r, b.mine, kN / 2) == e.mine[static_cast<std::size_t>(r)]);
    CHECK(read_on<int>(r, b.who, kN) == std::vector<int>(kN, r));
    CHECK(read_on(r, b.from_prev, kN) == e.from_prev[static_cast<std::size_t>(r)]);
    CHECK(read_on(r, b.exchanged, kN) == e.exchanged[static_cast<std::size_t>(r)]);
    // `comm world [register];`: each collective registered its memory, once when in place.
    const g::Nodes& nodes = graphs[r].nodes();
    CHECK(nodes.sum_registered.size() == 1);
    CHECK(nodes.gather_registered.size() == 2);
    CHECK(nodes.swap_registered.size() == 2);
  }
}

// What every rank holds after graph `windows`: in `peak`, the sum over ranks of 2 x; in
// `spread`, every rank's copy of it.
std::vector<float> doubled_sum(int ranks) {
  std::vector<float> sum(kN, 0.0f);
  for (int r = 0; r < ranks; ++r) {
    const std::vector<float> x = rank_values(r, kN);
    for (std::size_t i = 0; i < kN; ++i) sum[i] += 2.0f * x[i];
  }
  return sum;
}
std::vector<float> repeated(const std::vector<float>& block, int times) {
  std::vector<float> out;
  for (int t = 0; t < times; ++t) out.insert(out.end(), block.begin(), block.end());
  return out;
}

TEST_CASE("collectives over windows sum and gather NCCL's own memory: runtime", "[runtime][gpu][collectives]") {
  const Communicators comms;
  Program program = Program::load(graph_path("collectives"), LoadOptions{.world_size = comms.size()});
  RankInstances ranks = run_on_ranks(comms, program, "windows", "fast");
  std::vector<std::optional<Instance>>& instances = ranks.instances;
  const std::vector<float> peak = doubled_sum(comms.size());
  for (int r = 0; r < comms.size(); ++r) {
    INFO("rank " << r);
    Instance& instance = *instances[static_cast<std::size_t>(r)];
    check_cuda(cudaSetDevice(r), "cudaSetDevice");
    CHECK(read_buffer<float>(instance, "peak") == peak);
    CHECK(read_buffer<float>(instance, "spread") == repeated(peak, comms.size()));
  }
  // A window is registered on every rank at once: it is bound as the graph is instantiated.
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
  CHECK_THROWS_WITH(instances[0]->bind("peak", ranks.xs[0]->get(), kN * sizeof(float)),
                    Catch::Contains("error[R0075]: buffer 'peak' is a window"));
  instances.clear();  // before the communicators
}

TEST_CASE("collectives over windows sum and gather NCCL's own memory: generated code",
          "[generated][gpu][collectives]") {
  namespace g = graphc::gen::windows;
  const Communicators comms;
  if (comms.size() != 2) {  // compiled for two ranks (--world-size 2)
    g::Storage storage;
    g::Bindings bindings = storage.bindings();
    bindings.fast = comms[0].get();
    CHECK_THROWS_WITH(g::Graph(bindings), Catch::Contains("error[R0068]: communicator 'fast'"));
    return;
  }
  // peak and spread from ncclMemAlloc, in each rank's Storage
  const GeneratedRanks<g::Storage, g::Graph, g::Bindings> graphs(comms, &g::Bindings::fast);
  const std::vector<float> peak = doubled_sum(comms.size());
  for (int r = 0; r < comms.size(); ++r) {
    INFO("rank " << r);
    const g::Bindings& b = graphs[r].bindings();
    CHECK(read_on(r, b.peak, kN) == peak);
    CHECK(read_on(r, b.spread, 2 * kN) == repeated(peak, 2));
    CHECK(graphs[r].nodes().windows.size() == 2);  // peak and spread, once each
  }
}

// What every rank holds after graph `layered`: in `once`, the sum over ranks of 2 x; in
// `twice`, the sum over ranks of 2 `once` (the same on every rank).
struct Layered {
  std::vector<float> once, twice;
};
Layered layered(int ranks) {
  Layered out{doubled_sum(ranks), std::vector<float>(kN, 0.0f)};
  for (int r = 0; r < ranks; ++r) {
    for (std::size_t i = 0; i < kN; ++i) out.twice[i] += 2.0f * out.once[i];
  }
  return out;
}

TEST_CASE("a called graph's collectives run over the communicator its call passes: runtime",
          "[runtime][gpu][collectives]") {
  const Communicators comms;
  Program program = Program::load(graph_path("collectives"), LoadOptions{.world_size = comms.size()});
  RankInstances ranks = run_on_ranks(comms, program, "layered", "world");
  const Layered e = layered(comms.size());
  for (int r = 0; r < comms.size(); ++r) {
    INFO("rank " << r);
    Instance& instance = *ranks.instances[static_cast<std::size_t>(r)];
    check_cuda(cudaSetDevice(r), "cudaSetDevice");
    CHECK(read_buffer<float>(instance, "once") == e.once);
    CHECK(read_buffer<float>(instance, "twice") == e.twice);
    CHECK(read_buffer<int>(instance, "who") == std::vector<int>(2 * kN, r));  // rank(c), from each call
  }
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
  ranks.instances.clear();  // before the communicators
}

TEST_CASE("a called graph's collectives run over the communicator its call passes: generated code",
          "[generated][gpu][collectives]") {
  namespace g = graphc::gen::layered;
  const Communicators comms;
  if (comms.size() != 2) {  // compiled for two ranks (--world-size 2): the called graph's collective refuses it
    g::Storage storage;
    g::Bindings bindings = storage.bindings();
    bindings.world = comms[0].get();
    CHECK_THROWS_WITH(g::Graph(bindings),
                      Catch::Contains("error[R0068]: communicator 'c' has " + std::to_string(comms.size()) +
                                      " ranks, but graph 'sum_layer' was loaded for world size 2"));
    return;
  }
  // world: what the calls' bindings functions hand on to sum_layer's `c`
  const GeneratedRanks<g::Storage, g::Graph, g::Bindings> graphs(comms, &g::Bindings::world);
  const Layered e = layered(comms.size());
  for (int r = 0; r < comms.size(); ++r) {
    INFO("rank " << r);
    const g::Bindings& b = graphs[r].bindings();
    CHECK(read_on(r, b.once, kN) == e.once);
    CHECK(read_on(r, b.twice, kN) == e.twice);
    CHECK(read_on<int>(r, b.who, 2 * kN) == std::vector<int>(2 * kN, r));  // rank(c), from each call
  }
}

TEST_CASE("the runtime names an unbound communicator, one of another device or size and counts that do not fit it",
          "[runtime][gpu][collectives]") {
  const Communicators comms;
  check_cuda(cudaSetDevice(0), "cudaSetDevice");
  Program program = Program::load(graph_path("collectives"), LoadOptions{.world_size = comms.size()});
  const Allocation<float> x = device_copy(rank_values(0, kN));
  Bindings unbound;
  unbound.buffer("x", x.get(), kN * sizeof(float));
  const std::string path = graph_path("collectives");
  std::ifstream file(path);
  const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string world = location_of(path, text, "world [register]");  // its declaration's name
  CHECK_THROWS_WITH(program.instantiate("ranks", unbound),
                    Catch::StartsWith(world + ": error[R0065]: communicator 'world' of graph 'ranks' is not bound: "
                                              "bind this rank's ncclComm_t to it with Bindings::communicator (or the "
                                              "generated Bindings' member)\n"));
  if (comms.size() > 1) {
    Bindings elsewhere = unbound;
    elsewhere.communicator("world", comms[1]);
    CHECK_THROWS_WITH(program.instantiate("ranks", elsewhere),
                      Catch::Contains("error[R0067]: communicator 'world' is on device 1, but graph 'ranks' is built "
                                      "on device 0"));
  }
  // Loaded for twice the communicator's size: its buffers are sized for ranks it does not have.
  Program doubled = Program::load(graph_path("collectives"), LoadOptions{.world_size = 2 * comms.size()});
  Bindings bound = unbound;
  bound.communicator("world", comms[0]);
  CHECK_THROWS_WITH(doubled.instantiate("ranks", bound),
                    Catch::Contains("error[R0068]: communicator 'world' has " + std::to_string(comms.size()) +
                                    " ranks, but graph 'ranks' was loaded for world size " +
                                    std::to_string(2 * comms.size())));
  // Loaded without a size, an all-gather into room for one rank more than the communicator
  // has is the runtime's to refuse.
  const std::size_t room = kN * static_cast<std::size_t>(comms.size() + 1);
  Program gather = Program::from_text(graph_path("gather"),
                                      "graph gather {\n    comm world;\n    buffer x : f32[" + std::to_string(kN) +
                                          "] device;\n    buffer all : f32[" + std::to_string(room) +
                                          "] device;\n    collective gather : "
                                          "nccl.all_gather(world, x, all);\n}\n");
  Bindings sized = unbound;
  sized.communicator("world", comms[0]);
  CHECK_THROWS_WITH(gather.instantiate("gather", sized),
                    Catch::Contains("error[R0066]: collective 'gather' sends 4096 elements and receives " +
                                    std::to_string(room) + ", which is not " + std::to_string(comms.size()) +
                                    " times as many, but communicator 'world' has " + std::to_string(comms.size()) +
                                    " ranks"));
  // And an all-to-all whose count does not split into one block a rank.
  if (comms.size() > 1) {
    const std::size_t odd = kN * static_cast<std::size_t>(comms.size()) + 1;
    Program swap = Program::from_text(graph_path("swap"), "graph swap {\n    comm world;\n    buffer x : f32[" +
                                                              std::to_string(odd) + "] device;\n    buffer y : f32[" +
                                                              std::to_string(odd) +
                                                              "] device;\n    collective swap : "
                                                              "nccl.all_to_all(world, x, y);\n}\n");
    Bindings comm_only;  // swap's buffers its own, of its counts
    comm_only.communicator("world", comms[0]);
    CHECK_THROWS_WITH(swap.instantiate("swap", comm_only),
                      Catch::Contains("error[R0066]: collective 'swap' sends " + std::to_string(odd) +
                                      " elements, which do not split into " + std::to_string(comms.size()) +
                                      " blocks of one size, but communicator 'world' has " +
                                      std::to_string(comms.size()) + " ranks"));
  }
}

}  // namespace
}  // namespace graphc::test
