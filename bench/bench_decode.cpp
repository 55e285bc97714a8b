// bench_decode: samples/transformer_decode, a GPT-2-small-shaped decoder decoding one token per
// batch member per step, f32, at batch B = 1, 4, 8, 16. Per B, the same token steps on the
// same memory, four ways:
//   graphc     the decode graph: Instance::set("pos", p) (one kernel node), then launch;
//   stream     the same kernels and cuBLAS GEMMs launched on a stream, no graph;
//   recapture  the stream's launches captured again each token, cudaGraphExecUpdate of one
//              exec, then its launch (the update-per-step workflow graphs have without
//              capture nodes);
// each `kSteps` tokens submitted back to back and timed with CUDA events, median of 5
// rounds with the ways taking turns. Printed: us/token and tokens/s per way, the ratios the
// issue names (stream / graphc, recapture / graphc), Instance::set's host time, and graphc
// against the memory-bound floor: the parameters' bytes over the device's copy bandwidth,
// measured here. Each way's last token is checked against graphc's (the same numbers).
// Then graphc's bf16 decoder (transformer_decode_bf16.graph: bf16 data, cuBLASLt matmuls
// with bias and GELU epilogues) the same way, against its own floor (half the bytes), with
// each matmul's algorithm the heuristic's first, and again timed at instantiate
// (LoadOptions::tune_matmuls, `graphc --tune-matmuls`): the tuning's saving, in one process.
// PyTorch's eager, CUDA-graph and torch.compile figures for the same math, f32 and bf16, with
// graphc's in the same process: bench/torch_decode.py.
//   build/bench/bench_decode [path/to/transformer_decode.graph [path/to/transformer_decode_bf16.graph]]
#include <cuda_runtime_api.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bandwidth.h"
#include "decode_stream.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "timing.h"

namespace graphc::bench {
namespace {

constexpr int kSteps = 64;  // tokens per timed round (positions 0 .. 63)
constexpr int kRounds = 5;
constexpr double kParameterBytes = 12.0 * 7087872 * 4;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The sample's text with its batch (`const B = 4;` in every graph) set to `batch`.
std::string with_batch(std::string text, int batch) {
  const std::string from = "const B = 4;";
  const std::string to = fmt::format("const B = {};", batch);
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// Microseconds per token of `kSteps` tokens that `submit(pos)` submits on `stream`.
template <class Submit>
double us_per_token(cudaStream_t stream, Submit submit) {
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  check_cuda(cudaEventRecord(start, stream), "cudaEventRecord");
  for (int pos = 0; pos < kSteps; ++pos) submit(pos);
  check_cuda(cudaEventRecord(stop, stream), "cudaEventRecord");
  check_cuda(cudaEventSynchronize(stop), "cudaEventSynchronize");
  float ms = 0;
  check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms * 1e3 / kSteps;
}

std::vector<float> last_token(const DecodeMemory& memory, int batch, cudaStream_t stream) {
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  return {memory.h_out, memory.h_out + static_cast<std::size_t>(batch) * 768};
}

double max_difference(const std::vector<float>& a, const std::vector<float>& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(static_cast<double>(a[i]) - b[i]));
  return worst;
}

struct Row {
  int batch = 0;
  double graphc = 0, stream = 0, recapture = 0, set_us = 0;
  double stream_diff = 0, recapture_diff = 0;
};

Row measure(const std::string& path, const std::string& text, int batch, cudaStream_t stream) {
  // The sample's path: its module resolves from there.
  Program program = Program::from_text(path, with_batch(text, batch));
  Instance instance = program.instantiate("decode", Bindings{}, stream);
  const auto pointer = [&](const char* name) { return instance.buffer(name); };
  DecodeMemory memory;
  memory.x = static_cast<float*>(pointer("x"));
  memory.scratch = static_cast<float*>(pointer("scratch"));
  memory.zero_bias = static_cast<float*>(pointer("zero_bias"));
  memory.k_cache = static_cast<float*>(pointer("k_cache"));
  memory.v_cache = static_cast<float*>(pointer("v_cache"));
  memory.parameters = static_cast<float*>(pointer("parameters"));
  memory.initialized = static_cast<int*>(pointer("initialized"));
  memory.pos_dev = static_cast<int*>(pointer("pos_dev"));
  memory.h_out = static_cast<float*>(pointer("h_out"));
  DecodeStream direct;

  // Recapture: one exec, updated from a fresh capture of the stream's launches per token.
  cudaGraphExec_t recaptured = nullptr;
  const auto recapture_token = [&](int pos) {
    cudaGraph_t graph = nullptr;
    check_cuda(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal), "cudaStreamBeginCapture");
    direct.step(memory, batch, pos, stream);
    check_cuda(cudaStreamEndCapture(stream, &graph), "cudaStreamEndCapture");
    if (recaptured == nullptr) {
      check_cuda(cudaGraphInstantiate(&recaptured, graph, 0), "cudaGraphInstantiate");
    } else {
      cudaGraphExecUpdateResultInfo info{};
      check_cuda(cudaGraphExecUpdate(recaptured, graph, &info), "cudaGraphExecUpdate");
    }
    check_cuda(cudaGraphLaunch(recaptured, stream), "cudaGraphLaunch");
    check_cuda(cudaGraphDestroy(graph), "cudaGraphDestroy");
  };
  const auto graphc_token = [&](int pos) {
    instance.set("pos", pos);
    instance.launch(stream);
  };
  const auto stream_token = [&](int pos) { direct.step(memory, batch, pos, stream); };

  // The first launch writes the parameters; then one warm-up round each.
  instance.launch(stream);
  us_per_token(stream, graphc_token);
  us_per_token(stream, stream_token);
  us_per_token(stream, recapture_token);

  Row row;
  row.batch = batch;
  std::vector<double> g, s, r;
  std::vector<float> reference, from_stream, from_recapture;
  for (int round = 0; round < kRounds; ++round) {
    g.push_back(us_per_token(stream, graphc_token));
    reference = last_token(memory, batch, stream);
    s.push_back(us_per_token(stream, stream_token));
    from_stream = last_token(memory, batch, stream);
    r.push_back(us_per_token(stream, recapture_token));
    from_recapture = last_token(memory, batch, stream);
  }
  row.graphc = median(g);
  row.stream = median(s);
  row.recapture = median(r);
  row.stream_diff = max_difference(reference, from_stream);
  row.recapture_diff = max_difference(reference, from_recapture);
  // Instance::set alone, on the host.
  const Clock::time_point start = Clock::now();
  for (int i = 0; i < 1000; ++i) instance.set("pos", i % 1024);
  row.set_us = us_since(start) / 1000;
  check_cuda(cudaGraphExecDestroy(recaptured), "cudaGraphExecDestroy");
  return row;
}

// us/token of the bf16 decoder (transformer_decode_bf16.graph) at `batch`, graphc's way, its
// matmuls' algorithms timed at instantiate when `tune`: the median of kRounds rounds after a
// warm-up one.
double measure_bf16(const std::string& path, const std::string& text, int batch, cudaStream_t stream, bool tune) {
  Program program = Program::from_text(path, with_batch(text, batch), LoadOptions{.tune_matmuls = tune});
  Instance instance = program.instantiate("decode", Bindings{}, stream);
  const auto token = [&](int pos) {
    instance.set("pos", pos);
    instance.launch(stream);
  };
  instance.launch(stream);  // writes the parameters
  us_per_token(stream, token);
  std::vector<double> times;
  for (int round = 0; round < kRounds; ++round) times.push_back(us_per_token(stream, token));
  return median(times);
}

int run(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : GRAPHC_DECODE_GRAPH;
  const std::string text = read_file(path);
  const std::string bf16_path = argc > 2 ? argv[2] : GRAPHC_DECODE_BF16_GRAPH;
  const std::string bf16_text = read_file(bf16_path);
  cudaStream_t stream = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  const double bandwidth = copy_bandwidth(stream);
  const double floor_us = kParameterBytes / bandwidth * 1e6;
  std::printf("bench_decode: transformer_decode (12 layers, D 768, MLP 3072, f32), %d tokens per round, median of "
              "%d rounds\n",
              kSteps, kRounds);
  const double floor_bf16_us = floor_us / 2;  // the same parameters in 2 bytes each
  std::printf("copy bandwidth %.0f GB/s: the parameters (%.0f MB) once per token take %.1f us (the floor); "
              "in bf16 (transformer_decode_bf16.graph) %.1f us\n",
              bandwidth / 1e9, kParameterBytes / 1e6, floor_us, floor_bf16_us);
  std::printf("%4s | %10s %10s %10s | %10s %10s | %10s %10s | %8s | %9s | %10s %10s %10s | %10s %10s | %s\n", "B",
              "graphc", "stream", "recapture", "stream/g", "recap/g", "g tok/s", "floor/g", "set us", "max diff",
              "g bf16", "g/g bf16", "floor/bf16", "bf16 tuned", "heur/tuned", "(us/token)");
  bool same = true;
  for (const int batch : {1, 4, 8, 16}) {
    const Row r = measure(path, text, batch, stream);
    const double bf16 = measure_bf16(bf16_path, bf16_text, batch, stream, false);
    const double tuned = measure_bf16(bf16_path, bf16_text, batch, stream, true);
    const double diff = std::max(r.stream_diff, r.recapture_diff);
    same = same && diff <= 1e-3;
    std::printf(
        "%4d | %10.1f %10.1f %10.1f | %10.2f %10.2f | %10.0f %10.2f | %8.2f | %9.2e | %10.1f %10.2f %10.2f | %10.1f "
        "%10.2f |\n",
        r.batch, r.graphc, r.stream, r.recapture, r.stream / r.graphc, r.recapture / r.graphc, r.batch * 1e6 / r.graphc,
        floor_us / r.graphc, r.set_us, diff, bf16, r.graphc / bf16, floor_bf16_us / bf16, tuned, bf16 / tuned);
  }
  cudaStreamDestroy(stream);
  if (!same) {
    std::printf("MISMATCH: a way's last token differs from graphc's by more than 1e-3\n");
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace graphc::bench

int main(int argc, char** argv) {
  try {
    return graphc::bench::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_decode: %s\n", e.what());
    return 1;
  }
}
