// tp_decode, runtime path: tp_decode.graph loaded at run time (graphc::Program::load, for
// the world size of the machine's GPUs and a shape given as consts) and instantiated once
// per rank, a rank per GPU of this process (graphc::Communicator::for_devices,
// ncclCommInitAll), each rank bound to its communicator; every token is one launch per rank
// with Instance::set("pos", ...) before it. Three checks:
//   h_out  the reduced model (reference.h) over every GPU against the CPU reference (double)
//   tp1    the same model on one GPU against the CPU reference
//   full   the full model (dimension 4096, 8 layers) over every GPU against itself on one
//
//   sample_tp_decode_runtime samples/tp_decode/tp_decode.graph [--print h_out]
#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdio>
#include <numeric>
#include <optional>
#include <vector>

#include "common/cuda_device.h"
#include "common/ranks.h"
#include "common/sample_main.h"
#include "graphc/communicator.h"
#include "graphc/program.h"
#include "reference.h"

namespace {

namespace ref = graphc::samples::tp_decode;
using graphc::samples::NamedBuffer;

// Rank 0's residual stream after each of ref::kSteps tokens, [step][token][feature], of the
// model of `shape` over `ranks` GPUs.
std::vector<float> decode(const std::string& path, const tp_model::Shape& shape, int ranks) {
  std::vector<int> devices(static_cast<std::size_t>(ranks));
  std::iota(devices.begin(), devices.end(), 0);
  graphc::disable_nccl_graph_mixing();  // the communicators run collectives only in the graphs
  const std::vector<graphc::Communicator> comms = graphc::Communicator::for_devices(devices);
  graphc::Program program =
      graphc::Program::load(path, graphc::LoadOptions{.world_size = ranks, .defines = ref::defines(shape)});
  std::vector<std::optional<graphc::Instance>> instances(static_cast<std::size_t>(ranks));
  graphc::on_every_rank(ranks, [&](int r) {
    graphc::Bindings bindings;
    bindings.communicator("tp", comms[static_cast<std::size_t>(r)]);
    instances[static_cast<std::size_t>(r)].emplace(program.instantiate("decode", bindings));
  });
  const graphc::samples::RankStreams streams(ranks);
  const auto* h_out = static_cast<const float*>(instances[0]->buffer("h_out"));
  const std::size_t count = instances[0]->buffer_bytes("h_out") / sizeof(float);
  std::vector<float> hidden;
  for (int pos = 0; pos < ref::kSteps; ++pos) {
    streams.step(
        [&](int r, cudaStream_t stream) {
          graphc::Instance& instance = *instances[static_cast<std::size_t>(r)];
          instance.set("pos", pos);
          instance.launch(stream);
        },
        [&](int r, cudaStream_t stream) {
          instances[static_cast<std::size_t>(r)]->synchronize(stream, std::chrono::seconds(120));
        });
    hidden.insert(hidden.end(), h_out, h_out + count);
  }
  instances.clear();  // every exec that holds a collective before its communicator
  return hidden;
}

std::vector<float> full_on_one_gpu;  // the "full" check's reference, computed by run()

std::vector<NamedBuffer> run(const graphc::samples::Options& options) {
  const int ranks = graphc::samples::device_count();
  std::printf("tp_decode: %d ranks (one per GPU)\n", ranks);
  std::vector<float> full = decode(options.positional[0], ref::kFull, ranks);
  full_on_one_gpu = decode(options.positional[0], ref::kFull, 1);
  return {{"h_out", decode(options.positional[0], ref::kReduced, ranks)},
          {"tp1", decode(options.positional[0], ref::kReduced, 1)},
          {"full", std::move(full)}};
}

}  // namespace

int main(int argc, char** argv) {
  if (graphc::samples::device_count() == 1) {
    std::printf("SKIP: tp_decode needs 2 GPUs or more; this machine has 1\n");
    return graphc::samples::sample_skip;
  }
  const auto reduced = [] { return ref::reference(ref::kReduced, ref::kSteps); };
  return graphc::samples::sample_main(
      argc, argv, "tp_decode (runtime)", 1, run,
      {{"h_out", reduced, 2e-2}, {"tp1", reduced, 2e-2}, {"full", [] { return full_on_one_gpu; }, 2e-2}});
}
