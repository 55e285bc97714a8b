#include "tp_decode_eager.h"

#include "graphc/cublas_ops.h"
#include "graphc/generated_support.h"
#include "graphc/nccl_ops.h"
#include "linear_gemm.h"
#include "tp_decode/tp_decode_kernels.cu"

namespace graphc::bench {
namespace {

// y = W x of a linear layer: W [out][in] bf16, `tokens` tokens (linear_gemm.h), through the
// call the capture nodes make.
void gemm(const CublasCall& cublas, int out, int in, int tokens, const void* w, const void* x, void* y) {
  cublas_gemm(cublas, CUDA_R_16BF, linear_gemm(out, in, tokens), 1.0f, w, x, 0.0f, y);
}

// An in-place sum of `count` bf16 over the rank's communicator: the collective nodes' call.
void all_reduce(const EagerRank& r, void* buffer, std::size_t count, cudaStream_t stream) {
  run_collective(*r.nccl, CollectiveCall{Collective::all_reduce, buffer, buffer, count, ncclBfloat16, ncclSum, 0},
                 r.comm, stream);
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
  const CublasCall cublas{&linked_cublas(), r.cublas};
  cublas.check(cublasSetStream(cublas.handle, stream), "cublasSetStream");

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
    gemm(cublas, 3 * dl, d, b, w, h, qkv);
    rope_attention<<<dim3(dl / hd, b), attention_threads, shared, stream>>>(
        qkv, k_cache + i * layer_cache, v_cache + i * layer_cache, attn, r.pos_dev, dl, hd, s.cache);
    launched("rope_attention");
    gemm(cublas, d, dl, b, w + 3LL * dl * d, attn, partial);
    all_reduce(r, partial, static_cast<std::size_t>(b) * d, stream);
    add_rms_norm<<<b, norm_threads, 0, stream>>>(r.x, partial, r.gains + (2 * i + 1) * d, h, d);
    launched("add_rms_norm");
    gemm(cublas, 2 * fl, d, b, w + 4LL * dl * d, h, gate_up);
    silu_mul<<<dim3((fl + 255) / 256, b), 256, 0, stream>>>(gate_up, act, fl);
    launched("silu_mul");
    gemm(cublas, d, fl, b, w + 4LL * dl * d + 2LL * fl * d, act, partial);
    all_reduce(r, partial, static_cast<std::size_t>(b) * d, stream);
    add_rms_norm<<<b, norm_threads, 0, stream>>>(r.x, partial, r.gains + (2 * i + 2) * d, h, d);
    launched("add_rms_norm");
  }
  check_cuda(cudaMemcpyAsync(r.h_out, r.x, static_cast<std::size_t>(b) * d * sizeof(float), cudaMemcpyDeviceToHost,
                             stream),
             "cudaMemcpyAsync");
}

}  // namespace graphc::bench
