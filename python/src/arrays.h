// The two sides of binding an array to a buffer from Python: the array as its interface
// describes it (graphc/_arrays.py reads __dlpack__, __cuda_array_interface__ or
// __array_interface__) and the buffer as its graph declares it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graphc/base/scalar_type.h"

namespace graphc::python {

/// An array as its interface describes it (graphc/_arrays.py reads it; dlpack.cpp for
/// __dlpack__).
struct ArrayView {
  std::string kind;                   // "torch.Tensor", "numpy.ndarray"
  std::string typestr;                // "<f4"; "bf16" (graphc's name) for a DLPack type NumPy has none for
  std::vector<std::int64_t> shape;    // elements
  std::vector<std::int64_t> strides;  // bytes; empty: C-contiguous
  std::uintptr_t data = 0;            // the first element's address
  bool host_interface = false;        // __array_interface__ or a DLPack CPU tensor (host memory)
};

/// A buffer of a graph as Python sees it: its declaration, for binding arrays to it.
struct BufferDecl {
  std::string name;
  std::string dtype;                 // the language's element type: "f32", "float4"
  std::string component;             // a vector type's scalar ("f32" for float4); dtype for a scalar
  int lanes = 1;                     // a vector type's lanes
  int itemsize = 0;                  // bytes an element
  std::vector<std::uint64_t> shape;  // elements: (count,), (rows, width), (depth, rows, width)
  std::uint64_t elements = 0;        // product of shape
  std::string space;                 // "device", "host" (pinned), "managed", "pageable"
  std::optional<int> device;         // device(i); none: the graph's device
  bool bindable = true;              // false for a view or an alloc's memory
  std::string declared;              // "f32[1024] device", as the messages say it
  std::string location;              // "file:line:col" of its name
  std::string typestr;               // the array interface's type of its component; "" for bf16
  ScalarType type = ScalarType::f32;
};

/// NumPy's type string of a scalar element type ("<f4" for f32), or "" where none exists
/// (bf16: the array interfaces have no bfloat16).
std::string typestr_of(ScalarType component);

}  // namespace graphc::python
