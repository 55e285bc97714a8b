// The host side of cuFFT plans (graphc/cufft_ops.h), with no GPU: a fake cuFFT records what
// it is given. A plan is made with automatic allocation off, of the rank its sizes give
// (trailing dimensions of 1 dropped) and the transform type of its kind and precision; each
// exec sets the stream and calls the transform of that type in the plan's direction; a plan
// cuFFT refuses is R0001 naming the node and the cufftResult, and every plan made is
// destroyed with the library.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "graphc/cufft_ops.h"
#include "graphc/error.h"

namespace graphc {
namespace {

// What the fake cuFFT saw.
struct FftLog {
  int alive = 0;
  int auto_allocation = -1;
  int rank = 0;
  std::vector<int> n;
  cufftType type = CUFFT_C2C;
  int batch = 0;
  cufftResult plan_result = CUFFT_SUCCESS;
  std::string exec;  // the last transform called
  int direction = 0;
  void* in = nullptr;
  void* out = nullptr;
};
FftLog fft;

CufftApi fake_cufft() {
  CufftApi api{};
  api.create = [](cufftHandle* plan) {
    ++fft.alive;
    *plan = 7;
    return CUFFT_SUCCESS;
  };
  api.destroy = [](cufftHandle) {
    --fft.alive;
    return CUFFT_SUCCESS;
  };
  api.set_auto_allocation = [](cufftHandle, int automatic) {
    fft.auto_allocation = automatic;
    return CUFFT_SUCCESS;
  };
  api.make_plan_many = [](cufftHandle, int rank, int* n, int*, int, int, int*, int, int, cufftType type, int batch,
                          std::size_t* bytes) {
    fft.rank = rank;
    fft.n.assign(n, n + rank);
    fft.type = type;
    fft.batch = batch;
    *bytes = 0;  // no cudaMalloc without a GPU
    return fft.plan_result;
  };
  api.set_work_area = [](cufftHandle, void*) { return CUFFT_SUCCESS; };
  api.set_stream = [](cufftHandle, cudaStream_t) { return CUFFT_SUCCESS; };
  api.exec_c2c = [](cufftHandle, cufftComplex* in, cufftComplex* out, int direction) {
    fft.exec = "C2C";
    fft.direction = direction;
    fft.in = in;
    fft.out = out;
    return CUFFT_SUCCESS;
  };
  api.exec_d2z = [](cufftHandle, cufftDoubleReal* in, cufftDoubleComplex* out) {
    fft.exec = "D2Z";
    fft.in = in;
    fft.out = out;
    return CUFFT_SUCCESS;
  };
  return api;
}

TEST_CASE("an FFT plan has its rank, sizes and type, and exec calls its transform", "[runtime]") {
  fft = FftLog{};
  const CufftApi api = fake_cufft();
  double real[4];
  double2 spectrum[4];
  {
    CufftLibrary library;
    const std::size_t r2c = library.add_fft(api, FftShape{FftKind::r2c, true, false, 64, 32, 1, 3}, "f", "g:1:1");
    CHECK(fft.auto_allocation == 0);
    CHECK((fft.rank == 2 && fft.n == std::vector<int>{64, 32} && fft.batch == 3));  // nz = 1 drops a dimension
    CHECK(fft.type == CUFFT_D2Z);
    library.exec(nullptr, r2c, real, spectrum);
    CHECK((fft.exec == "D2Z" && fft.in == real && fft.out == spectrum));

    const std::size_t c2c = library.add_fft(api, FftShape{FftKind::c2c, false, true, 8, 8, 8, 1}, "z", "g:2:1");
    CHECK((fft.rank == 3 && fft.type == CUFFT_C2C));
    library.exec(nullptr, c2c, spectrum, spectrum);
    CHECK((fft.exec == "C2C" && fft.direction == CUFFT_INVERSE));
    CHECK(fft.alive == 2);
  }
  CHECK(fft.alive == 0);  // both plans destroyed
}

TEST_CASE("an FFT plan cuFFT refuses is R0001 naming the node, and is destroyed", "[runtime]") {
  fft = FftLog{};
  fft.plan_result = CUFFT_INVALID_SIZE;
  const CufftApi api = fake_cufft();
  {
    CufftLibrary library;
    try {
      (void)library.add_fft(api, FftShape{FftKind::c2r, false, false, 5, 1, 1, 1}, "back", "fft.graph:9:5");
      FAIL("add_fft did not throw");
    } catch (const Error& e) {
      CHECK(e.code() == "R0001");
      const std::string text = e.what();
      CHECK(text.find("fft.graph:9:5") != std::string::npos);
      CHECK(text.find("'back'") != std::string::npos);
      CHECK(text.find("cufftMakePlanMany") != std::string::npos);
      CHECK(text.find("CUFFT_INVALID_SIZE (cufftResult 8)") != std::string::npos);
    }
    CHECK(fft.type == CUFFT_C2R);
    CHECK(fft.alive == 1);  // made before the failure, held until the library goes
  }
  CHECK(fft.alive == 0);
}

}  // namespace
}  // namespace graphc
