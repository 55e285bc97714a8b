// The host side of cuBLASLt matmul plans (graphc/cublaslt_ops.h), with no GPU: a fake
// cuBLASLt records what it is given. A plan's descriptor carries the transposes, the
// epilogue and the bias; its layouts the matrices as stored; its preference the workspace
// bound and the operands' alignment; each call passes the heuristic's algorithm and the
// current memory. A plan whose making fails (no algorithm) is R0001 and frees what it made.
// A timed plan (MatmulTuning::timed) asks for kMatmulCandidates algorithms and makes one
// choice per shape and beta (zero or not); the timing itself runs on the GPU (matmul_test.cpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "graphc/cublaslt_ops.h"
#include "graphc/error.h"

namespace graphc {
namespace {

// What the fake cuBLASLt saw.
struct LtLog {
  int handles = 0, descs = 0, layouts = 0, preferences = 0;  // alive
  std::map<int, std::uint64_t> desc;                         // attribute -> its value (as stored)
  std::map<int, std::uint64_t> preference;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> layout_shapes;  // rows, cols
  int algorithms = 1;                                                  // the heuristic finds this many
  int heuristics = 0;                                                  // calls of the heuristic
  int requested = 0;                                                   // algorithms the last one asked for
  int calls = 0;
  const void* a = nullptr;
  const void* d = nullptr;
  std::uint64_t algo_word = 0;
};
LtLog lt;

template <class T>
T* fake(std::uintptr_t value) {
  return reinterpret_cast<T*>(value);
}

CublasLtApi fake_cublaslt() {
  CublasLtApi api{};
  api.create = [](cublasLtHandle_t* h) {
    ++lt.handles;
    *h = fake<cublasLtContext>(0x10);
    return CUBLAS_STATUS_SUCCESS;
  };
  api.destroy = [](cublasLtHandle_t) {
    --lt.handles;
    return CUBLAS_STATUS_SUCCESS;
  };
  api.desc_create = [](cublasLtMatmulDesc_t* d, cublasComputeType_t, cudaDataType_t) {
    ++lt.descs;
    *d = fake<cublasLtMatmulDescOpaque_t>(0x20);
    return CUBLAS_STATUS_SUCCESS;
  };
  api.desc_destroy = [](cublasLtMatmulDesc_t) {
    --lt.descs;
    return CUBLAS_STATUS_SUCCESS;
  };
  api.desc_set_attribute = [](cublasLtMatmulDesc_t, cublasLtMatmulDescAttributes_t attribute, const void* value,
                              std::size_t bytes) {
    std::uint64_t stored = 0;
    std::memcpy(&stored, value, std::min(bytes, sizeof(stored)));
    lt.desc[attribute] = stored;
    return CUBLAS_STATUS_SUCCESS;
  };
  api.layout_create = [](cublasLtMatrixLayout_t* l, cudaDataType, std::uint64_t rows, std::uint64_t cols,
                         std::int64_t) {
    ++lt.layouts;
    lt.layout_shapes.emplace_back(rows, cols);
    *l = fake<cublasLtMatrixLayoutOpaque_t>(0x30);
    return CUBLAS_STATUS_SUCCESS;
  };
  api.layout_destroy = [](cublasLtMatrixLayout_t) {
    --lt.layouts;
    return CUBLAS_STATUS_SUCCESS;
  };
  api.preference_create = [](cublasLtMatmulPreference_t* p) {
    ++lt.preferences;
    *p = fake<cublasLtMatmulPreferenceOpaque_t>(0x40);
    return CUBLAS_STATUS_SUCCESS;
  };
  api.preference_destroy = [](cublasLtMatmulPreference_t) {
    --lt.preferences;
    return CUBLAS_STATUS_SUCCESS;
  };
  api.preference_set_attribute = [](cublasLtMatmulPreference_t, cublasLtMatmulPreferenceAttributes_t attribute,
                                    const void* value, std::size_t bytes) {
    std::uint64_t stored = 0;
    std::memcpy(&stored, value, std::min(bytes, sizeof(stored)));
    lt.preference[attribute] = stored;
    return CUBLAS_STATUS_SUCCESS;
  };
  api.heuristic = [](cublasLtHandle_t, cublasLtMatmulDesc_t, cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                     cublasLtMatrixLayout_t, cublasLtMatrixLayout_t, cublasLtMatmulPreference_t, int requested,
                     cublasLtMatmulHeuristicResult_t* result, int* found) {
    ++lt.heuristics;
    lt.requested = requested;
    *found = lt.algorithms;
    result->algo.data[0] = 0x5eed;
    result->workspaceSize = 0;  // no cudaMalloc without a GPU
    return CUBLAS_STATUS_SUCCESS;
  };
  api.matmul = [](cublasLtHandle_t, cublasLtMatmulDesc_t, const void*, const void* a, cublasLtMatrixLayout_t,
                  const void*, cublasLtMatrixLayout_t, const void*, const void*, cublasLtMatrixLayout_t, void* d,
                  cublasLtMatrixLayout_t, const cublasLtMatmulAlgo_t* algo, void*, std::size_t, cudaStream_t) {
    ++lt.calls;
    lt.a = a;
    lt.d = d;
    lt.algo_word = algo->data[0];
    return CUBLAS_STATUS_SUCCESS;
  };
  api.status_name = [](cublasStatus_t) { return "CUBLAS_STATUS_NOT_SUPPORTED"; };
  api.status_string = [](cublasStatus_t) { return "the functionality requested is not supported"; };
  return api;
}

TEST_CASE("a matmul plan describes its shape and epilogue, and each call its current memory", "[runtime]") {
  lt = LtLog{};
  const CublasLtApi api = fake_cublaslt();
  alignas(256) static float a1[4], b1[4], c1[4], bias1[4], a2[4], bias2[4];
  {
    CublasLtLibrary library;
    GemmShape shape;
    shape.transpose_a = true;  // A stored k x m
    shape.m = 48;
    shape.n = 8;
    shape.k = 64;
    shape.lda = 64;
    shape.ldb = 64;
    shape.ldc = 48;
    const std::size_t plan = library.add_matmul(api, CUDA_R_16BF, shape, MatmulEpilogue::bias_gelu,
                                                MatmulOperands{a1, b1, c1, bias1}, "up", "g:1:1");
    CHECK(plan == 0);
    CHECK(lt.desc[CUBLASLT_MATMUL_DESC_TRANSA] == CUBLAS_OP_T);
    CHECK(lt.desc[CUBLASLT_MATMUL_DESC_TRANSB] == CUBLAS_OP_N);
    CHECK(lt.desc[CUBLASLT_MATMUL_DESC_EPILOGUE] == CUBLASLT_EPILOGUE_GELU_BIAS);
    CHECK(lt.desc[CUBLASLT_MATMUL_DESC_BIAS_POINTER] == reinterpret_cast<std::uintptr_t>(bias1));
    const std::vector<std::pair<std::uint64_t, std::uint64_t>> stored{{64, 48}, {64, 8}, {48, 8}};
    CHECK(lt.layout_shapes == stored);
    CHECK(lt.preference[CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES] == kCublasWorkspaceBytes);
    CHECK(lt.preference[CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES] == 256);

    library.matmul(nullptr, plan, 1.0f, MatmulOperands{a2, b1, c1, bias2}, 0.0f);
    CHECK(lt.calls == 1);
    CHECK((lt.a == a2 && lt.d == c1));  // D is C
    CHECK(lt.desc[CUBLASLT_MATMUL_DESC_BIAS_POINTER] == reinterpret_cast<std::uintptr_t>(bias2));
    CHECK(lt.algo_word == 0x5eed);  // the heuristic's algorithm, chosen once

    // Memory less aligned than the plan was chosen for is refused, not passed to cuBLASLt.
    CHECK_THROWS_WITH(library.matmul(nullptr, plan, 1.0f, MatmulOperands{a2 + 1, b1, c1, bias2}, 0.0f),
                      Catch::Contains("aligned to 4 bytes"));
    CHECK(lt.calls == 1);
  }
  CHECK((lt.handles == 0 && lt.descs == 0 && lt.layouts == 0 && lt.preferences == 0));  // all freed
}

TEST_CASE("a matmul with an offset operand is planned for that operand's alignment", "[runtime]") {
  lt = LtLog{};
  const CublasLtApi api = fake_cublaslt();
  alignas(256) static float c[64];
  CublasLtLibrary library;
  (void)library.add_matmul(api, CUDA_R_32F, GemmShape{false, false, 4, 4, 4, 4, 4, 4}, MatmulEpilogue::relu,
                           MatmulOperands{c, c, c + 4, nullptr}, "relu", "g:2:1");
  CHECK(lt.preference[CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES] == 16);  // c + 4 floats
  CHECK(lt.desc[CUBLASLT_MATMUL_DESC_EPILOGUE] == CUBLASLT_EPILOGUE_RELU);
  CHECK(lt.desc.count(CUBLASLT_MATMUL_DESC_BIAS_POINTER) == 0);
}

TEST_CASE("a timed matmul plan asks for every candidate, and plans of one shape share one choice", "[runtime]") {
  lt = LtLog{};
  const CublasLtApi api = fake_cublaslt();
  alignas(256) static float a[64], b[64], c[64];
  CublasLtLibrary library;
  const GemmShape shape{false, false, 4, 4, 4, 4, 4, 4};
  const MatmulOperands operands{a, b, c, nullptr};
  (void)library.add_matmul(api, CUDA_R_32F, shape, MatmulEpilogue::none, operands, "l0", "g:3:1", MatmulTuning::timed);
  CHECK(lt.heuristics == 1);
  CHECK(lt.requested == kMatmulCandidates);
  CHECK(lt.calls == 0);  // one candidate: nothing to time
  const std::size_t again =
      library.add_matmul(api, CUDA_R_32F, shape, MatmulEpilogue::none, operands, "l1", "g:4:1", MatmulTuning::timed);
  CHECK(lt.heuristics == 1);  // the first plan's choice
  library.matmul(nullptr, again, 1.0f, operands, 0.0f);
  CHECK(lt.algo_word == 0x5eed);
  (void)library.add_matmul(api, CUDA_R_32F, GemmShape{false, false, 8, 4, 4, 8, 4, 8}, MatmulEpilogue::none, operands,
                           "wide", "g:5:1", MatmulTuning::timed);
  CHECK(lt.heuristics == 2);  // another shape, another choice
  (void)library.add_matmul(api, CUDA_R_32F, shape, MatmulEpilogue::none, operands, "residual", "g:7:1",
                           MatmulTuning::timed, 1.0f);
  CHECK(lt.heuristics == 3);  // C read (beta = 1): timed anew
  (void)library.add_matmul(api, CUDA_R_32F, shape, MatmulEpilogue::none, operands, "half", "g:8:1", MatmulTuning::timed,
                           0.5f);
  CHECK(lt.heuristics == 3);  // C read as well: the beta = 1 plan's choice
  (void)library.add_matmul(api, CUDA_R_32F, shape, MatmulEpilogue::none, operands, "plain", "g:6:1");
  CHECK(lt.requested == 1);  // untimed: the heuristic's first
}

TEST_CASE("a matmul no algorithm fits is R0001 naming the node, and frees what it made", "[runtime]") {
  lt = LtLog{};
  lt.algorithms = 0;
  const CublasLtApi api = fake_cublaslt();
  {
    CublasLtLibrary library;
    try {
      (void)library.add_matmul(api, CUDA_R_16F, GemmShape{false, false, 8, 8, 8, 8, 8, 8}, MatmulEpilogue::none,
                               MatmulOperands{}, "mm", "decode.graph:7:5");
      FAIL("add_matmul did not throw");
    } catch (const Error& e) {
      CHECK(e.code() == "R0001");
      const std::string text = e.what();
      CHECK(text.find("decode.graph:7:5") != std::string::npos);
      CHECK(text.find("'mm'") != std::string::npos);
      CHECK(text.find("cublasLtMatmulAlgoGetHeuristic (no algorithm)") != std::string::npos);
    }
    CHECK(lt.layouts == 3);  // made before the failure, held until the library goes
  }
  CHECK((lt.handles == 0 && lt.descs == 0 && lt.layouts == 0 && lt.preferences == 0));
}

}  // namespace
}  // namespace graphc
