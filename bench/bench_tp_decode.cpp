// bench_tp_decode: samples/tp_decode, a Llama-shaped decoder (dimension 4096, 32 heads, MLP
// 11008, 8 layers unless --layers says otherwise, bf16 weights), tensor-parallel over 1, 2,
// 4, ... of the machine's GPUs (as many as it has, at most --max-tp), at batch B = 1 and 8
// (`-D B=8`: LoadOptions::defines). Per B, the same tokens on the same memory, each rank
// driven by a thread of its own as a process per GPU would:
//   graphc TPn  one graph per rank (Program::load for n ranks): Instance::set("pos", p),
//               then launch; TP1 is the same file for 1 rank, the whole model on GPU 0;
//   eager TPn   the same kernels, cuBLAS GEMMs and NCCL all-reduces launched on each rank's
//               stream, no graph (tp_decode_eager.cu), on the TPn instances' memory (n > 1);
// kTokens tokens (positions 0 to kTokens - 1) back to back per round, the slowest rank's
// wall time, median of kRounds rounds with the ways taking turns. Printed: us/token and
// tokens/s per way, TP1 / TPn and eager / graphc, and TPn against its memory floor (one
// rank's weights read once per token at the copy bandwidth measured here). Then, per world
// size, a captured all-reduce of a decode-sized message (B x 4096 bf16; 16 in a row, as a
// token issues them) replayed in a graph against the eager ncclAllReduce, over cudaMalloc
// memory and over a symmetric window (`comm tp [window];`). The ways' last
// outputs are compared: eager TPn must equal graphc TPn, and TPn must match TP1 to bf16
// rounding.
// With --profile, where TP1's time goes at B = 1 (Instance::profile, as `graphc run
// --profile` prints it; --trace FILE.json also writes its Chrome trace). PyTorch's figures
// for the same math: bench/torch_tp_decode.py. NCCL's graph mixing support is off
// (graphc::disable_nccl_graph_mixing) unless --nccl-graph-mixing or the environment sets it.
//   build/bench/bench_tp_decode [--profile [--trace FILE.json]] [--max-tp N] [--layers L]
//                               [--nccl-graph-mixing] [path/to/tp_decode.graph]
#include <cublas_v2.h>
#include <cuda_runtime_api.h>

#include <barrier>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
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

// The model a run decodes: the graph file, the batch and the layers.
struct Model {
  std::string path;
  int batch = 1;
  int layers = samples::tp_decode::kFull.layers;

  tp_model::Shape shape() const {
    tp_model::Shape s = samples::tp_decode::kFull;
    s.batch = batch;
    s.layers = layers;
    return s;
  }
};

// The model's instances for `ranks` ranks, their parameters written by a first launch.
struct Ranks {
  std::vector<Communicator> comms;
  std::optional<Program> program;
  std::vector<std::optional<Instance>> instances;
  samples::RankStreams streams;

  Ranks(const Model& model, int ranks) : streams(ranks) {
    std::vector<int> devices(static_cast<std::size_t>(ranks));
    std::iota(devices.begin(), devices.end(), 0);
    comms = Communicator::for_devices(devices);
    program.emplace(Program::load(
        model.path, LoadOptions{.world_size = ranks,
                                .defines = {{"B", std::to_string(model.batch)}, {"L", std::to_string(model.layers)}}}));
    instances.resize(static_cast<std::size_t>(ranks));
    graphc::on_every_rank(ranks, [&](int r) {
      Bindings bindings;
      bindings.communicator("tp", comms[static_cast<std::size_t>(r)]);
      instances[static_cast<std::size_t>(r)].emplace(program->instantiate("decode", bindings));
    });
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
  Eager(Ranks& ranks, const tp_model::Shape& shape) : handles_(static_cast<std::size_t>(ranks.size())) {
    const NcclApi& nccl = loaded_nccl_for("bench_tp_decode", "");
    for (int r = 0; r < ranks.size(); ++r) {
      check_cuda(cudaSetDevice(r), "cudaSetDevice");
      const CublasCall create{&linked_cublas(), nullptr};
      create.check(cublasCreate(&handles_[static_cast<std::size_t>(r)]), "cublasCreate");
      Instance& i = ranks[r];
      EagerRank e;
      e.shape = shape;
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

// kAllReduces in-place all-reduces of `count` bf16 over `comms`, chained, per launch; with
// `window`, x is NCCL's memory registered as a symmetric window (`comm tp [window];`), so
// NCCL runs its symmetric kernels.
std::string all_reduce_graph(std::size_t count, bool window) {
  return fmt::format(R"(graph sums {{
    comm tp{};
    buffer x : bf16[{}] device;
    for i in 0..{} {{
        collective sum[i] : nccl.all_reduce<sum>(tp, x, x);
    }}
    for i in 1..{} {{
        sum[i - 1] -> sum[i];
    }}
}}
)",
                     window ? " [window]" : "", count, kAllReduces, kAllReduces);
}

// A captured all-reduce of count bf16 against the eager call on the same memory, in us per
// all-reduce: over cudaMalloc memory, or with `window` over a symmetric window.
void all_reduce_row(const std::vector<Communicator>& comms, int batch, bool window) {
  const std::size_t count = static_cast<std::size_t>(batch) * 4096;
  const int ranks = static_cast<int>(comms.size());
  Program program = Program::from_text("sums.graph", all_reduce_graph(count, window));
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
  fmt::print("all-reduce B={} over {} ranks ({} bf16, {} in a row{}): captured in a graph {:.1f} us, eager "
             "ncclAllReduce {:.1f} us, graph / eager {:.2f}x\n",
             batch, ranks, count, kAllReduces, window ? ", symmetric window" : "", median(g), median(e),
             median(g) / median(e));
  instances.clear();
}

// What --profile and --trace ask for: TP1's profile at B = 1, printed, and its trace written.
struct ProfileRequest {
  bool print = false;
  std::string trace;
};

// The tensor-parallel world sizes a run measures: 1, 2, 4, ... up to the machine's GPUs and
// `max_tp`.
std::vector<int> world_sizes(int devices, int max_tp) {
  std::vector<int> sizes;
  for (int n = 1; n <= devices && n <= max_tp; n *= 2) sizes.push_back(n);
  return sizes;
}

void decode_rows(const Model& model, const std::vector<int>& sizes, double bandwidth, const ProfileRequest& profile) {
  std::vector<std::unique_ptr<Ranks>> tp;     // tp[i]: sizes[i] ranks
  std::vector<std::unique_ptr<Eager>> eager;  // eager[i]: over tp[i]'s memory; none for TP1
  for (const int n : sizes) {
    tp.push_back(std::make_unique<Ranks>(model, n));
    eager.push_back(n > 1 ? std::make_unique<Eager>(*tp.back(), model.shape()) : nullptr);
    if (eager.back()) time_tokens(eager.back()->way(), tp.back()->streams);  // warm-up
  }
  std::vector<std::vector<double>> graph_us(sizes.size()), eager_us(sizes.size());
  for (int round = 0; round < kRounds; ++round) {
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      graph_us[i].push_back(time_tokens(tp[i]->graph_way(), tp[i]->streams));
      if (eager[i]) eager_us[i].push_back(time_tokens(eager[i]->way(), tp[i]->streams));
    }
  }
  // The outputs: each eager way's last, then each graph's after one more round of its own.
  std::vector<std::vector<float>> eager_out(sizes.size()), graph_out(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (eager[i]) eager_out[i] = tp[i]->h_out(0);
    time_tokens(tp[i]->graph_way(), tp[i]->streams);
    graph_out[i] = tp[i]->h_out(0);
  }
  const tp_model::Shape shape = model.shape();
  const double one = median(graph_us[0]);
  fmt::print("decode B={}, {} layers ({} tokens a round, positions 0-{}, median of {} rounds):\n", model.batch,
             model.layers, kTokens, kTokens - 1, kRounds);
  bool same = true;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const int n = sizes[i];
    const double us = median(graph_us[i]);
    const double weight_bytes = 2.0 * static_cast<double>(tp_model::layer_slice_elements(shape, n)) * shape.layers;
    const double floor_us = weight_bytes / bandwidth * 1e6;
    fmt::print(
        "  graphc TP{:<3} {:9.1f} us/token {:9.0f} tokens/s   TP1 / TP{} {:.2f}x   / floor {:.2f}x (floor {:.1f} "
        "us: {:.2f} GB of weights a rank at {:.0f} GB/s)\n",
        n, us, model.batch * 1e6 / us, n, one / us, us / floor_us, floor_us, weight_bytes / 1e9, bandwidth / 1e9);
    if (!eager[i]) continue;
    const double eager_median = median(eager_us[i]);
    const samples::Comparison bits = samples::compare(eager_out[i], graph_out[i]);
    const samples::Comparison to_one = samples::compare(graph_out[i], graph_out[0]);
    fmt::print("  eager TP{:<4} {:9.1f} us/token {:9.0f} tokens/s   eager / graphc TP{} {:.2f}x\n", n, eager_median,
               model.batch * 1e6 / eager_median, n, eager_median / us);
    fmt::print("  check TP{}: eager vs graphc rel_err={:.2e} (same kernels); TP{} vs TP1 rel_err={:.2e}\n", n,
               bits.rel_err, n, to_one.rel_err);
    same = same && bits.within(1e-6) && to_one.within(2e-2);
  }
  if (!same) throw std::runtime_error("the ways' outputs differ");
  for (std::size_t i = 1; i < sizes.size(); ++i) {
    for (const bool window : {false, true}) all_reduce_row(tp[i]->comms, model.batch, window);
  }
  if (profile.print) {
    Ranks& tp1 = *tp[0];
    const Profile measured = tp1[0].profile(10, tp1.streams[0]);
    std::fputs(profile::profile_report(ir_of(*tp1.program), ir_of(tp1[0]), measured).c_str(), stdout);
    if (!profile.trace.empty()) {
      std::ofstream(profile.trace) << profile::chrome_trace(measured);
      fmt::print("trace: {}\n", profile.trace);
    }
  }
  eager.clear();  // the eager ways' cuBLAS handles, then every rank's instances and communicators
}

}  // namespace
}  // namespace graphc::bench

int main(int argc, char** argv) {
  using namespace graphc::bench;
  if (!have_device("bench_tp_decode")) return 77;
  const int devices = graphc::samples::device_count();
  if (devices < 2) {
    std::printf("bench_tp_decode: this machine has 1 GPU: TP1 only (the whole model on GPU 0), against its floor\n");
  }
  setenv("NCCL_NVLS_ENABLE", "0", 1);  // never NVLink multicast: it can take a shared host's GPUs out of service
  ProfileRequest profile;
  Model model{.path = GRAPHC_TP_DECODE_GRAPH};
  int max_tp = devices;
  bool graph_mixing = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--profile") {
      profile.print = true;
    } else if (arg == "--trace" && i + 1 < argc) {
      profile.trace = argv[++i];
    } else if (arg == "--max-tp" && i + 1 < argc) {
      max_tp = std::atoi(argv[++i]);
    } else if (arg == "--layers" && i + 1 < argc) {
      model.layers = std::atoi(argv[++i]);
    } else if (arg == "--nccl-graph-mixing") {
      graph_mixing = true;
    } else {
      model.path = arg;
    }
  }
  // Each way issues a communicator's NCCL calls only while no other way's launch is outstanding.
  if (!graph_mixing) graphc::disable_nccl_graph_mixing();
  const char* mixing = std::getenv("NCCL_GRAPH_MIXING_SUPPORT");
  std::printf("NCCL_GRAPH_MIXING_SUPPORT=%s\n", mixing != nullptr ? mixing : "unset (NCCL's default, 1)");
  const std::vector<int> sizes = world_sizes(devices, max_tp);
  if (sizes.empty() || model.layers < 1) {
    std::fprintf(stderr, "bench_tp_decode: --max-tp and --layers must be 1 or more\n");
    return 2;
  }
  try {
    graphc::check_cuda(cudaSetDevice(0), "cudaSetDevice");
    const graphc::samples::RankStreams stream(1);
    const double bandwidth = copy_bandwidth(stream[0]);
    for (const int batch : {1, 8}) {
      model.batch = batch;
      decode_rows(model, sizes, bandwidth, batch == 1 ? profile : ProfileRequest{});
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_tp_decode: %s\n", e.what());
    return 1;
  }
  return 0;
}
