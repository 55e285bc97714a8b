// A trace recorded on an H100 (data/profiled.trace.json: `graphc run --graph profiled
// --launches 10 --profile --trace` of tests/gpu/data/profiled.graph) read back: its runs,
// counts and order by known lengths, its critical path, and python3's JSON parser accepting
// what chrome_trace writes.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "backend_test_support.h"
#include "profile/chrome_trace.h"
#include "profile/critical_path.h"
#include "profile/node_totals.h"

using namespace graphc;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Profile recorded() { return profile::read_chrome_trace(read_file(GRAPHC_PROFILE_DATA_DIR "/profiled.trace.json")); }

}  // namespace

TEST_CASE("a recorded trace reads back with every run, counted and ordered by the kernels' lengths", "[profile]") {
  const Profile profile = recorded();
  CHECK(profile.graph == "profiled");
  CHECK(profile.launches == 10);
  CHECK(profile.unmapped_runs == 0);
  CHECK(profile.runs.size() == 13 * 10);
  std::vector<std::string> order;
  for (const profile::NodeTotal& total : profile::node_totals(profile)) {
    order.push_back(total.node);
    CHECK(total.count == (total.node == "step" ? 50 : 10));
  }
  CHECK(order == std::vector<std::string>{"long_a", "long_b", "short_a", "inside", "short_b", "step", "nested/leaf",
                                          "decide", "reset"});
}

TEST_CASE("the critical path of a recorded trace is the branch of the longest kernels", "[profile]") {
  const auto c = test::compile(GRAPHC_PROFILED_GRAPH, read_file(GRAPHC_PROFILED_GRAPH));
  const ir::Graph& graph = c->module.graph(*c->module.find_graph("profiled"));
  const Profile profile = recorded();
  const profile::CriticalPath path = profile::critical_path(c->module, graph, profile);
  CHECK(path.nodes == std::vector<std::string>{"reset", "long_a", "long_b", "step", "nested/leaf", "decide", "inside"});
  double launch_ns = 0;
  for (const std::uint64_t ns : profile.launch_ns) launch_ns += static_cast<double>(ns) / 10;
  CHECK(path.length_ns < launch_ns);
  CHECK(path.length_ns + path.gaps_ns() == Approx(launch_ns).epsilon(0.02));
}

TEST_CASE("python3's JSON parser reads the trace chrome_trace writes", "[profile]") {
  const std::string python = GRAPHC_PYTHON;
  REQUIRE_FALSE(python.empty());  // scripts/setup installs python3
  const std::string path = std::string(GRAPHC_TEST_BINARY_DIR) + "/rewritten.trace.json";
  std::ofstream(path) << profile::chrome_trace(recorded());
  const std::string command =
      python +
      " -c \"import json, sys; t = json.load(open(sys.argv[1])); "
      "assert sum(e['ph'] == 'X' and e['cat'] != 'launch' for e in t['traceEvents']) == 130\" " +
      path;
  CHECK(std::system(command.c_str()) == 0);
}
