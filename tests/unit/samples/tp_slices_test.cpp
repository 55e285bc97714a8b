// samples/tp_decode/model.h's Megatron split at world sizes 1 to 8: every rank's slice of
// every weight is the part of the whole weight Megatron gives that rank (its heads' rows of
// W_q, W_k and W_v, its part of the gate's and the up projection's rows, the same columns
// of W_o and W_down), computed here from the ranges, not from model.h's index arithmetic;
// and the ranks' slices cover each whole weight exactly once. The GPU runs the same model
// at 1, 2 and 4 ranks against the CPU reference (sample.tp_decode.runtime); this is what
// holds at any world size that divides the heads and the MLP.
#include <catch2/catch.hpp>

#include <vector>

#include "tp_decode/model.h"

namespace {

// A shape every world size up to 8 divides: 8 heads of 8, an MLP of 8 x 22.
constexpr tp_model::Shape kShape{1, 64, 8, 176, 2, 16};

// Rank `rank` of `world`'s slice of `tensor`, [row][col] row-major, as Megatron splits it.
std::vector<float> megatron_slice(unsigned layer, unsigned tensor, int rank, int world) {
  const long long d = kShape.model, f = kShape.hidden;
  std::vector<float> slice;
  if (tensor == tp_model::w_qkv || tensor == tp_model::w_gate_up) {
    const long long part = tensor == tp_model::w_qkv ? d : f;  // rows of q, k, v (gate, up) each
    const int parts = tensor == tp_model::w_qkv ? 3 : 2;
    for (int p = 0; p < parts; ++p) {
      for (long long row = p * part + rank * part / world; row < p * part + (rank + 1) * part / world; ++row) {
        for (long long col = 0; col < d; ++col) slice.push_back(tp_model::weight(kShape, layer, tensor, row, col));
      }
    }
    return slice;
  }
  const long long cols = tensor == tp_model::w_o ? d : f;
  for (long long row = 0; row < d; ++row) {
    for (long long col = rank * cols / world; col < (rank + 1) * cols / world; ++col) {
      slice.push_back(tp_model::weight(kShape, layer, tensor, row, col));
    }
  }
  return slice;
}

}  // namespace

TEST_CASE("tp_decode's slices are Megatron's at every world size from 1 to 8") {
  for (const int world : {1, 2, 4, 8}) {
    CAPTURE(world);
    for (unsigned layer = 0; layer < static_cast<unsigned>(kShape.layers); ++layer) {
      long long whole = 0;  // the elements of the layer's whole weights the ranks hold between them
      for (int rank = 0; rank < world; ++rank) {
        CAPTURE(layer, rank);
        std::vector<float> expected;
        for (unsigned t = 0; t < tp_model::tensor_count; ++t) {
          const std::vector<float> slice = megatron_slice(layer, t, rank, world);
          expected.insert(expected.end(), slice.begin(), slice.end());
        }
        REQUIRE(static_cast<long long>(expected.size()) == tp_model::layer_slice_elements(kShape, world));
        for (long long i = 0; i < static_cast<long long>(expected.size()); ++i) {
          if (tp_model::slice_weight(kShape, layer, rank, world, i) != expected[static_cast<std::size_t>(i)]) {
            FAIL("element " << i << " of the rank's slices is not Megatron's");
          }
        }
        whole += static_cast<long long>(expected.size());
      }
      REQUIRE(whole == tp_model::layer_slice_elements(kShape, 1));
    }
  }
}

TEST_CASE("a rank's slices at world size 1 are the whole weights") {
  for (unsigned t = 0; t < tp_model::tensor_count; ++t) {
    long long rows = 0, cols = 0, slice_rows = 0, slice_cols = 0;
    tp_model::whole_size(kShape, t, rows, cols);
    tp_model::slice_size(kShape, t, 1, slice_rows, slice_cols);
    CHECK(rows == slice_rows);
    CHECK(cols == slice_cols);
  }
}
