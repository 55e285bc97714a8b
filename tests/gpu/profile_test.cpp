// Instance::profile on the device: spin kernels of known lengths (data/profiled.graph) in a
// fork, a WHILE body that runs 5 times, a call and an IF. The profile names every node that
// ran, counts the body's node once per iteration, orders the nodes by their known lengths,
// finds the long branch as the critical path, and its Chrome trace reads back with an event
// per node run. The expected values come from the graph's cycle counts, not from the GPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "graphc/introspect.h"
#include "profile/chrome_trace.h"
#include "profile/critical_path.h"
#include "profile/node_totals.h"

namespace graphc::test {
namespace {

constexpr std::uint32_t kLaunches = 3;

TEST_CASE("a profile names every node that ran, with its runs, source line and order by device time",
          "[runtime][gpu][profile]") {
  Program program = Program::load(data_dir() + "/profiled.graph");
  Instance instance = program.instantiate("profiled");
  const Profile profile = instance.profile(kLaunches);

  CHECK(profile.graph == "profiled");
  CHECK(profile.launches == kLaunches);
  CHECK(profile.unmapped_runs == 0);
  INFO(profile.unmapped_reason);
  const std::vector<profile::NodeTotal> totals = profile::node_totals(profile);
  std::map<std::string, profile::NodeTotal> by_node;
  for (const profile::NodeTotal& total : totals) by_node[total.node] = total;
  const std::set<std::string> ran{"reset", "long_a",      "long_b", "short_a", "short_b",
                                  "step",  "nested/leaf", "decide", "inside"};
  std::set<std::string> named;
  for (const auto& [node, total] : by_node) named.insert(node);
  CHECK(named == ran);

  // The WHILE's body node once per iteration, every other node once per launch.
  for (const auto& [node, total] : by_node) {
    INFO(node);
    CHECK(total.count == (node == "step" ? 5 * kLaunches : kLaunches));
  }
  CHECK(by_node["reset"].kind == "memset");
  CHECK(by_node["nested/leaf"].kind == "kernel");
  CHECK(by_node["long_a"].line == 19);
  CHECK(by_node["long_a"].file == data_dir() + "/profiled.graph");
  CHECK(by_node["nested/leaf"].line == 9);

  // By total device time, as the cycle counts order them.
  const std::vector<std::string> expected{"long_a", "long_b", "short_a", "inside", "short_b", "step", "nested/leaf"};
  std::vector<std::string> spins;
  for (const profile::NodeTotal& total : totals) {
    if (std::find(expected.begin(), expected.end(), total.node) != expected.end()) spins.push_back(total.node);
  }
  CHECK(spins == expected);

  // Each launch's step runs are iterations 0 to 4, in order, one after the other.
  for (std::uint32_t launch = 0; launch < kLaunches; ++launch) {
    std::vector<std::uint32_t> iterations;
    const NodeRun* before = nullptr;
    for (const NodeRun& run : profile.runs) {
      if (run.node != "step" || run.launch != launch) continue;
      iterations.push_back(run.iteration);
      if (before != nullptr) CHECK(run.start_ns >= before->end_ns);
      before = &run;
    }
    CHECK(iterations == std::vector<std::uint32_t>{0, 1, 2, 3, 4});
    CHECK(profile.launch_ns[launch] > 0);
  }
  CHECK(profile.plain_launch_us > 0);
  CHECK(profile.profiled_launch_us > 0);
}

TEST_CASE("a profile's critical path is the branch of the longest kernels, and its trace reads back",
          "[runtime][gpu][profile]") {
  Program program = Program::load(data_dir() + "/profiled.graph");
  Instance instance = program.instantiate("profiled");
  const Profile profile = instance.profile(kLaunches);

  const ir::Module& module = ir_of(program);
  const profile::CriticalPath path = profile::critical_path(module, ir_of(instance), profile);
  CHECK(path.nodes == std::vector<std::string>{"reset", "long_a", "long_b", "step", "nested/leaf", "decide", "inside"});
  // The path's length is a mean over the launches, so it is bounded by their mean length (a
  // single launch may run faster than the mean when other work shares the GPU).
  const double launch_ns =
      std::accumulate(profile.launch_ns.begin(), profile.launch_ns.end(), 0.0) / static_cast<double>(kLaunches);
  CHECK(path.length_ns > 0.5 * launch_ns);
  CHECK(path.length_ns <= 1.05 * launch_ns);
  CHECK(path.gaps.size() == path.nodes.size() - 1);

  const Profile back = profile::read_chrome_trace(profile::chrome_trace(profile));
  CHECK(back.runs.size() == profile.runs.size());
  CHECK(back.runs.size() == 8 * kLaunches + 5 * kLaunches);
  CHECK(profile::node_totals(back).front().node == "long_a");
}

TEST_CASE("a profile leaves the instance's own exec as it was, and the profiled graph runs on its buffers",
          "[runtime][gpu][profile]") {
  Program program = Program::load(data_dir() + "/profiled.graph");
  Instance instance = program.instantiate("profiled");
  const cudaGraphExec_t exec = instance.exec();
  int no = 0;
  check_cuda(cudaMemcpy(instance.buffer("flag"), &no, sizeof no, cudaMemcpyHostToDevice), "cudaMemcpy");
  const Profile profile = instance.profile(1);
  CHECK(instance.exec() == exec);
  // The IF's body does not run once the flag is 0; the nodes before it do.
  const auto ran = [&](const std::string& node) {
    return std::any_of(profile.runs.begin(), profile.runs.end(), [&](const NodeRun& run) { return run.node == node; });
  };
  CHECK_FALSE(ran("inside"));
  CHECK(ran("decide"));
  CHECK_THROWS_WITH(instance.profile(0), Catch::Contains("R0062") && Catch::Contains("at least one launch"));
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{5});
}

// A WHILE in an IF's body, whose body nodes CUDA flattens two levels down, and a call in a
// loop body.
const std::string kNested = R"(module "spin_kernels.cu";
graph leaf {
    kernel tail : spin<<<1, 32>>>(50000ll);
}
graph nested {
    buffer count : i32[1] device;
    buffer flag  : i32[1] device = {1};
    cond taken;
    memset reset  : count = 0;
    kernel decide : decide_from<<<1, 1>>>(taken, flag);
    if outer (taken) {
        cond again = 1;
        kernel first : spin<<<1, 32>>>(100000ll);
        while inner (again) {
            kernel deep : spin_count<<<1, 32>>>(40000ll, again, count, 3);
            call   each : leaf;
            deep -> each;
        }
        first -> inner;
    }
    reset -> decide -> outer;
}
)";

TEST_CASE("a profile names the nodes of a loop inside an IF's body and of a call inside the loop",
          "[runtime][gpu][profile]") {
  Program program = Program::from_text(graph_path("nested"), kNested);
  Instance instance = program.instantiate("nested");
  const Profile profile = instance.profile(2);
  INFO(profile.unmapped_reason);
  CHECK(profile.unmapped_runs == 0);
  std::map<std::string, std::uint32_t> counts;
  for (const profile::NodeTotal& total : profile::node_totals(profile)) counts[total.node] = total.count;
  CHECK(counts ==
        std::map<std::string, std::uint32_t>{{"reset", 2}, {"decide", 2}, {"first", 2}, {"deep", 6}, {"each/tail", 6}});
}

}  // namespace
}  // namespace graphc::test
