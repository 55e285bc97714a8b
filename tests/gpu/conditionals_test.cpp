// Conditional nodes on the device: a WHILE runs until a kernel in its body clears its
// handle, and tests the handle before its first iteration too (a 0 set upstream runs the
// body no time), IF/ELSE and SWITCH run the body the data chose, a WHILE nested in an IF uses a
// handle created on the IF's body graph, and a param update reaches a kernel inside a
// loop's body. Each expected result is computed here on the CPU from the same inputs.
#include <catch2/catch.hpp>

#include <vector>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

const std::string kLoop = R"(module "cond_kernels.cu";
graph loop {
    buffer count : i32[1] device;
    param  limit : i32 = 5;
    cond again = 1;

    memset reset : count = 0;
    while spin (again) {
        kernel tick : count_up<<<1, 1>>>(again, count, limit);
    }
    reset -> spin;
}
)";

// What the loop leaves in `count`: CUDA tests the handle before every iteration, the first
// too (`enter`: its value when the node starts); each iteration counts and sets it to
// whether the count is below the limit.
int loop_count(int limit, bool enter = true) {
  int count = 0;
  for (bool again = enter; again; again = count < limit) ++count;
  return count;
}

TEST_CASE("a WHILE repeats its body until a kernel in it clears the handle, and set reaches the body",
          "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("loop"), kLoop);
  Instance instance = program.instantiate("loop");
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{loop_count(5)});

  instance.set("limit", 12);  // the kernel node inside the body gets the new argument
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{loop_count(12)});

  instance.set("limit", 0);  // the default 1 passes the first test: the body runs once
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{loop_count(0)});
}

// The handle is set upstream of the loop from device data, `start`, before the first test.
const std::string kGuarded = R"(module "cond_kernels.cu";
graph guarded {
    buffer count : i32[1] device;
    buffer start : i32[1] device = {0};
    cond again;

    memset reset : count = 0;
    kernel arm : set_from<<<1, 1>>>(again, start);
    while spin (again) {
        kernel tick : count_up<<<1, 1>>>(again, count, 4);
    }
    reset -> arm -> spin;
}
)";

TEST_CASE("a WHILE tests its handle before the first iteration: 0 set upstream runs the body no time",
          "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("guarded"), kGuarded);
  CHECK(program.warnings().empty());  // set upstream: no W0401
  Instance instance = program.instantiate("guarded");
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{loop_count(4, false)});
  CHECK(loop_count(4, false) == 0);

  const int one = 1;
  check_cuda(cudaMemcpy(instance.buffer("start"), &one, sizeof(one), cudaMemcpyHostToDevice), "cudaMemcpy");
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{loop_count(4, true)});
}

const std::string kBranches = R"(module "cond_kernels.cu";
graph branches {
    buffer flag   : i32[1] device = {0};
    buffer choice : i32[1] device = {2};
    buffer trace  : i32[2] device;
    cond yes;
    cond which;

    memset clear    : trace = 0;
    kernel set_yes  : set_from<<<1, 1>>>(yes, flag);
    kernel set_case : set_from<<<1, 1>>>(which, choice);
    if check (yes) {
        kernel then_ran : mark<<<1, 1>>>(trace, 0, 1);
    } else {
        kernel else_ran : mark<<<1, 1>>>(trace, 0, 2);
    }
    switch pick (which) {
        case 0 { kernel case0 : mark<<<1, 1>>>(trace, 1, 10); }
        case 1 { kernel case1 : mark<<<1, 1>>>(trace, 1, 11); }
        case 2 { kernel case2 : mark<<<1, 1>>>(trace, 1, 12); }
    }
    clear -> {set_yes, set_case};
    set_yes -> check;
    set_case -> pick;
}
)";

// trace as the CPU computes it: [0] which IF body ran (1 then, 2 else), [1] 10 + the
// SWITCH case that ran, 0 when the value matches no case.
std::vector<int> expected_trace(int flag, int choice) {
  return {flag != 0 ? 1 : 2, choice >= 0 && choice < 3 ? 10 + choice : 0};
}

void write_int(Instance& instance, const std::string& buffer, int value) {
  check_cuda(cudaMemcpy(instance.buffer(buffer), &value, sizeof(value), cudaMemcpyHostToDevice), "cudaMemcpy");
}

TEST_CASE("IF/ELSE and SWITCH run the body that the data on the device chose", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("branches"), kBranches);
  Instance instance = program.instantiate("branches");
  for (const auto& [flag, choice] : std::vector<std::pair<int, int>>{{0, 2}, {1, 0}, {7, 1}, {0, 3}}) {
    INFO("flag " << flag << ", choice " << choice);
    write_int(instance, "flag", flag);
    write_int(instance, "choice", choice);
    instance.launch();
    CHECK(read_buffer<int>(instance, "trace") == expected_trace(flag, choice));
  }
}

const std::string kNested = R"(module "cond_kernels.cu";
graph nested {
    buffer go    : i32[1] device = {1};
    buffer count : i32[1] device;
    cond enter;

    memset reset : count = 0;
    kernel decide : set_from<<<1, 1>>>(enter, go);
    if outer (enter) {
        cond more = 1;
        while inner (more) {
            kernel tick : count_up<<<1, 1>>>(more, count, 3);
        }
    }
    reset -> decide -> outer;
}
)";

TEST_CASE("a WHILE nested in an IF, its handle created on the IF's body graph", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("nested"), kNested);
  Instance instance = program.instantiate("nested");
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{loop_count(3)});
  write_int(instance, "go", 0);
  instance.launch();
  CHECK(read_buffer<int>(instance, "count") == std::vector<int>{0});  // reset ran, the IF's body did not
}

TEST_CASE("the built graph has one conditional node per if, while and switch", "[runtime][gpu]") {
  Program program = Program::from_text(graph_path("branches"), kBranches);
  const Instance instance = program.instantiate("branches");
  cudaGraphNodeType type{};
  check_cuda(cudaGraphNodeGetType(instance.node("check"), &type), "cudaGraphNodeGetType");
  CHECK(type == cudaGraphNodeTypeConditional);
  check_cuda(cudaGraphNodeGetType(instance.node("case1"), &type), "cudaGraphNodeGetType");
  CHECK(type == cudaGraphNodeTypeKernel);  // a body's node, by name like any other
  std::size_t count = 0;
  check_cuda(cudaGraphGetNodes(instance.graph(), nullptr, &count), "cudaGraphGetNodes");
  CHECK(count == 5);  // clear, set_yes, set_case, check, pick: bodies are graphs of their own
}

}  // namespace
}  // namespace graphc::test
