// The main of the runtime's GPU tests: exits 77 (CTest's SKIP_RETURN_CODE) with
// "SKIP: no CUDA device" when there is no device, before Catch runs any test. Listing
// the tests (catch_discover_tests does, at build time) needs no device.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cuda_runtime_api.h>

#include <cstdio>
#include <string_view>

namespace {

bool only_lists(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg.starts_with("--list") || arg == "-l" || arg == "-t" || arg == "-h" || arg == "--help") return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (!only_lists(argc, argv)) {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess || count == 0) {
      std::printf("SKIP: no CUDA device (cudaGetDeviceCount: %s)\n", cudaGetErrorName(status));
      return 77;
    }
  }
  return Catch::Session().run(argc, argv);
}
