// Typed views on both paths (data/views.graph): an f64 buffer set by a 4-byte memset through
// a u32 view (every double's bits 0x3ff000003ff00000), a u8 buffer written byte by byte and
// read as f32 through a view 16 bytes in (and a view of that view), and an alloc's f64
// memory written as f32 and copied out through a view; every result against a CPU
// reference. Binding the bases to new memory moves every node that uses a view of them
// (Instance::bind, rebind_NAME); a view itself cannot be bound (R0052, R0053).
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "gpu_test_support.h"
#include "views.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::views;

constexpr std::size_t kN = 64;
constexpr std::size_t kRawBytes = 4 * kN + 16;
constexpr std::size_t kViewOffset = 16;  // `view floats : f32[N] of raw + 16;`, in bytes of u8

// What fill_bytes (data/view_kernels.cu) writes.
std::vector<std::uint8_t> byte_pattern() {
  std::vector<std::uint8_t> bytes(kRawBytes);
  for (std::size_t i = 0; i < kRawBytes; ++i) bytes[i] = i % 4 == 3 ? 0x40 : static_cast<std::uint8_t>(7 * i + 3);
  return bytes;
}

// out: twice the floats the bytes hold from kViewOffset on.
std::vector<float> expected_out() {
  const std::vector<std::uint8_t> bytes = byte_pattern();
  std::vector<float> out(kN);
  for (std::size_t i = 0; i < kN; ++i) {
    float value = 0.0f;
    std::memcpy(&value, bytes.data() + kViewOffset + 4 * i, sizeof(value));
    out[i] = 2.0f * value;
  }
  return out;
}

// The f64 data after the memset of 0x3ff00000 into every u32 of it, as bits.
std::vector<std::uint64_t> expected_data_bits() { return std::vector<std::uint64_t>(kN, 0x3ff000003ff00000ULL); }

// back: what quarter_ramp wrote into the alloc's memory through the f32 view.
std::vector<float> expected_back() {
  std::vector<float> back(2 * kN);
  for (std::size_t i = 0; i < back.size(); ++i) back[i] = static_cast<float>(i) + 0.25f;
  return back;
}

// Zeros written and finished before the next launch, whatever stream it runs on.
void zero(void* memory, std::size_t bytes) {
  check_cuda(cudaMemset(memory, 0, bytes), "cudaMemset");
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

template <class T>
graphc::Allocation<T> zeroed_device(std::size_t count, const char* name) {
  graphc::Allocation<T> memory(count, graphc::MemorySpace::device, name);
  zero(memory.get(), count * sizeof(T));
  return memory;
}

TEST_CASE("views read and write their base's memory as another type on the runtime path", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/views.graph");
  Instance instance = program.instantiate("views");
  CHECK(instance.buffer("halves") == instance.buffer("data"));
  CHECK(instance.buffer("floats") == static_cast<std::byte*>(instance.buffer("raw")) + kViewOffset);
  CHECK(instance.buffer_bytes("floats") == kN * sizeof(float));
  instance.launch();
  CHECK(read_buffer<std::uint64_t>(instance, "data") == expected_data_bits());
  CHECK(read_buffer<std::uint8_t>(instance, "raw") == byte_pattern());
  CHECK(read_buffer<float>(instance, "out") == expected_out());
  CHECK(read_buffer<float>(instance, "back") == expected_back());

  SECTION("binding the bases moves the nodes that use their views") {
    graphc::Allocation<std::uint8_t> raw2 = zeroed_device<std::uint8_t>(kRawBytes, "raw2");
    graphc::Allocation<double> data2 = zeroed_device<double>(kN, "data2");
    zero(instance.buffer("raw"), kRawBytes);  // a reader left on the old memory would read zeros
    zero(instance.buffer("out"), kN * sizeof(float));
    instance.bind("raw", raw2.get(), kRawBytes);
    instance.bind("data", data2.get(), kN * sizeof(double));
    CHECK(instance.buffer("floats") == raw2.get() + kViewOffset);
    instance.launch();
    CHECK(read<std::uint8_t>(raw2.get(), kRawBytes) == byte_pattern());
    CHECK(read_buffer<float>(instance, "out") == expected_out());
    CHECK(read<std::uint64_t>(data2.get(), kN) == expected_data_bits());
  }

  SECTION("a view cannot be bound") {
    graphc::Allocation<float> memory = zeroed_device<float>(kN, "memory");
    const Error rebound = error_of([&] { instance.bind("floats", memory.get(), kN * sizeof(float)); });
    CHECK(rebound.code() == "R0053");
    CHECK(std::string(rebound.what()).find("views.graph:14:10") != std::string::npos);
    const Error bound =
        error_of([&] { program.instantiate("views", Bindings().buffer("halves", memory.get(), kN * sizeof(float))); });
    CHECK(bound.code() == "R0052");
    CHECK(std::string(bound.what()).find("bind 'data'") != std::string::npos);
  }

  // Bindings::pitched is for 2-D buffers (pitched_test.cpp); a 1-D base given rows is refused
  // before anything is allocated, not taken as dense memory.
  SECTION("a 1-D buffer is not bound pitched") {
    graphc::Allocation<float> memory = zeroed_device<float>(kN, "memory");
    const Error refused = error_of([&] {
      program.instantiate("views", Bindings().pitched("out", memory.get(), 64, kN * sizeof(float) / 64));
    });
    CHECK(refused.code() == "R0055");
    CHECK_THAT(refused.what(), Catch::Contains("buffer 'out' is 1-D, but Bindings::pitched binds it as rows 64 "
                                               "bytes apart"));
  }
}

TEST_CASE("generated code reads and writes through views and follows rebind_NAME of a base", "[codegen][gpu]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  g.launch(nullptr);
  CHECK(read<std::uint64_t>(b.data, kN) == expected_data_bits());
  CHECK(read<std::uint8_t>(b.raw, kRawBytes) == byte_pattern());
  CHECK(read<float>(b.out, kN) == expected_out());
  CHECK(read<float>(b.back, 2 * kN) == expected_back());

  graphc::Allocation<std::uint8_t> raw2 = zeroed_device<std::uint8_t>(kRawBytes, "raw2");
  graphc::Allocation<double> data2 = zeroed_device<double>(kN, "data2");
  zero(b.raw, kRawBytes);
  zero(b.out, kN * sizeof(float));
  g.rebind_raw(raw2.get(), kRawBytes);
  g.rebind_data(data2.get(), kN);
  g.launch(nullptr);
  CHECK(read<std::uint8_t>(raw2.get(), kRawBytes) == byte_pattern());
  CHECK(read<float>(b.out, kN) == expected_out());
  CHECK(read<std::uint64_t>(data2.get(), kN) == expected_data_bits());
}

}  // namespace
}  // namespace graphc::test
