// bench_tp_decode: samples/tp_decode, a Llama-shaped decoder (dimension 4096, 32 heads, MLP
// 11008, 8 layers, bf16 weights), tensor-parallel over the machine's first two GPUs, at
// batch B = 1 and 8 (`-D B=8`: LoadOptions::defines). Per B, the same tokens on the same
// memory, three ways, each rank driven by a thread of its own as a process per GPU would:
//   graphc TP2  one graph per rank (Program::load for 2 ranks): Instance::set("pos", p),
//               then launch;
//   graphc TP1  the same file for 1 rank, the whole model on GPU 0;
//   eager TP2   the same kernels, cuBLAS GEMMs and NCCL all-reduces launched on each rank's
//               stream, no graph (tp_decode_eager.cu), on the TP2 instances' memory;
// kTokens tokens (positions 0 to kTokens - 1) back to back per round, the slowest rank's
// wall time, median of kRounds rounds with the ways taking turns. Printed: us/token and
// tokens/s per way, TP1 / TP2 and eager / graphc, and TP2 against its memory floor (one
// rank's weights read once per token at the copy bandwidth measured here). Then a captured
// all-reduce of a decode-sized message (B x 4096 bf16; 16 in a row, as a token issues them)
// replayed in a graph against the eager ncclAllReduce. The ways' last outputs are compared:
// eager TP2 must equal graphc TP2, and TP2 must match TP1 to bf16 rounding.
// With --profile, where TP1's time goes at B = 1 (Instance::profile, as `graphc run
// --profile` prints it; --trace FILE.json also writes its Chrome trace). PyTorch's TP2
// figures for the same math: bench/torch_tp_decode.py.
//   build/bench/bench_tp_decode [--profile [--trace FILE.json]] [path/to/tp_decode.graph]
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <barrier>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bandwidth.h"
#include "common/compare.h"
#include "common/cuda_device.h"
#include "common/ranks.h"
#include "device.h"
#include "graphc/communicator.h"
#include "graphc/cublas_ops.h"
#include "graphc/introspect.h"
#include "graphc/nccl_ops.h"
#include "graphc/program.h"
#include "profile/chrome_trace.h"
#include "profile/profile_report.h"
#include "timing.h"
#include "tp_decode/reference.h"
#include "tp_decode_eager.h"

namespace graphc::bench {
namespace {

constexpr int kTokens = 64;
constexpr int kRounds = 5;
constexpr int kAllReduces = 16;  // a token's: two a layer

// One way of decoding on `ranks` GPUs: per rank, what to do once per token.
struct Way {
  int ranks;
  std::function<void(int rank, int pos, cudaStream_t stream)> token;
  std::function<void(int rank, cudaStream_t stream)> wait;
};

// The slowest rank's wall time for kTokens tokens, in microseconds per token: every rank's
// thread starts at one barrier, issues its tokens and waits for its stream.
double time_tokens(const Way& way, const samples::RankStreams& streams) {
  std::barrier start(way.ranks);
  std::vector<double> us(static_cast<std::size_t>(way.ranks));
  graphc::on_every_rank(way.ranks, [&](int r) {
    start.arrive_and_wait();
    const Clock::time_point t0 = Clock::now();
    for (int pos = 0; pos < kTokens; ++pos) way.token(r, pos, streams[r]);
    way.wait(r, streams[r]);
    us[static_cast<std::size_t>(r)] = us_since(t0);
  });
  return *std::max_element(us.begin(), us.end()) / kTokens;
}

// The model's instances for `ranks` ranks at batch `batch`, their parameters written by a
// first launch.
struct Ranks {
  std::vector<Communicator> comms;
  std::optional<Program> program;
  std::vector<std::optional<Instance>> instances;

  Ranks(const std::string& path, int ranks, int batch) {
    std::vector<int> devices(static_cast<std::size_t>(ranks));
    std::iota(devices.begin(), devices.end(), 0);
    comms = Communicator::for_devices(devices);
    program.emplace(Program::load(path, LoadOptions{.world_size = ranks, .defines = {{"B", std::to_string(batch)}}}));
    instances.resize(static_cast<std::size_t>(ranks));
    graphc::on_every_rank(ranks, [&](int r) {
      Bindings bindings;
      bindings.communicator("tp", comms[static_cast<std::size_t>(r)]);
      instances[static_cast<std::size_t>(r)].emplace(program->instantiate("decode", bindings));
    });
    const samples::RankStreams streams(ranks);
    time_tokens(graph_way(), streams);  // the first launch writes the parameters; then warm-up
  }
  Ranks(const Ranks&) = delete;
  Ranks& operator=(const Ranks&) = delete;
  ~Ranks() { instances.clear(); }  // every exec that holds a collective before its communicator

  int size() const { return static_cast<int>(instances.size()); }
  Instance& operator[](int r) { return *instances[static_cast<std::size_t>(r)]; }

  Way graph_way() {
    return Way{size(),
               [this](int r, int pos, cudaStream_t stream) {
                 Instance& instance = (*this)[r];
                 instance.set("pos", pos);
                 instance.launch(stream);
               },
               [this](int r, cudaStream_t stream) { (*this)[r].synchronize(stream, std::chrono::seconds(120)); }};
  }

  std::vector<float> h_out(int r) {
    const auto* out = static_cast<const float*>((*this)[r].buffer("h_out"));
    return {out, out + (*this)[r].buffer_bytes("h_out") / sizeof(float)};
  }
};

// The eager baseline over `ranks`' instances' memory, a cuBLAS handle per rank.
class Eager {
 public:
  Eager(Ranks& ranks, int batch) : handles_(static_cast<std::size_t>(ranks.size())) {
    const NcclApi& nccl = loaded_nccl_for("bench_tp_decode", "");
    for (int r = 0; r < ranks.size(); ++r) {
      check_cuda(cudaSetDevice(r), "cudaSetDevice");
      const CublasCall create{&linked_cublas(), nullptr};
      create.check(cublasCreate(&handles_[static_cast<std::size_t>(r)]), "cublasCreate");
      Instance& i = ranks[r];
      EagerRank e;
      e.shape = samples::tp_decode::kFull;
      e.shape.batch = batch;
      e.world = ranks.size();
      e.x = static_cast<float*>(i.buffer("x"));
      e.h = i.buffer("h");
      e.qkv = i.buffer("qkv");
      e.attn = i.buffer("attn");
      e.partial = i.buffer("partial");
      e.gate_up = i.buffer("gate_up");
      e.act = i.buffer("act");
      e.weights = i.buffer("weights");
      e.gains = static_cast<const float*>(i.buffer("gains"));
      e.k_cache = i.buffer("k_cache");
      e.v_cache = i.buffer("v_cache");
      e.pos_dev = static_cast<int*>(i.buffer("pos_dev"));
      e.h_out = static_cast<float*>(i.buffer("h_out"));
      e.cublas = handles_[static_cast<std::size_t>(r)];
      e.comm = ranks.comms[static_cast<std::size_t>(r)].get();
      e.nccl = &nccl;
      ranks_.push_back(e);
    }
    check_cuda(cudaSetDevice(0), "cudaSetDevice");
  }
  Eager(const Eager&) = delete;
  Eager& operator=(const Eager&) = delete;
  ~Eager() {
    for (cublasHandle_t handle : handles_) cublasDestroy(handle);
  }

  Way way() const {
    return Way{
        static_cast<int>(ranks_.size()),
        [this](int r, int pos, cudaStream_t stream) { eager_token(ranks_[static_cast<std::size_t>(r)], pos, stream); },
        [](int, cudaStream_t stream) { check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize"); }};
  }

 private:
  std::vector<cublasHandle_t> handles_;
  std::vector<EagerRank> ranks_;
};

// kAllReduces in-place all-reduces of `count` bf16 over `comms`, chained, per launch.
std::string all_reduce_graph(std::size_t count) {
  return fmt::format(R"(graph sums {{
    comm tp;
    buffer x : bf16[{}] device;
    for i in 0..{} {{
        collective sum[i] : nccl.all_reduce<sum>(tp, x, x);
    }}
    for i in 1..{} {{
        sum[i - 1] -> sum[i];
    }}
}}
)",
                     count, kAllReduces, kAllReduces);
}

// A captured all-reduce of count bf16 against the eager call, in us per all-reduce.
void all_reduce_rows(const std::vector<Communicator>& comms, int batch) {
  const std::size_t count = static_cast<std::size_t>(batch) * 4096;
  const int ranks = static_cast<int>(comms.size());
  Program program = Program::from_text("sums.graph", all_reduce_graph(count));
  std::vector<std::optional<Instance>> instances(static_cast<std::size_t>(ranks));
  graphc::on_every_rank(ranks, [&](int r) {
    Bindings bindings;
    bindings.communicator("tp", comms[static_cast<std::size_t>(r)]);
    instances[static_cast<std::size_t>(r)].emplace(program.instantiate("sums", bindings));
  });
  const NcclApi& nccl = loaded_nccl_for("bench_tp_decode", "");
  const samples::RankStreams streams(ranks);
  const Way graph{ranks,
                  [&](int r, int, cudaStream_t stream) { instances[static_cast<std::size_t>(r)]->launch(stream); },
                  [&](int r, cudaStream_t stream) {
                    instances[static_cast<std::size_t>(r)]->synchronize(stream, std::chrono::seconds(60));
                  }};
  const Way eager{ranks,
                  [&](int r, int, cudaStream_t stream) {
                    void* x = instances[static_cast<std::size_t>(r)]->buffer("x");
                    for (int i = 0; i < kAllReduces; ++i) {
                      run_collective(nccl,
                                     CollectiveCall{Collective::all_reduce, x, x, count, ncclBfloat16, ncclSum, 0},
                                     comms[static_cast<std::size_t>(r)].get(), stream);
                    }
                  },
                  [](int, cudaStream_t stream) { check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize"); }};
  time_tokens(graph, streams);
  time_tokens(eager, streams);
  std::vector<double> g, e;
  for (int round = 0; round < kRounds; ++round) {
    g.push_back(time_tokens(graph, streams) / kAllReduces);
    e.push_back(time_tokens(eager, streams) / kAllReduces);
  }
  fmt::print("all-reduce B={} ({} bf16, {} in a row): captured in a graph {:.1f} us, eager ncclAllReduce {:.1f} us, "
             "graph / eager {:.2f}x\n",
             batch, count, kAllReduces, median(g), median(e), median(g) / median(e));
  instances.clear();
}

// What --profile and --trace ask for: TP1's profile at B = 1, printed, and its trace written.
struct ProfileRequest {
  bool print = false;
  std::string trace;
};

void decode_rows(const std::string& path, int batch, double bandwidth, const ProfileRequest& profile) {
  Ranks tp1(path, 1, batch);
  Ranks tp2(path, 2, batch);
  const Eager eager(tp2, batch);
  const samples::RankStreams streams1(1);
  const samples::RankStreams streams2(2);
  time_tokens(eager.way(), streams2);  // warm-up
  std::vector<double> one, two, stream;
  for (int round = 0; round < kRounds; ++round) {
    one.push_back(time_tokens(tp1.graph_way(), streams1));
    two.push_back(time_tokens(tp2.graph_way(), streams2));
    stream.push_back(time_tokens(eager.way(), streams2));
  }
  const std::vector<float> eager_out = tp2.h_out(0);
  time_tokens(tp2.graph_way(), streams2);
  time_tokens(tp1.graph_way(), streams1);
  const std::vector<float> graph_out = tp2.h_out(0);
  const samples::Comparison same = samples::compare(eager_out, graph_out);
  const samples::Comparison tp = samples::compare(graph_out, tp1.h_out(0));
  tp_model::Shape shape = samples::tp_decode::kFull;
  shape.batch = batch;
  const double weight_bytes = 2.0 * static_cast<double>(tp_model::layer_slice_elements(shape, 2)) * shape.layers;
  const double floor_us = weight_bytes / bandwidth * 1e6;
  const auto row = [&](const char* way, double us) {
    fmt::print("  {:<12} {:9.1f} us/token {:9.0f} tokens/s\n", way, us, batch * 1e6 / us);
  };
  fmt::print("decode B={} ({} tokens a round, positions 0-{}, median of {} rounds):\n", batch, kTokens, kTokens - 1,
             kRounds);
  row("graphc TP2", median(two));
  row("graphc TP1", median(one));
  row("eager TP2", median(stream));
  fmt::print(
      "  TP1 / TP2 {:.2f}x   eager / graphc TP2 {:.2f}x   graphc TP2 / floor {:.2f}x (floor {:.1f} us: {:.2f} GB "
      "of weights a rank at {:.0f} GB/s)\n",
      median(one) / median(two), median(stream) / median(two), median(two) / floor_us, floor_us, weight_bytes / 1e9,
      bandwidth / 1e9);
  fmt::print("  check: eager vs graphc TP2 rel_err={:.2e} (same kernels); TP2 vs TP1 rel_err={:.2e}\n", same.rel_err,
             tp.rel_err);
  if (!same.within(1e-6) || !tp.within(2e-2)) throw std::runtime_error("the ways' outputs differ");
  all_reduce_rows(tp2.comms, batch);
  if (profile.print) {
    const Profile measured = tp1[0].profile(10, streams1[0]);
    std::fputs(profile::profile_report(ir_of(*tp1.program), ir_of(tp1[0]), measured).c_str(), stdout);
    if (!profile.trace.empty()) {
      std::ofstream(profile.trace) << profile::chrome_trace(measured);
      fmt::print("trace: {}\n", profile.trace);
    }
  }
}

}  // namespace
}  // namespace graphc::bench

int main(int argc, char** argv) {
  using namespace graphc::bench;
  if (!have_device("bench_tp_decode")) return 77;
  if (graphc::samples::device_count() < 2) {
    std::printf("bench_tp_decode: needs 2 GPUs; this machine has 1\n");
    return 77;
  }
  setenv("NCCL_NVLS_ENABLE", "0", 1);  // never NVLink multicast: it can take a shared host's GPUs out of service
  ProfileRequest profile;
  std::string path = GRAPHC_TP_DECODE_GRAPH;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--profile") {
      profile.print = true;
    } else if (arg == "--trace" && i + 1 < argc) {
      profile.trace = argv[++i];
    } else {
      path = arg;
    }
  }
  try {
    graphc::check_cuda(cudaSetDevice(0), "cudaSetDevice");
    const graphc::samples::RankStreams stream(1);
    const double bandwidth = copy_bandwidth(stream[0]);
    for (const int batch : {1, 8}) decode_rows(path, batch, bandwidth, batch == 1 ? profile : ProfileRequest{});
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tp_decode: %s\n", e.what());
    return 1;
  }
  return 0;
}
