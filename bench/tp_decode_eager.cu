#include "tp_decode_eager.h"

#include <stdexcept>
#include <string>

#include "graphc/generated_support.h"
#include "tp_decode/tp_decode_kernels.cu"

namespace graphc::bench {
namespace {

void check_cublas(cublasStatus_t status, const char* call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(call) + ": cuBLAS status " + std::to_string(status));
}

// C (m x n) = A^T B, A [m][k] row-major bf16 (a weight), B [n][k] (n tokens), C [n][m]: the
// graph's cublas.gemm<T, N>(m, n, k, 1.0, a, k, b, k, 0.0, c, m).
void gemm(const EagerRank& r, int m, int n, int k, const void* a, const void* b, void* c) {
  const float one = 1.0f;
  const float zero = 0.0f;
  check_cublas(cublasGemmEx(r.cublas, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &one, a, CUDA_R_16BF, k, b, CUDA_R_16BF, k,
                            &zero, c, CUDA_R_16BF, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
               "cublasGemmEx");
}

void all_reduce(const EagerRank& r, void* buffer, std::size_t count, cudaStream_t stream) {
  const ncclResult_t result = r.nccl->all_reduce(buffer, buffer, count, ncclBfloat16, ncclSum, r.comm, stream);
  if (result != ncclSuccess) throw std::runtime_error(std::string("ncclAllReduce: ") + r.nccl->error_string(result));
}

void launched(const char* kernel) { check_cuda(cudaGetLastError(), kernel); }

}  // namespace

void eager_token(const EagerRank& r, int pos, cudaStream_t stream) {
  const tp_model::Shape& s = r.shape;
  const int b = s.batch;
  const int d = s.model;
  const int hd = s.head_dim();
  const int dl = d / r.world;
  const int fl = s.hidden / r.world;
  const long long per_layer = tp_model::layer_slice_elements(s, r.world);
  const long long layer_cache = static_cast<long long>(b) * s.cache * dl;
  auto* h = static_cast<__nv_bfloat16*>(r.h);
  auto* qkv = static_cast<__nv_bfloat16*>(r.qkv);
  auto* attn = static_cast<__nv_bfloat16*>(r.attn);
  auto* partial = static_cast<__nv_bfloat16*>(r.partial);
  auto* gate_up = static_cast<__nv_bfloat16*>(r.gate_up);
  auto* act = static_cast<__nv_bfloat16*>(r.act);
  const auto* weights = static_cast<const __nv_bfloat16*>(r.weights);
  auto* k_cache = static_cast<__nv_bfloat16*>(r.k_cache);
  auto* v_cache = static_cast<__nv_bfloat16*>(r.v_cache);
  const int norm_threads = (d + 255) / 256 * 32;  // the graph's NORM_THREADS
  check_cublas(cublasSetStream(r.cublas, stream), "cublasSetStream");

  store_position<<<1, 1, 0, stream>>>(r.pos_dev, pos);
  launched("store_position");
  embed_tokens<<<b, 256, 0, stream>>>(r.x, r.pos_dev, d);
  launched("embed_tokens");
  add_rms_norm<<<b, norm_threads, 0, stream>>>(r.x, nullptr, r.gains, h, d);
  launched("add_rms_norm");
  const int attention_threads = 1024;  // as the graph's rope_attention
  const std::size_t shared = static_cast<std::size_t>(s.cache + attention_threads) * sizeof(float);
  for (int i = 0; i < s.layers; ++i) {
    const __nv_bfloat16* w = weights + i * per_layer;
    gemm(r, 3 * dl, b, d, w, h, qkv);
    rope_attention<<<dim3(dl / hd, b), attention_threads, shared, stream>>>(
        qkv, k_cache + i * layer_cache, v_cache + i * layer_cache, attn, r.pos_dev, dl, hd, s.cache);
    launched("rope_attention");
    gemm(r, d, b, dl, w + 3LL * dl * d, attn, partial);
    all_reduce(r, partial, static_cast<std::size_t>(b) * d, stream);
    add_rms_norm<<<b, norm_threads, 0, stream>>>(r.x, partial, r.gains + (2 * i + 1) * d, h, d);
    launched("add_rms_norm");
    gemm(r, 2 * fl, b, d, w + 4LL * dl * d, h, gate_up);
    silu_mul<<<dim3((fl + 255) / 256, b), 256, 0, stream>>>(gate_up, act, fl);
    launched("silu_mul");
    gemm(r, d, b, fl, w + 4LL * dl * d + 2LL * fl * d, act, partial);
    all_reduce(r, partial, static_cast<std::size_t>(b) * d, stream);
    add_rms_norm<<<b, norm_threads, 0, stream>>>(r.x, partial, r.gains + (2 * i + 2) * d, h, d);
    launched("add_rms_norm");
  }
  check_cuda(cudaMemcpyAsync(r.h_out, r.x, static_cast<std::size_t>(b) * d * sizeof(float), cudaMemcpyDeviceToHost,
                             stream),
             "cudaMemcpyAsync");
}

}  // namespace graphc::bench
