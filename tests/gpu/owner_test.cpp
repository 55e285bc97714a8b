// The generated class Graph owns its graph on the device (data/owner.graph): constructed, it
// has built, instantiated and uploaded the graph, and launch() runs it; set_NAME() changes
// what the next launch makes, set_enabled(..., false) skips a node, a moved-to Graph
// launches the same exec with the same state, the Configure constructor sets the host
// node's function before build() reads it, and the Bindings constructor uses the caller's
// memory and params. Every result is checked against a CPU reference, on the host and as
// the host node saw it.
#include <catch2/catch.hpp>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "gpu_test_support.h"
#include "owner.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::owned;

// y = x * scale (+ add when `shifted` runs), x = 0, 1, 2, ...
std::vector<float> expected(float scale, float add, bool shifted) {
  std::vector<float> y(gen::y_count);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = static_cast<float>(i) * scale + (shifted ? add : 0.0f);
  return y;
}

// What host node 'report' saw, one h_y per launch: its function, record(), copies h_y
// (pinned, after the download copy) into `launches`.
struct Reports {
  const float* h_y = nullptr;
  std::vector<std::vector<float>> launches;
};

void CUDART_CB record(void* data) {
  auto* reports = static_cast<Reports*>(data);
  reports->launches.emplace_back(reports->h_y, reports->h_y + gen::h_y_count);
}

// A Configure for gen::Graph: the host node's function and `reports` as its data, and
// h_y for record() to read.
auto reporting_to(Reports& reports) {
  return [&reports](gen::Bindings& b) {
    b.record = &record;
    b.record_data = &reports;
    reports.h_y = b.h_y;
  };
}

StreamHandle create_stream() {
  cudaStream_t stream = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  return StreamHandle(stream);
}

// Launches `g` on `stream`, waits, and returns h_y.
std::vector<float> run(const gen::Graph& g, cudaStream_t stream) {
  g.launch(stream);
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  return read<float>(g.bindings().h_y, gen::h_y_count);
}

TEST_CASE("the generated Graph launches, updates in place, skips a disabled node and moves", "[codegen][gpu]") {
  const StreamHandle stream = create_stream();
  Reports reports;
  gen::Graph g(reporting_to(reports), stream.get());
  REQUIRE(g.graph() != nullptr);
  REQUIRE(g.exec() != nullptr);
  CHECK(g.bindings().record_data == &reports);
  CHECK(reports.launches.empty());  // built and uploaded, not launched

  CHECK(run(g, stream.get()) == expected(2.0f, 1.0f, true));
  REQUIRE(reports.launches.size() == 1);
  CHECK(reports.launches[0] == expected(2.0f, 1.0f, true));

  g.set_scale(3.0f);
  CHECK(g.bindings().scale == 3.0f);
  CHECK(run(g, stream.get()) == expected(3.0f, 1.0f, true));
  g.set_add(-5.0f);
  CHECK(run(g, stream.get()) == expected(3.0f, -5.0f, true));

  CHECK(g.enabled(gen::Switchable::shifted));
  g.set_enabled(gen::Switchable::shifted, false);
  CHECK_FALSE(g.enabled(gen::Switchable::shifted));
  CHECK(g.enabled(gen::Switchable::scaled));
  CHECK(run(g, stream.get()) == expected(3.0f, -5.0f, false));
  REQUIRE(reports.launches.size() == 4);
  CHECK(reports.launches[3] == expected(3.0f, -5.0f, false));

  // Moved: the same graph and exec, with the same params, switches and buffers; the
  // moved-from Graph owns nothing.
  const cudaGraph_t graph = g.graph();
  const cudaGraphExec_t exec = g.exec();
  const float* h_y = g.bindings().h_y;
  gen::Graph moved(std::move(g));
  CHECK(g.graph() == nullptr);
  CHECK(g.exec() == nullptr);
  CHECK(moved.graph() == graph);
  CHECK(moved.exec() == exec);
  CHECK(moved.bindings().h_y == h_y);
  CHECK(moved.bindings().scale == 3.0f);
  CHECK_FALSE(moved.enabled(gen::Switchable::shifted));
  CHECK(run(moved, stream.get()) == expected(3.0f, -5.0f, false));
  moved.set_enabled(gen::Switchable::shifted, true);
  moved.set_scale(0.5f);
  CHECK(run(moved, stream.get()) == expected(0.5f, -5.0f, true));
  REQUIRE(reports.launches.size() == 6);
  CHECK(reports.launches[5] == expected(0.5f, -5.0f, true));

  // Move-assigned over a Graph of its own, which is destroyed: the assigned-to one runs.
  Reports other_reports;
  gen::Graph assigned(reporting_to(other_reports), stream.get());
  assigned = std::move(moved);
  CHECK(assigned.exec() == exec);
  CHECK(run(assigned, stream.get()) == expected(0.5f, -5.0f, true));
  CHECK(reports.launches.size() == 7);
  CHECK(other_reports.launches.empty());
}

TEST_CASE("the generated Graph's Configure sets the host function build() needs: without it, R0008", "[codegen][gpu]") {
  const Error missing = error_of([] { const gen::Graph g; });
  CHECK(missing.code() == "R0008");
  CHECK_THAT(missing.what(), Catch::Contains("owner.graph:19:10") &&
                                 Catch::Contains("host function 'record' of node 'report' is not set"));
}

TEST_CASE("the generated Graph built from the caller's Bindings uses the caller's memory and params",
          "[codegen][gpu]") {
  const gen::Storage storage;
  gen::Bindings b = storage.bindings();
  Allocation<float> mine(gen::h_y_count, MemorySpace::host, "mine");
  Reports reports;
  reports.h_y = mine.get();
  b.h_y = mine.get();
  b.scale = 4.0f;
  b.record = &record;
  b.record_data = &reports;
  const gen::Graph g(b);
  CHECK(g.bindings().h_y == mine.get());
  g.launch(nullptr);
  check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  CHECK(read<float>(mine.get(), gen::h_y_count) == expected(4.0f, 1.0f, true));
  REQUIRE(reports.launches.size() == 1);
  CHECK(reports.launches[0] == expected(4.0f, 1.0f, true));
}

}  // namespace
}  // namespace graphc::test
