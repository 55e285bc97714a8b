// Copies and memsets of pitched memory in CUDA's terms: what a memcpy node of a box takes
// (cudaMemcpy3DParms: a pitched pointer and a position for each side, one extent) and where
// a memset of a box starts, computed once from the IR so that the runtime and the C++ back
// end build the same node.
#pragma once

#include <cstdint>
#include <optional>

#include "ir/graph.h"

namespace graphc::ir {

/// One side of a box copy, as cudaMemcpy3DParms takes it. A 2-D or 3-D buffer is its whole
/// memory (its pitch known at run time) and the box's corner as a position; a 1-D buffer
/// (flat) is the slice's memory seen as dense rows of the box's width, from position 0.
struct PitchedSide {
  BufferId buffer;
  bool flat = false;         // a 1-D buffer: rows of the box's width, `pitch` bytes apart
  std::uint64_t offset = 0;  // flat: the slice's first element (the pointer is the buffer's + offset)
  std::uint64_t pitch = 0;   // flat: bytes of one row of the box; else the buffer's pitch, at run time
  std::uint64_t xsize = 0;   // cudaPitchedPtr::xsize: bytes of a row's elements
  std::uint64_t ysize = 0;   // cudaPitchedPtr::ysize: rows of one slice
  std::uint64_t x = 0;       // cudaPos: x in bytes, y in rows, z in slices
  std::uint64_t y = 0;
  std::uint64_t z = 0;
};

/// A memcpy node between boxes (cudaMemcpy3DParms): both sides and the extent (width in
/// bytes, height in rows, depth in slices).
struct PitchedCopy {
  PitchedSide src;
  PitchedSide dst;
  std::uint64_t width_bytes = 0;
  std::uint64_t height = 0;
  std::uint64_t depth = 1;
};

/// Whether a copy moves a box: either side is a 2-D or 3-D buffer.
bool is_box_copy(const Graph& graph, const CopyNode& copy);

/// A resolved box copy's parameters; nullopt for a 1-D copy (a row of bytes_value bytes).
std::optional<PitchedCopy> pitched_copy(const Graph& graph, const CopyNode& copy);

/// The row a resolved box starts at in its buffer's pitched memory: its first slice's rows
/// come after those of the slices before it (z * rows + row).
std::uint64_t first_row(const Graph& graph, const BufferSlice& box);

/// Rows a resolved memset of a box sets, `pitch` bytes apart: the box's rows times its
/// slices (validation lets a memset cover several slices only where their rows are one run).
std::uint64_t memset_rows(const BufferSlice& box);

}  // namespace graphc::ir
