// Instance::set and set_from_text: a param's new value reaches every kernel node that
// passes it at the next launch (cudaGraphExecKernelNodeSetParams), type-checked.
#include <catch2/catch.hpp>

#include <cstdint>
#include <initializer_list>

#include "gpu_test_support.h"
#include "ir/types.h"

namespace graphc::test {
namespace {

// Two kernel nodes pass `scale`; a third passes a literal.
const std::string kText = R"(module "kernels.cu";
graph scaled {
    const N = 512;
    buffer in   : f32[N] device = iota(0);
    buffer out1 : f32[N] device;
    buffer out2 : f32[N] device;
    buffer out3 : f32[N] device;
    param  scale : f32 = 2.0f;
    param  unused : i32;

    kernel first  : scale_into<<<ceil_div(N, 128), 128>>>(in, out1, scale, N);
    kernel second : scale_into<<<ceil_div(N, 128), 128>>>(in, out2, scale, N);
    kernel fixed  : scale_into<<<ceil_div(N, 128), 128>>>(in, out3, 5.0f, N);
}
)";

std::vector<float> scaled(float factor) { return iota_scaled(512, factor); }

TEST_CASE("Instance::set changes the result of the next launch of every node using the param", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("scaled"), kText);
  Instance instance = program.instantiate("scaled");
  const cudaGraphExec_t exec = instance.exec();

  instance.launch();
  CHECK(read_buffer<float>(instance, "out1") == scaled(2.0f));
  CHECK(read_buffer<float>(instance, "out2") == scaled(2.0f));

  instance.set("scale", 3.0f);
  CHECK(read_buffer<float>(instance, "out1") == scaled(2.0f));  // nothing runs until the launch
  instance.launch();
  CHECK(read_buffer<float>(instance, "out1") == scaled(3.0f));
  CHECK(read_buffer<float>(instance, "out2") == scaled(3.0f));
  CHECK(read_buffer<float>(instance, "out3") == scaled(5.0f));
  CHECK(instance.exec() == exec);  // updated in place, not re-instantiated

  instance.set_from_text("scale", "-0.5");
  instance.launch();
  CHECK(read_buffer<float>(instance, "out1") == scaled(-0.5f));
  CHECK(read_buffer<float>(instance, "out2") == scaled(-0.5f));

  instance.set("unused", 7);  // a param no node passes: accepted, nothing to update
  instance.launch();
  CHECK(read_buffer<float>(instance, "out1") == scaled(-0.5f));
}

TEST_CASE("Instance::set checks the param's name and type", "[runtime][gpu]") {
  const std::string path = graph_path("scaled");
  Program program = Program::from_text(path, kText);
  Instance instance = program.instantiate("scaled");

  const Error wrong_type = error_of([&] { instance.set("scale", 3.0); });
  CHECK(wrong_type.code() == "R0012");
  CHECK_THAT(wrong_type.what(), Catch::StartsWith(location_of(path, kText, "scale :") +
                                                  ": error[R0012]: param 'scale' is f32, but Instance::set was "
                                                  "given f64 (double)"));

  const Error int_for_float = error_of([&] { instance.set("scale", 3); });
  CHECK(int_for_float.code() == "R0012");

  const Error unknown = error_of([&] { instance.set("scal", 3.0f); });
  CHECK(unknown.code() == "R0011");
  CHECK_THAT(unknown.what(), Catch::StartsWith(location_of(path, kText, "scaled {") +
                                               ": error[R0011]: graph 'scaled' has no param 'scal'"));
  CHECK_THAT(unknown.what(), Catch::Contains(location_of(path, kText, "scale :") + ": note: did you mean 'scale'?"));

  const Error bad_text = error_of([&] { instance.set_from_text("unused", "2.5"); });
  CHECK(bad_text.code() == "R0014");
  CHECK_THAT(bad_text.what(), Catch::StartsWith(location_of(path, kText, "unused :") +
                                                ": error[R0014]: '2.5' is not a valid i32 value for param 'unused'"));
  CHECK(error_of([&] { instance.set_from_text("unused", "3000000000"); }).code() == "R0014");

  // A failed set changes nothing.
  instance.launch();
  CHECK(read_buffer<float>(instance, "out1") == scaled(2.0f));
}

TEST_CASE("set_from_text sets an f16 param, rounded to the nearest half", "[runtime][gpu]") {
  const std::string text = R"(module "half_kernels.cu";
graph halves {
    buffer in  : f16[4] device = iota(0);
    buffer out : f16[4] device;
    param  s   : f16 = 1.5;
    kernel k   : half_scale<<<1, 4>>>(in, out, s, 4);
}
)";
  auto bits = [](std::initializer_list<double> values) {
    std::vector<std::uint16_t> out;
    for (const double v : values) {
      const auto bytes = ir::Scalar::of_float(ir::ScalarType::f16, v).bytes();
      out.push_back(static_cast<std::uint16_t>(std::to_integer<unsigned>(bytes[0]) |
                                               (std::to_integer<unsigned>(bytes[1]) << 8)));
    }
    return out;
  };
  Program program = Program::from_text(graph_path("halves"), text);
  Instance instance = program.instantiate("halves");
  instance.launch();
  CHECK(read_buffer<std::uint16_t>(instance, "out") == bits({0.0, 1.5, 3.0, 4.5}));
  instance.set_from_text("s", "2.5");
  instance.launch();
  CHECK(read_buffer<std::uint16_t>(instance, "out") == bits({0.0, 2.5, 5.0, 7.5}));
  CHECK(error_of([&] { instance.set("s", 2.5f); }).code() == "R0012");
  CHECK(error_of([&] { instance.set_from_text("s", "70000"); }).code() == "R0014");  // over f16's 65504
}

}  // namespace
}  // namespace graphc::test
