#include "decode_stream.h"

#include <cublas_v2.h>

#include <stdexcept>
#include <string>

#include "graphc/cublas_ops.h"
#include "linear_gemm.h"
#include "transformer_decode/transformer_decode_kernels.cu"

namespace graphc::bench {
namespace {

using namespace decode_model;

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

int blocks(int n) { return (n + 255) / 256; }

cublasHandle_t handle_of(void* handle) { return static_cast<cublasHandle_t>(handle); }

}  // namespace

DecodeStream::DecodeStream() {
  cublasHandle_t handle = nullptr;
  const CublasCall cublas{&linked_cublas(), nullptr};
  cublas.check(cublasCreate(&handle), "cublasCreate");
  handle_ = handle;
  check(cudaMalloc(&workspace_, kCublasWorkspaceBytes), "cudaMalloc");
}

DecodeStream::~DecodeStream() {
  cublasDestroy(handle_of(handle_));
  cudaFree(workspace_);
}

void DecodeStream::step(const DecodeMemory& m, int batch, int pos, cudaStream_t stream) {
  const int d = kModel;
  const int f = kHidden;
  const long long cache = static_cast<long long>(batch) * kPositions * d;
  const CublasCall cublas{&linked_cublas(), handle_of(handle_)};
  cublas.check(cublasSetStream(cublas.handle, stream), "cublasSetStream");
  cublas.check(cublasSetWorkspace(cublas.handle, workspace_, kCublasWorkspaceBytes), "cublasSetWorkspace");
  // y (out x batch) = W (stored [out][in]) x (in x batch) + beta y.
  const auto gemm = [&](int out, int in, const float* w, const float* x, float beta, float* y) {
    cublas_gemm(cublas, CUDA_R_32F, linear_gemm(out, in, batch), 1.0f, w, x, beta, y);
  };
  float* h = m.scratch;
  float* qkv = m.scratch + batch * d;
  float* attn = m.scratch + 4 * batch * d;
  float* u = m.scratch + 5 * batch * d;
  init_parameters<<<1056, 256, 0, stream>>>(m.parameters, m.initialized, kLayers * kLayerParameters);
  mark_initialized<<<1, 1, 0, stream>>>(m.initialized);
  store_position<<<1, 1, 0, stream>>>(m.pos_dev, pos);
  embed_tokens<<<batch, 256, 0, stream>>>(m.x, m.pos_dev, d);
  const float* carry = m.zero_bias;  // the bias the last GEMM into x left for the next norm
  for (int l = 0; l < kLayers; ++l) {
    const float* w = m.parameters + l * kLayerParameters;
    float* k_cache = m.k_cache + l * cache;
    float* v_cache = m.v_cache + l * cache;
    // clang-format 14 aligns the arguments after `>>>(` one column short:
    // clang-format off
    add_bias_layer_norm<<<batch, 256, 0, stream>>>(m.x, carry, w + tensor_offset(ln1_g), w + tensor_offset(ln1_b), h,
                                                    d);
    gemm(3 * d, d, w + tensor_offset(w_qkv), h, 0.0f, qkv);
    attention<<<dim3(kHeads, batch), 256, kPositions * sizeof(float), stream>>>(
        qkv, w + tensor_offset(b_qkv), k_cache, v_cache, attn, m.pos_dev, kPositions, d, kHeadDim);
    gemm(d, d, w + tensor_offset(w_o), attn, 1.0f, m.x);
    add_bias_layer_norm<<<batch, 256, 0, stream>>>(m.x, w + tensor_offset(b_o), w + tensor_offset(ln2_g),
                                                    w + tensor_offset(ln2_b), h, d);
    // clang-format on
    gemm(f, d, w + tensor_offset(w_1), h, 0.0f, u);
    bias_gelu<<<dim3(blocks(f), batch), 256, 0, stream>>>(u, w + tensor_offset(b_1), f);
    gemm(d, f, w + tensor_offset(w_2), u, 1.0f, m.x);
    carry = w + tensor_offset(b_2);
  }
  add_bias<<<dim3(blocks(d), batch), 256, 0, stream>>>(m.x, carry, d);
  check(cudaMemcpyAsync(m.h_out, m.x, static_cast<std::size_t>(batch) * d * sizeof(float), cudaMemcpyDeviceToHost,
                        stream),
        "cudaMemcpyAsync");
  check(cudaGetLastError(), "a kernel launch");
}

}  // namespace graphc::bench
