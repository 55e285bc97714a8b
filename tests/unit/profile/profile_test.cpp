// Profiles without a device: a profile of known times (what Instance::profile returns) summed
// per node, its critical path through a fork, a loop body and a call, the report, the Chrome
// trace written and read back, and the DOT picture coloured by time.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "backend/dot/emit_dot.h"
#include "backend_test_support.h"
#include "profile/chrome_trace.h"
#include "profile/critical_path.h"
#include "profile/node_totals.h"
#include "profile/profile_report.h"

using namespace graphc;

namespace {

const char* const kGraph = R"(module "k.cu";
graph leaf {
    kernel tail : k<<<1, 1>>>();
}
graph g {
    buffer x : f32[4] device;
    cond again = 1;
    memset reset : x = 0;
    kernel a1 : k<<<1, 1>>>();
    kernel a2 : k<<<1, 1>>>();
    kernel b1 : k<<<1, 1>>>();
    while loop (again) {
        kernel step : k<<<1, 1>>>();
    }
    call c : leaf;
    reset -> a1 -> a2 -> loop;
    reset -> b1 -> loop;
    loop -> c;
}
)";

// Two launches 100 us apart, each: reset 1 us; a1 10 us and b1 5 us side by side; a2 10 us;
// three 2 us iterations of step; c's tail 1 us; 1 us between each node and the next.
Profile known_profile() {
  Profile profile;
  profile.graph = "g";
  profile.file = "t.graph";
  profile.launches = 2;
  profile.plain_launch_us = 40;
  profile.profiled_launch_us = 50;
  const auto run = [&](const char* node, const char* kind, std::uint32_t line, std::uint64_t start, std::uint64_t end,
                       std::uint32_t launch, std::uint32_t iteration) {
    const std::uint64_t base = launch * 100000ULL;
    profile.runs.push_back(NodeRun{node, kind, "t.graph", line, 5, kind == std::string("kernel") ? "k" : "",
                                   base + start, base + end, launch, iteration});
  };
  for (std::uint32_t launch = 0; launch < 2; ++launch) {
    run("reset", "memset", 8, 0, 1000, launch, 0);
    run("a1", "kernel", 9, 2000, 12000, launch, 0);
    run("b1", "kernel", 11, 2000, 7000, launch, 0);
    run("a2", "kernel", 10, 13000, 23000, launch, 0);
    for (std::uint32_t i = 0; i < 3; ++i) run("step", "kernel", 13, 24000 + i * 3000, 26000 + i * 3000, launch, i);
    run("c/tail", "kernel", 3, 33000, 34000, launch, 0);
  }
  profile.launch_ns = {34000, 34000};
  return profile;
}

}  // namespace

TEST_CASE("node totals count each node's runs and sort by device time", "[profile]") {
  const std::vector<profile::NodeTotal> totals = profile::node_totals(known_profile());
  std::vector<std::string> order;
  for (const profile::NodeTotal& total : totals) order.push_back(total.node);
  CHECK(order == std::vector<std::string>{"a1", "a2", "step", "b1", "c/tail", "reset"});
  CHECK(totals[2].count == 6);
  CHECK(totals[2].total_ns == 12000);
  CHECK(totals[2].mean_ns() == 2000.0);
  CHECK(totals[0].line == 9);
  CHECK(profile::per_launch_ns(totals, "a1", 2) == 10000.0);
  CHECK(profile::per_launch_ns(totals, "missing", 2) == 0.0);
}

TEST_CASE("the critical path follows the longest branch through a loop body and a call", "[profile]") {
  const auto c = test::compile("t.graph", kGraph);
  const ir::Graph& graph = c->module.graph(*c->module.find_graph("g"));
  const profile::CriticalPath path = profile::critical_path(c->module, graph, known_profile());
  CHECK(path.nodes == std::vector<std::string>{"reset", "a1", "a2", "step", "c/tail"});
  CHECK(path.length_ns == 28000.0);
  REQUIRE(path.gaps.size() == 4);
  for (const profile::Gap& gap : path.gaps) CHECK(gap.mean_ns == 1000.0);
  CHECK(path.gaps[2].from == "a2");
  CHECK(path.gaps[2].to == "step");
  REQUIRE(path.iteration_gaps.size() == 1);  // step's three iterations, 1 us apart
  CHECK(path.iteration_gaps[0].from == "step");
  CHECK(path.iteration_gaps[0].to == "step");
  CHECK(path.iteration_gaps[0].mean_ns == 2000.0);
  CHECK(path.gaps_ns() == 6000.0);
}

TEST_CASE("the critical path takes the other branch when it is longer", "[profile]") {
  const auto c = test::compile("t.graph", kGraph);
  const ir::Graph& graph = c->module.graph(*c->module.find_graph("g"));
  Profile profile = known_profile();
  for (NodeRun& run : profile.runs) {
    if (run.node == "b1") run.end_ns += 30000;
  }
  CHECK(profile::critical_path(c->module, graph, profile).nodes ==
        std::vector<std::string>{"reset", "b1", "step", "c/tail"});
}

TEST_CASE("the report lists every node, the critical path against the launch and the gaps", "[profile]") {
  const auto c = test::compile("t.graph", kGraph);
  const ir::Graph& graph = c->module.graph(*c->module.find_graph("g"));
  const std::vector<std::string> lines = test::lines_of(profile::profile_report(c->module, graph, known_profile()));
  const std::vector<std::string> expected{
      "profile of graph 'g' (t.graph), 2 launches: 34.0 us per launch on the device",
      "profiler overhead: 50.0 us per launch with CUPTI recording, 40.0 us without (+25.0%; cudaEvent around each "
      "launch)",
      "",
      "node    kind    source      count  total us  mean us  share",
      "a1      kernel  t.graph:9       2      20.0     10.0  29.4%",
      "a2      kernel  t.graph:10      2      20.0     10.0  29.4%",
      "step    kernel  t.graph:13      6      12.0      2.0  17.6%",
      "b1      kernel  t.graph:11      2      10.0      5.0  14.7%",
      "c/tail  kernel  t.graph:3       2       2.0      1.0   2.9%",
      "reset   memset  t.graph:8       2       2.0      1.0   2.9%",
      "",
      "critical path: 28.0 us of device time per launch, 82.4% of the launch's 34.0 us",
      "  reset -> a1 -> a2 -> step -> c/tail",
      "idle gaps between its nodes (mean per launch; launch latency between dependent nodes):",
      "  from   to                      gap us",
      "  reset  a1                        1.00",
      "  a1     a2                        1.00",
      "  a2     step                      1.00",
      "  step   c/tail                    1.00",
      "  step   step (next iterations)    2.00",
      "  total                            6.00",
  };
  REQUIRE(lines.size() == expected.size());
  for (std::size_t i = 0; i < lines.size(); ++i) CHECK(lines[i] == expected[i]);
}

TEST_CASE("a Chrome trace holds an event per run on concurrent lanes, and reads back", "[profile]") {
  const Profile profile = known_profile();
  const std::string trace = profile::chrome_trace(profile);
  // a1 and b1 start together: b1 goes to the second lane.
  CHECK_THAT(trace, Catch::Contains(R"({"ph": "X", "name": "a1", "cat": "kernel", "pid": 1, "tid": 1, "ts": 2.000, )"
                                    R"("dur": 10.000, "args": {"source": "t.graph:9:5", "launch": 0, "iteration": 0, )"
                                    R"("function": "k"}})"));
  CHECK_THAT(trace, Catch::Contains(R"("name": "b1", "cat": "kernel", "pid": 1, "tid": 2, "ts": 2.000)"));
  CHECK_THAT(trace, Catch::Contains(R"({"ph": "X", "name": "launch 1", "cat": "launch", "pid": 1, "tid": 0, )"
                                    R"("ts": 100.000, "dur": 34.000, "args": {"launch": 1}})"));

  const Profile back = profile::read_chrome_trace(trace);
  CHECK(back.graph == "g");
  CHECK(back.file == "t.graph");
  CHECK(back.launches == 2);
  CHECK(back.plain_launch_us == 40.0);
  CHECK(back.launch_ns == profile.launch_ns);
  REQUIRE(back.runs.size() == profile.runs.size());
  std::vector<NodeRun> sorted = profile.runs;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const NodeRun& a, const NodeRun& b) { return a.start_ns < b.start_ns; });
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    const NodeRun& a = sorted[i];
    const NodeRun& b = back.runs[i];
    CHECK(std::tie(a.node, a.kind, a.file, a.line, a.column, a.function, a.start_ns, a.end_ns, a.launch, a.iteration) ==
          std::tie(b.node, b.kind, b.file, b.line, b.column, b.function, b.start_ns, b.end_ns, b.launch, b.iteration));
  }
}

TEST_CASE("reading a trace that is not graphc's says what is wrong", "[profile]") {
  CHECK_THROWS_WITH(profile::read_chrome_trace("{\"traceEvents\": ["), Catch::StartsWith("not JSON"));
  CHECK_THROWS_WITH(profile::read_chrome_trace("{\"traceEvents\": []}"), Catch::Contains("no \"otherData\""));
  std::string trace = profile::chrome_trace(known_profile());
  trace.replace(trace.find("\"source\": \"t.graph:9:5\""), 23, "\"source\": \"t.graph\"");
  CHECK_THROWS_WITH(profile::read_chrome_trace(trace), Catch::Contains("\"source\" is not file:line:col"));
}

TEST_CASE("DOT with a profile labels each node with its time and fills it by heat", "[profile]") {
  const auto c = test::compile("t.graph", kGraph);
  const ir::Graph& graph = c->module.graph(*c->module.find_graph("g"));
  backend::DotTimes times;
  times.title = "graph 'g', 2 launches";
  for (const profile::NodeTotal& total : profile::node_totals(known_profile())) {
    times.per_launch_ns[total.node] = static_cast<double>(total.total_ns) / 2;
  }
  const std::string dot = backend::emit_dot(graph, &times);
  CHECK_THAT(
      dot, Catch::Contains(R"x(label="graph 'g', 2 launches: device time per launch (white 0 us, red the hottest)")x"));
  // a1 is the hottest (10 us): red; b1 half of it; the call node c carries its tail's 1 us.
  CHECK_THAT(
      dot,
      Catch::Contains(
          R"("a1" [shape=box, style=filled, fillcolor="#d7301f", label="a1\nk<<<(1, 1, 1), (1, 1, 1), 0>>>()\n10.0 us per launch"];)"));
  CHECK_THAT(dot, Catch::Contains(R"("b1" [shape=box, style=filled, fillcolor="#eb988f", label=)"));
  CHECK_THAT(
      dot, Catch::Contains(
               R"("c" [shape=box3d, style=filled, fillcolor="#fbeae9", label="c\ncall leaf()\n1.0 us per launch"];)"));
  // The loop's diamond ran nothing itself: white, no time line.
  CHECK_THAT(dot, Catch::Contains(
                      R"x("loop" [shape=diamond, style=filled, fillcolor="#ffffff", label="loop\nwhile (again)"];)x"));
  CHECK(backend::emit_dot(graph) == backend::emit_dot(graph, nullptr));
  CHECK(backend::emit_dot(graph).find("fillcolor") == std::string::npos);
}
