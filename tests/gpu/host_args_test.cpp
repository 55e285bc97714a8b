// Host nodes with arguments on both paths (data/host_args.graph): a kernel writes pinned
// host memory, and one host function, bound by the runtime (Bindings::host<Args>) and by
// the generated Bindings, receives a pointer into it, a param, a const expression and a
// literal as one struct, sums the memory on the CPU and records what it saw. Checked
// against a CPU reference after launches with a new param value (Instance::set,
// set_scale()), the first launch still pending when it changes, with new memory
// (Instance::bind, rebind_y()), and after Instance::reload; the runtime refuses a function
// bound with another Args (R0050) or untyped (R0051), and graphc run's stand-in receives
// the arguments as text.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "host_args.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::host_args;

constexpr std::size_t kN = 64;

// What one call of the host function received, and the sum it read from `y`.
struct Seen {
  const float* y = nullptr;
  float scale = 0.0f;
  std::int32_t count = 0;
  double weight = 0.0;
  double sum = 0.0;
  friend bool operator==(const Seen&, const Seen&) = default;
  friend std::ostream& operator<<(std::ostream& out, const Seen& s) {
    return out << "{y " << s.y << ", scale " << s.scale << ", count " << s.count << ", weight " << s.weight << ", sum "
               << s.sum << "}";
  }
};

// The host function of both paths: `summarize(y + 8, scale, N - 8, 0.5)`. It runs on
// CUDA's callback thread after the kernel, so it reads the pinned memory the kernel wrote.
void summarize(const gen::summarize_args& args, void* user_data) {
  double sum = 0.0;
  for (std::int32_t i = 0; i < args.arg3; ++i) sum += args.y[i];
  static_cast<std::vector<Seen>*>(user_data)->push_back({args.y, args.scale, args.arg3, args.arg4, sum});
}

// The argument-less host node's cudaHostFn_t: counts its calls.
void CUDART_CB tick(void* user_data) { ++*static_cast<int*>(user_data); }

// The CPU reference: the kernel wrote y[i] = scale * i, and the node passes y + 8, 56, 0.5.
Seen expected(const float* y, float scale) {
  double sum = 0.0;
  for (std::size_t i = 8; i < kN; ++i) sum += static_cast<double>(scale * static_cast<float>(i));
  return {y + 8, scale, static_cast<std::int32_t>(kN - 8), 0.5, sum};
}

void synchronize() { check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize"); }

std::string graph_text() {
  std::ifstream in(graph_path("host_args"));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The layout the graph gives the argument block is the C struct a user writes by hand.
struct HandWritten {
  float* y;
  float scale;
  std::int32_t count;
  double weight;
};
static_assert(sizeof(gen::summarize_args) == sizeof(HandWritten) && sizeof(HandWritten) == 24);
static_assert(offsetof(gen::summarize_args, arg4) == offsetof(HandWritten, weight));

TEST_CASE("a host node's arguments reach its typed function, and Instance::set and bind reach them", "[runtime][gpu]") {
  Program program = Program::load(graph_path("host_args"));
  std::vector<Seen> seen;
  int ticks = 0;
  Bindings bindings;
  bindings.host<gen::summarize_args>("summarize", &summarize, &seen).host("tick", &tick, &ticks);
  Instance instance = program.instantiate("host_args", bindings);
  const auto* y = static_cast<const float*>(instance.buffer("y"));

  instance.launch();
  instance.set("scale", 3.0f);  // the first launch may still be pending: its block stays as it was
  instance.launch();
  synchronize();
  CHECK(seen == std::vector<Seen>{expected(y, 2.0f), expected(y, 3.0f)});
  CHECK(ticks == 2);

  graphc::Allocation<float> y2(kN, graphc::MemorySpace::host, "y2");
  instance.bind("y", y2.get(), kN * sizeof(float));
  instance.launch();
  synchronize();
  REQUIRE(seen.size() == 3);
  CHECK(seen.back() == expected(y2.get(), 3.0f));
  CHECK(read<float>(y2.get(), kN) == iota_scaled(kN, 3.0f));
  CHECK(ticks == 3);

  // Reloaded (the same file): the host node's block is the same (its binding kept), so the
  // exec keeps it, and still takes a new value.
  const cudaGraphExec_t exec = instance.exec();
  const ReloadResult reloaded = instance.reload();
  CHECK(reloaded.kind == ReloadResult::Kind::nodes_set);
  CHECK(instance.exec() == exec);
  instance.set("scale", 5.0f);
  instance.launch();
  synchronize();
  REQUIRE(seen.size() == 4);
  CHECK(seen.back() == expected(y2.get(), 5.0f));
  CHECK(ticks == 4);
}

TEST_CASE("a host function bound with another Args (R0050) or as a cudaHostFn_t (R0051) is refused", "[runtime][gpu]") {
  Program program = Program::load(graph_path("host_args"));
  const std::string at = location_of(graph_path("host_args"), graph_text(), "(y + 8");
  int ticks = 0;

  struct Short {
    float* y;
    float scale;
  };
  Bindings short_args;
  short_args.host<Short>("summarize", [](const Short&, void*) {}).host("tick", &tick, &ticks);
  const Error layout = error_of([&] { program.instantiate("host_args", short_args); });
  CHECK(layout.code() == "R0050");
  CHECK_THAT(layout.what(),
             Catch::StartsWith(at +
                               ": error[R0050]: host node 'summarize' passes (float*, float, std::int32_t, double), "
                               "a struct of 24 bytes aligned to 8, but function 'summarize' was bound with "
                               "Bindings::host<Args> for an Args of 16 bytes aligned to 8"));

  Bindings untyped;
  untyped.host("summarize", &tick, &ticks).host("tick", &tick, &ticks);
  const Error plain = error_of([&] { program.instantiate("host_args", untyped); });
  CHECK(plain.code() == "R0051");
  CHECK_THAT(plain.what(), Catch::StartsWith(at + ": error[R0051]: host node 'summarize' passes 4 arguments"));
  CHECK(ticks == 0);
}

TEST_CASE("the stand-in of unbound host nodes receives their arguments as text", "[runtime][gpu]") {
  Program program = Program::load(graph_path("host_args"));
  std::vector<std::string> calls;
  Bindings bindings;
  bindings.unbound_hosts([&calls](const Bindings::HostCall& call) {
    calls.push_back(std::string(call.node) + " " + std::string(call.function) + " " + std::to_string(call.launch) +
                    ": " + std::string(call.arguments));
  });
  Instance instance = program.instantiate("host_args", bindings);
  instance.launch();
  instance.set("scale", 0.25f);
  instance.launch();
  synchronize();
  REQUIRE(calls.size() == 4);
  CHECK_THAT(calls[0], Catch::Matches("summarize summarize 1: 0x[0-9a-f]+, 2, 56, 0\\.5"));
  CHECK(calls[1] == "tick tick 1: ");
  CHECK_THAT(calls[2], Catch::Matches("summarize summarize 2: 0x[0-9a-f]+, 0\\.25, 56, 0\\.5"));
  CHECK(calls[3] == "tick tick 2: ");
}

TEST_CASE("generated code passes a host node's arguments to its typed function, and set_scale and rebind_y reach them",
          "[codegen][gpu]") {
  std::vector<Seen> seen;
  int ticks = 0;
  gen::Graph g([&](gen::Bindings& b) {
    b.summarize = &summarize;
    b.summarize_data = &seen;
    b.tick = &tick;
    b.tick_data = &ticks;
  });
  g.launch(nullptr);
  g.set_scale(3.0f);  // the first launch may still be pending
  g.launch(nullptr);
  synchronize();
  CHECK(seen == std::vector<Seen>{expected(g.bindings().y, 2.0f), expected(g.bindings().y, 3.0f)});
  CHECK(ticks == 2);

  graphc::Allocation<float> y2(kN, graphc::MemorySpace::host, "y2");
  g.rebind_y(y2.get(), kN);
  g.launch(nullptr);
  synchronize();
  REQUIRE(seen.size() == 3);
  CHECK(seen.back() == expected(y2.get(), 3.0f));
  CHECK(read<float>(y2.get(), kN) == iota_scaled(kN, 3.0f));
}

TEST_CASE("generated build() refuses a host node whose typed function is not set: R0008", "[codegen][gpu]") {
  gen::Storage storage;
  gen::Bindings b = storage.bindings();
  int ticks = 0;
  b.tick = &tick;
  b.tick_data = &ticks;
  gen::Nodes nodes;
  const GraphHandle graph = create_graph();
  const Error missing = error_of([&] { gen::build(graph.get(), b, nodes); });
  CHECK(missing.code() == "R0008");
  CHECK_THAT(missing.what(), Catch::Contains("host function 'summarize' of node 'summarize' is not set"));
}

}  // namespace
}  // namespace graphc::test
