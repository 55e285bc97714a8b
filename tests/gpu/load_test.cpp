// Loading a .graph with a .cu module compiled by NVRTC, building it, launching it, and
// comparing with a CPU reference: extern "C", namespaced C++ and template kernels,
// initial buffer contents, and the device runtime functions a module may call.
#include <catch2/catch.hpp>

#include <cstdint>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

TEST_CASE("an extern \"C\" kernel of a .cu module runs between two copies", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph pipeline {
    const N = 1000;
    buffer h_in  : f32[N] host = iota(1);
    buffer d_in  : f32[N] device;
    buffer d_out : f32[N] device;
    buffer h_out : f32[N] host;
    param  scale : f32 = 1.5f;

    copy   upload   : d_in <- h_in;
    kernel apply    : scale_into<<<ceil_div(N, 128), 128>>>(d_in, d_out, scale, N);
    copy   download : h_out <- d_out;

    upload -> apply -> download;
}
)";
  Program program = Program::from_text(graph_path("pipeline"), text);
  Instance instance = program.instantiate("pipeline");
  instance.launch();
  const std::vector<float> out = read_buffer<float>(instance, "h_out");
  REQUIRE(out.size() == 1000);
  for (std::size_t i = 0; i < out.size(); ++i) REQUIRE(out[i] == static_cast<float>(i + 1) * 1.5f);

  REQUIRE(program.modules().size() == 1);
  CHECK(program.modules()[0].kind == ModuleInfo::Kind::nvrtc);
  CHECK(program.modules()[0].arch.starts_with("sm_"));
}

TEST_CASE("a template kernel is found through its NVRTC name expression", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph saxpy {
    const N = 4096;
    buffer x : f32[N] managed = iota(0);
    buffer y : f32[N] managed = fill(1.0f);
    param  a : f32 = 2.0f;
    kernel k : axpy<float><<<ceil_div(N, 256), 256>>>(a, x, y, N);
}
)";
  Program program = Program::from_text(graph_path("saxpy"), text);
  Instance instance = program.instantiate("saxpy");
  instance.launch();
  const std::vector<float> y = read_buffer<float>(instance, "y");
  REQUIRE(y.size() == 4096);
  for (std::size_t i = 0; i < y.size(); ++i) REQUIRE(y[i] == 2.0f * static_cast<float>(i) + 1.0f);

  // Launching again accumulates: y = 2x + (2x + 1).
  instance.launch();
  const std::vector<float> twice = read_buffer<float>(instance, "y");
  for (std::size_t i = 0; i < twice.size(); ++i) REQUIRE(twice[i] == 4.0f * static_cast<float>(i) + 1.0f);
}

TEST_CASE("a namespaced C++ kernel and a list initializer", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph fold {
    buffer v : i32[8] device = {1, 2, 3, 4, 10, 20, 30, 40};
    kernel f : ops::fold_halves<<<1, 32>>>(v, 4);
}
)";
  Program program = Program::from_text(graph_path("fold"), text);
  Instance instance = program.instantiate("fold");
  instance.launch();
  CHECK(read_buffer<std::int32_t>(instance, "v") == std::vector<std::int32_t>{11, 22, 33, 44, 10, 20, 30, 40});
}

TEST_CASE("initial contents are written once, at allocation, in every memory space", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph init {
    buffer a : i32[5] device  = iota(-2);
    buffer b : u8[4]  host    = fill(7);
    buffer c : f64[3] managed = {0.5, 1.5, -2.25};
    buffer d : f32[4] device  = fill(0.25f);
    buffer e : f32[2] device;
    empty nothing;
}
)";
  Program program = Program::from_text(graph_path("init"), text);
  Instance instance = program.instantiate("init");
  CHECK(read_buffer<std::int32_t>(instance, "a") == std::vector<std::int32_t>{-2, -1, 0, 1, 2});
  CHECK(read_buffer<std::uint8_t>(instance, "b") == std::vector<std::uint8_t>{7, 7, 7, 7});
  CHECK(read_buffer<double>(instance, "c") == std::vector<double>{0.5, 1.5, -2.25});
  CHECK(read_buffer<float>(instance, "d") == std::vector<float>{0.25f, 0.25f, 0.25f, 0.25f});
  CHECK(instance.buffer_bytes("e") == 8);

  cudaPointerAttributes attributes{};
  check_cuda(cudaPointerGetAttributes(&attributes, instance.buffer("a")), "cudaPointerGetAttributes");
  CHECK(attributes.type == cudaMemoryTypeDevice);
  check_cuda(cudaPointerGetAttributes(&attributes, instance.buffer("b")), "cudaPointerGetAttributes");
  CHECK(attributes.type == cudaMemoryTypeHost);
  check_cuda(cudaPointerGetAttributes(&attributes, instance.buffer("c")), "cudaPointerGetAttributes");
  CHECK(attributes.type == cudaMemoryTypeManaged);

  // Launching does not rewrite them: the graph has only an empty node.
  instance.launch();
  CHECK(read_buffer<std::int32_t>(instance, "a") == std::vector<std::int32_t>{-2, -1, 0, 1, 2});
}

TEST_CASE("a module may call the device runtime functions with no include", "[runtime][gpu]") {
  // cudaGraphConditionalHandle is an unsigned long long: u64(0). With set = 0 the kernel
  // calls cudaGridDependencySynchronize and cudaTriggerProgrammaticLaunchCompletion
  // (no-ops without programmatic edges) and only writes x[0].
  const std::string text = R"(module "kernels.cu";
graph devrt {
    buffer x : f32[1] device = fill(0.0f);
    kernel k : uses_device_runtime<<<1, 1>>>(u64(0), 0, x);
}
)";
  Program program = Program::from_text(graph_path("devrt"), text);
  Instance instance = program.instantiate("devrt");
  instance.launch();
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>{42.0f});
}

TEST_CASE("a memset node and a dynamic shared memory size over 48 KiB", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph cleared {
    const N = 256;
    buffer x : f32[N] device = fill(3.0f);
    buffer h : f32[N] host;
    memset clear : x = 0;
    kernel add   : scale_add<<<1, N, 65536>>>(x, 1.0f, 2.0f, N);
    copy   back  : h <- x;
    clear -> add -> back;
}
)";
  Program program = Program::from_text(graph_path("cleared"), text);
  Instance instance = program.instantiate("cleared");
  instance.launch();
  CHECK(read_buffer<float>(instance, "h") == std::vector<float>(256, 2.0f));
}

TEST_CASE("Program::load reports every diagnostic of a file that does not validate", "[runtime][gpu]") {
  const std::string path = graph_path("missing-file-for-this-test");
  const Error e = error_of([&] { Program::load(path); });
  CHECK(e.code() == "E0002");
  CHECK_THAT(e.what(), Catch::Contains("cannot read '" + path + "'"));
}

TEST_CASE("instantiating a graph the file does not declare is R0013", "[runtime][gpu]") {
  const std::string path = graph_path("one");
  Program program = Program::from_text(path, "graph one {\n    empty e;\n}\n");
  const Error e = error_of([&] { program.instantiate("two"); });
  CHECK(e.code() == "R0013");
  CHECK(std::string(e.what()) == path + ": error[R0013]: '" + path + "' has no graph 'two'\n");
}

TEST_CASE("an instance outlives its program", "[runtime][gpu]") {
  const std::string text = R"(module "kernels.cu";
graph outlive {
    buffer x : f32[4] managed = fill(1.0f);
    kernel k : scale_add<<<1, 4>>>(x, 2.0f, 1.0f, 4);
}
)";
  std::optional<Instance> instance;
  {
    Program program = Program::from_text(graph_path("outlive"), text);
    instance.emplace(program.instantiate("outlive"));
  }
  instance->launch();
  CHECK(read_buffer<float>(*instance, "x") == std::vector<float>(4, 3.0f));
}

}  // namespace
}  // namespace graphc::test
