// tp_decode, generated path: the graph built by the C++ that `graphc compile` wrote from
// tp_decode.graph for 2 ranks and the reduced model (samples/CMakeLists.txt: --world-size 2
// and reference.h's kReduced as -D), one Graph per rank, a rank per GPU of this process
// (graphc::Communicator::for_devices; GPUs 0 and 1 where the machine has more), each
// launched once per token with set_pos() before it; rank 0's residual stream of every step
// checked against the CPU reference.
//
//   sample_tp_decode_generated [--print h_out]
#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <span>
#include <vector>

#include "common/cuda_device.h"
#include "common/ranks.h"
#include "common/sample_main.h"
#include "graphc/communicator.h"
#include "reference.h"
#include "tp_decode.graph.h"

namespace {

namespace gen = graphc::gen::decode;
namespace ref = graphc::samples::tp_decode;
using graphc::samples::NamedBuffer;

constexpr int kRanks = 2;  // the world size the code is compiled for

std::vector<NamedBuffer> run(const graphc::samples::Options&) {
  graphc::disable_nccl_graph_mixing();  // the communicators run collectives only in the graphs
  const std::vector<graphc::Communicator> comms = graphc::Communicator::for_devices({0, 1});
  std::vector<std::unique_ptr<gen::Graph>> graphs(kRanks);
  graphc::on_every_rank(kRanks, [&](int r) {
    graphs[static_cast<std::size_t>(r)] =
        std::make_unique<gen::Graph>([&](gen::Bindings& b) { b.tp = comms[static_cast<std::size_t>(r)].get(); });
  });
  const graphc::samples::RankStreams streams(kRanks);
  // h_out is pinned host memory: the download node has copied the step's result into it.
  const std::span<const float> h_out(graphs[0]->bindings().h_out, gen::h_out_count);
  std::vector<float> hidden;
  for (int pos = 0; pos < ref::kSteps; ++pos) {
    streams.step(
        [&](int r, cudaStream_t stream) {
          gen::Graph& graph = *graphs[static_cast<std::size_t>(r)];
          graph.set_pos(pos);
          graph.launch(stream);
        },
        [&](int r, cudaStream_t stream) {
          graphs[static_cast<std::size_t>(r)]->synchronize(stream, std::chrono::seconds(120));
        });
    hidden.insert(hidden.end(), h_out.begin(), h_out.end());
  }
  graphs.clear();  // every exec that holds a collective before its communicator
  return {{"h_out", hidden}};
}

}  // namespace

int main(int argc, char** argv) {
  if (const int devices = graphc::samples::device_count(); devices > 0 && devices < kRanks) {
    std::printf("SKIP: this tp_decode is compiled for %d ranks, one per GPU; this machine has %d\n", kRanks, devices);
    return graphc::samples::sample_skip;
  }
  return graphc::samples::sample_main(argc, argv, "tp_decode (generated)", 0, run,
                                      {"h_out", [] { return ref::reference(ref::kReduced, ref::kSteps); }, 2e-2});
}
