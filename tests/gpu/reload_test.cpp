// Instance::reload: the file read again; when only values changed, the changed nodes set in
// the exec and no graph built, or, where a node cannot be set so, the exec updated in place
// from a new graph (cudaGraphExecUpdate); re-instantiated when the topology changed;
// unchanged buffers keep their contents; a file with errors leaves the instance as it was.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

// A graph file in the test binary's folder whose kernels are tests/gpu/data/kernels.cu.
// `scale` and `grid` are what the edits below change; `extra` adds nodes.
std::string graph_text(const std::string& scale, int block, const std::string& extra = "",
                       const std::string& counter_count = "N") {
  // clang-format off
  return "module \"" + data_dir() + "/kernels.cu\";\n" + R"(
graph live {
    const N = 512;
    buffer in      : f32[N] device = iota(0);
    buffer out     : f32[N] device;
    buffer counter : f32[)" + counter_count + R"(] device = fill(0);
    param  scale   : f32 = )" + scale + R"(;

    kernel apply : scale_into<<<ceil_div(N, )" + std::to_string(block) + "), " + std::to_string(block) +
         R"(>>>(in, out, scale, N);
    kernel count : scale_add<<<ceil_div(N, 128), 128>>>(counter, 1.0f, 1.0f, N);
)" + extra + "    apply -> count;\n}\n";
  // clang-format on
}

std::string write_graph(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::path(binary_dir()) / "reload" / (name + ".graph");
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path) << text;
  return path.string();
}

std::vector<float> filled(float value, std::size_t count = 512) { return std::vector<float>(count, value); }

std::vector<float> scaled(float factor) { return iota_scaled(512, factor); }

TEST_CASE("Instance::reload sets only the changed nodes in the exec when only values change", "[runtime][gpu]") {
  const std::string path = write_graph("values", graph_text("2.0f", 128));
  Program program = Program::load(path);
  Instance instance = program.instantiate("live");
  const cudaGraphExec_t exec = instance.exec();
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == scaled(2.0f));
  CHECK(read_buffer<float>(instance, "counter") == filled(1.0f));
  instance.enable("count", false);

  write_graph("values", graph_text("3.0f", 64));  // a new param default and a new launch shape
  const ReloadResult result = instance.reload();
  CHECK(result.kind == ReloadResult::Kind::nodes_set);
  CHECK(result.nodes_set == 1);  // `apply`; `count` runs the same kernel (its module unchanged) on the same memory
  CHECK(result.reason.empty());
  CHECK(result.warnings.empty());
  CHECK(instance.exec() == exec);
  CHECK(instance.enabled("count"));  // enabled again, as in a new instance

  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == scaled(3.0f));
  CHECK(read_buffer<float>(instance, "counter") == filled(2.0f));  // same memory, contents kept

  // The updated exec still takes updates of single nodes.
  instance.set("scale", 4.0f);
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == scaled(4.0f));
  instance.enable("apply", false);
  instance.set("scale", 5.0f);
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == scaled(4.0f));

  // The same file again: nothing to set; the param starts from the file's default again.
  const ReloadResult same = instance.reload();
  CHECK(same.kind == ReloadResult::Kind::nodes_set);
  CHECK(same.nodes_set == 1);  // `apply` had scale 5 from set(); the file says 3
  CHECK(instance.enabled("apply"));
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == scaled(3.0f));
  CHECK(read_buffer<float>(instance, "counter") == filled(5.0f));  // the fifth launch
  CHECK(instance.reload().nodes_set == 0);
  instance.launch();
  CHECK(read_buffer<float>(instance, "counter") == filled(6.0f));
}

TEST_CASE("Instance::reload sets the event nodes to the events of the reloaded instance", "[runtime][gpu]") {
  const auto timed_text = [](const std::string& scale) {
    // clang-format off
    return "module \"" + data_dir() + "/kernels.cu\";\n" + R"(
graph timed {
    const N = 512;
    buffer in  : f32[N] device = iota(0);
    buffer out : f32[N] device;
    param  scale : f32 = )" + scale + R"(;
    event start [timing];
    event stop [timing];
    record begin : start;
    kernel apply : scale_into<<<ceil_div(N, 128), 128>>>(in, out, scale, N);
    record end : stop;
    begin -> apply -> end;
}
)";
    // clang-format on
  };
  const std::string path = write_graph("events", timed_text("2.0f"));
  Program program = Program::load(path);
  Instance instance = program.instantiate("timed");
  instance.launch();
  CHECK(instance.elapsed_ms("start", "stop") >= 0.0f);

  write_graph("events", timed_text("3.0f"));
  const ReloadResult result = instance.reload();
  CHECK(result.kind == ReloadResult::Kind::nodes_set);
  CHECK(result.nodes_set == 3);  // `apply`'s scale, and both records: the reloaded instance's events are new
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == scaled(3.0f));
  // The exec records the new events (had it kept the old ones, `stop` would never be recorded: R0001).
  CHECK(instance.elapsed_ms("start", "stop") >= 0.0f);
}

TEST_CASE("Instance::reload updates the exec from a new graph where a node cannot be set alone, and says why",
          "[runtime][gpu][capture]") {
  const auto gemm_text = [](const std::string& alpha) {
    // clang-format off
    return R"(graph gemm {
    buffer a : f32[64] device = fill(1);
    buffer b : f32[64] device = fill(1);
    buffer c : f32[64] device = fill(0);
    param alpha : f32 = )" + alpha + R"(;
    capture mm : cublas.gemm(8, 8, 8, alpha, a, 8, b, 8, 0.0, c, 8);
}
)";
    // clang-format on
  };
  const std::string path = write_graph("capture", gemm_text("1.0"));
  Program program = Program::load(path);
  Instance instance = program.instantiate("gemm");
  const cudaGraphExec_t exec = instance.exec();
  instance.launch();
  CHECK(read_buffer<float>(instance, "c") == filled(8.0f, 64));  // alpha * (K ones times ones)

  write_graph("capture", gemm_text("2.0"));
  const ReloadResult result = instance.reload();
  CHECK(result.kind == ReloadResult::Kind::updated);
  CHECK(result.reason == "capture node 'mm' is captured again, which takes a graph build");
  CHECK(result.nodes_set == 0);
  CHECK(instance.exec() == exec);
  instance.launch();
  CHECK(read_buffer<float>(instance, "c") == filled(16.0f, 64));
}

TEST_CASE("Instance::reload re-instantiates when the topology changes and says why", "[runtime][gpu]") {
  const std::string path = write_graph("topology", graph_text("2.0f", 128));
  Program program = Program::load(path);
  Instance instance = program.instantiate("live");
  instance.launch();
  CHECK(read_buffer<float>(instance, "counter") == filled(1.0f));

  write_graph("topology", graph_text("2.0f", 128,
                                     "    buffer twice : f32[N] device;\n"
                                     "    kernel again : scale_into<<<ceil_div(N, 128), 128>>>(out, twice, 2.0f, N);\n"
                                     "    apply -> again;\n"
                                     "    apply -> again;\n"));
  const ReloadResult result = instance.reload();
  CHECK(result.kind == ReloadResult::Kind::reinstantiated);
  CHECK(result.reason == "node 'again' is new");
  CHECK_THAT(result.warnings, Catch::Contains("warning[W0301]: duplicate edge 'apply' -> 'again'"));
  instance.launch();
  CHECK(read_buffer<float>(instance, "twice") == scaled(4.0f));
  CHECK(read_buffer<float>(instance, "counter") == filled(2.0f));  // kept across re-instantiation too

  // A buffer whose size changed is allocated anew, with its initial contents.
  write_graph("topology", graph_text("2.0f", 128, "", "N * 2"));
  CHECK(instance.reload().kind == ReloadResult::Kind::reinstantiated);
  instance.launch();
  CHECK(read_buffer<float>(instance, "counter") == [] {
    std::vector<float> expected(1024, 0.0f);
    std::fill(expected.begin(), expected.begin() + 512, 1.0f);  // the kernel covers N elements
    return expected;
  }());
}

TEST_CASE("Instance::reload of a file with errors throws and keeps the instance", "[runtime][gpu]") {
  const std::string path = write_graph("broken", graph_text("2.0f", 128));
  Program program = Program::load(path);
  Instance instance = program.instantiate("live");
  const cudaGraphExec_t exec = instance.exec();

  write_graph("broken", graph_text("2.0f", 128, "    apply -> nowhere;\n"));
  const Error error = error_of([&] { (void)instance.reload(); });
  CHECK(error.code() == "E0102");
  CHECK(instance.exec() == exec);
  instance.launch();
  CHECK(read_buffer<float>(instance, "out") == scaled(2.0f));
  CHECK(read_buffer<float>(instance, "counter") == filled(1.0f));
}

}  // namespace
}  // namespace graphc::test
