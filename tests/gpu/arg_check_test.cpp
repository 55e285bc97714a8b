// Kernel arguments are checked against the loaded kernel (cudaFuncGetParamInfo) before
// anything is built or launched: a wrong count is R0003, a wrong size R0004, each naming
// the node, the kernel and both numbers.
#include <catch2/catch.hpp>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

// A bound buffer whose contents must survive a failed instantiate untouched.
class Sentinel {
 public:
  Sentinel() {
    check_cuda(cudaMalloc(&memory_, 16 * sizeof(float)), "cudaMalloc");
    const std::vector<float> ones(16, 1.0f);
    check_cuda(cudaMemcpy(memory_, ones.data(), 16 * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  ~Sentinel() { cudaFree(memory_); }
  Sentinel(const Sentinel&) = delete;
  Sentinel& operator=(const Sentinel&) = delete;
  Bindings bindings() const { return Bindings().buffer("x", memory_, 16 * sizeof(float)); }
  bool untouched() const { return read<float>(memory_, 16) == std::vector<float>(16, 1.0f); }

 private:
  void* memory_ = nullptr;
};

TEST_CASE("a wrong argument count is R0003 at the kernel name, and nothing runs", "[runtime][gpu]") {
  const std::string path = graph_path("count");
  const std::string text = R"(module "kernels.cu";
graph count {
    buffer x : f32[16] device;
    kernel k : scale_add<<<1, 16>>>(x, 2.0f, 16);
}
)";
  Sentinel sentinel;
  Program program = Program::from_text(path, text);
  const Error e = error_of([&] { program.instantiate("count", sentinel.bindings()); });
  CHECK(e.code() == "R0003");
  CHECK_THAT(e.what(), Catch::StartsWith(location_of(path, text, "scale_add") +
                                         ": error[R0003]: kernel 'scale_add' of node 'k' takes 4 arguments, but the "
                                         "node passes 3\n"));
  CHECK(sentinel.untouched());
}

TEST_CASE("a wrong argument size is R0004 at the argument, and nothing runs", "[runtime][gpu]") {
  const std::string path = graph_path("size");
  // 2.0 is a double (8 bytes); scale_add's second parameter is a float (4 bytes).
  const std::string text = R"(module "kernels.cu";
graph size {
    buffer x : f32[16] device;
    kernel k : scale_add<<<1, 16>>>(x, 2.0, 1.0f, 16);
}
)";
  Sentinel sentinel;
  Program program = Program::from_text(path, text);
  const Error e = error_of([&] { program.instantiate("size", sentinel.bindings()); });
  CHECK(e.code() == "R0004");
  CHECK_THAT(e.what(), Catch::StartsWith(location_of(path, text, "2.0,") +
                                         ": error[R0004]: argument 2 of node 'k' is 8 bytes, but parameter 2 of "
                                         "kernel 'scale_add' is 4 bytes\n"));
  CHECK(sentinel.untouched());
}

TEST_CASE("an i64 passed for an int parameter is R0004", "[runtime][gpu]") {
  const std::string path = graph_path("wide");
  const std::string text = R"(module "kernels.cu";
graph wide {
    const N = 16;
    buffer x : f32[N] device;
    kernel k : scale_add<<<1, N>>>(x, 2.0f, 1.0f, i64(N));
}
)";
  Sentinel sentinel;
  Program program = Program::from_text(path, text);
  const Error e = error_of([&] { program.instantiate("wide", sentinel.bindings()); });
  CHECK(e.code() == "R0004");
  CHECK_THAT(e.what(), Catch::StartsWith(location_of(path, text, "i64(N)") +
                                         ": error[R0004]: argument 4 of node 'k' is 8 bytes, but parameter 4 of "
                                         "kernel 'scale_add' is 4 bytes\n"));
  CHECK(sentinel.untouched());
}

TEST_CASE("a kernel in no module and not bound is R0002 at its name", "[runtime][gpu]") {
  const std::string path = graph_path("nowhere");
  const std::string text = R"(module "kernels.cu";
graph nowhere {
    buffer x : f32[16] device;
    kernel k : not_a_kernel<<<1, 16>>>(x);
}
)";
  Program program = Program::from_text(path, text);
  const Error e = error_of([&] { program.instantiate("nowhere"); });
  CHECK(e.code() == "R0002");
  CHECK_THAT(e.what(), Catch::StartsWith(location_of(path, text, "not_a_kernel") +
                                         ": error[R0002]: kernel 'not_a_kernel' of node 'k' is not in any module and "
                                         "not registered by the host program\n"));
}

}  // namespace
}  // namespace graphc::test
