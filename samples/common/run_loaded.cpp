#include "common/run_loaded.h"

#include <cuda_runtime_api.h>

#include "graphc/generated_support.h"
#include "graphc/program.h"

namespace graphc::samples {

std::vector<NamedBuffer> run_loaded(const std::string& path, std::string_view graph,
                                    const std::vector<std::string>& host_buffers) {
  Program program = Program::load(path);
  Instance instance = program.instantiate(graph);
  instance.launch();
  check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  std::vector<NamedBuffer> outputs;
  for (const std::string& name : host_buffers) {
    // A host buffer is pinned host memory: the graph's download copy has filled it.
    const auto* data = static_cast<const float*>(instance.buffer(name));
    const std::size_t count = instance.buffer_bytes(name) / sizeof(float);
    outputs.push_back({name, std::vector<float>(data, data + count)});
  }
  return outputs;
}

}  // namespace graphc::samples
