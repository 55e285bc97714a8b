// A called graph's scalar parameter configures its nodes, by the runtime and by the
// generated code (data/call_config.graph): one layer graph serves two sizes, its grid and
// its copy's slice from the parameter; the caller's param `n`, passed on by the call
// `large`, reconfigures the nodes of that call's child graph through Instance::set and the
// generated set_n(), and a value that breaks a rule there (R0032, the broken rule and the
// call as notes) changes nothing. Each result is checked against a CPU reference; a graph
// whose parameter configures a node cannot be instantiated on its own (R0054).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "call_config.graph.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::call_config;

constexpr std::size_t kCount = 1024;

// What layer(x, dst, n) leaves in dst, x = 1, 2, 3, ...: 2 x over the first n elements, x
// over the next 64, 0 after them.
std::vector<float> layer(int n) {
  std::vector<float> out(kCount, 0.0f);
  for (std::size_t i = 0; i < kCount; ++i) {
    const float x = static_cast<float>(i + 1);
    if (i < static_cast<std::size_t>(n)) {
      out[i] = 2.0f * x;
    } else if (i < static_cast<std::size_t>(n) + 64) {
      out[i] = x;
    }
  }
  return out;
}

TEST_CASE("each call configures its child graph's nodes with its own value", "[runtime][gpu]") {
  Program program = Program::load(graph_path("call_config"));
  Instance instance = program.instantiate("call_config");
  instance.launch();
  CHECK(read_buffer<float>(instance, "a") == layer(128));  // small: 2 blocks, slice [128:64]
  CHECK(read_buffer<float>(instance, "b") == layer(256));  // large: the param's default

  const cudaGraphExec_t exec = instance.exec();
  instance.set("n", 512);  // large's grid becomes 8 blocks, its slice [512:64]
  instance.launch();
  CHECK(instance.exec() == exec);  // updated in place
  CHECK(read_buffer<float>(instance, "a") == layer(128));
  CHECK(read_buffer<float>(instance, "b") == layer(512));

  const std::string path = graph_path("call_config");
  const Error past = error_of([&] { instance.set("n", 1000); });  // [1000:64] is past the end
  CHECK(past.code() == "R0032");
  CHECK_THAT(past.what(), Catch::Contains("error[R0032]: param 'n' cannot be 1000") &&
                              Catch::Contains("slice [1000:64] is out of bounds of 'dst', which has 1024 elements "
                                              "[E0205]") &&
                              Catch::Contains("note: 'large' passes the value on to graph 'layer' here"));
  const Error zero = error_of([&] { instance.set("n", 0); });  // 0 blocks
  CHECK(zero.code() == "R0032");
  CHECK_THAT(zero.what(), Catch::Contains("grid dimension x is 0; a kernel launch needs at least 1 [E0804]"));

  instance.launch();  // the refusals changed nothing
  CHECK(read_buffer<float>(instance, "b") == layer(512));
  instance.set("n", 64);
  instance.launch();
  CHECK(read_buffer<float>(instance, "b") == layer(64));
}

TEST_CASE("a graph whose parameter configures a node is not instantiated on its own", "[runtime][gpu]") {
  Program program = Program::load(graph_path("call_config"));
  const Error alone = error_of([&] { (void)program.instantiate("layer"); });
  CHECK(alone.code() == "R0054");
  CHECK_THAT(alone.what(), Catch::Contains("graph 'layer' cannot be instantiated on its own: its parameter 'n' "
                                           "configures node 'scale'"));
}

TEST_CASE("generated code configures each call's child graph, and set_n() reconfigures one", "[codegen][gpu]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  const auto run = [&] {
    g.launch(nullptr);
    return std::vector<std::vector<float>>{read<float>(b.a, kCount), read<float>(b.b, kCount)};
  };
  CHECK(run() == std::vector<std::vector<float>>{layer(128), layer(256)});

  g.set_n(512);
  CHECK(run() == std::vector<std::vector<float>>{layer(128), layer(512)});

  const Error past = error_of([&] { g.set_n(1000); });
  CHECK(past.code() == "R0032");
  CHECK_THAT(past.what(), Catch::Contains("call_config.graph:12:10: error[R0032]: node 'keep' cannot be configured"));
  const Error zero = error_of([&] { g.set_n(0); });
  CHECK(zero.code() == "R0032");
  CHECK(b.n == 512);  // nothing changed
  CHECK(run() == std::vector<std::vector<float>>{layer(128), layer(512)});
}

}  // namespace
}  // namespace graphc::test
