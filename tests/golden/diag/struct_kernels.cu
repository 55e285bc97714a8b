// The C++ structs of e0257-struct-field-layout.graph, which declares some of their fields
// with other types or at other offsets, and one that matches it field for field.
#include <cuda_fp16.h>

namespace ns {
struct Mixed {
  __half h;
  double d;
  unsigned char b;
  long long* p;
  char tag;
  const float* in;
};
}  // namespace ns
struct Params {
  int n;
  float scale;
  float* data;
};

struct Pair {
  float a;
  float pad;
  float b;
};

__global__ void apply(Params p) {
  if (threadIdx.x < p.n) p.data[threadIdx.x] *= p.scale;
}
