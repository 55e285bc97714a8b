// One process driving one graph per rank, a rank per GPU (the tensor-parallel samples and
// benchmarks): every rank's graph is built on a thread of its own (graphc::on_every_rank);
// launches then go from one thread, every rank's before any wait, since a collective
// completes only once every rank has reached it.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "graphc/generated_support.h"

namespace graphc::samples {

/// A non-blocking stream on each of devices 0 to ranks - 1 (rank r's on device r).
class RankStreams {
 public:
  explicit RankStreams(int ranks) {
    for (int r = 0; r < ranks; ++r) {
      check_cuda(cudaSetDevice(r), "cudaSetDevice");
      cudaStream_t stream = nullptr;
      check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
      streams_.emplace_back(stream);
    }
    check_cuda(cudaSetDevice(0), "cudaSetDevice");
  }
  int size() const { return static_cast<int>(streams_.size()); }
  cudaStream_t operator[](int rank) const { return streams_[static_cast<std::size_t>(rank)].get(); }

  /// `launch(r, stream)` for every rank, then `wait(r, stream)` for every rank, each with
  /// device r current.
  template <class Launch, class Wait>
  void step(Launch launch, Wait wait) const {
    for (int r = 0; r < size(); ++r) {
      check_cuda(cudaSetDevice(r), "cudaSetDevice");
      launch(r, (*this)[r]);
    }
    for (int r = 0; r < size(); ++r) {
      check_cuda(cudaSetDevice(r), "cudaSetDevice");
      wait(r, (*this)[r]);
    }
    check_cuda(cudaSetDevice(0), "cudaSetDevice");
  }

 private:
  std::vector<StreamHandle> streams_;
};

}  // namespace graphc::samples
