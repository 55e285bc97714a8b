// Events: record and wait nodes order work across graphs and streams (checked against a
// CPU reference), the host can wait on a recorded event through Bindings::event, the
// instance creates an event per declaration and names the unknown ones (R0016), and a
// null bound event is R0017.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <type_traits>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

struct EventDeleter {
  void operator()(cudaEvent_t e) const { cudaEventDestroy(e); }
};
struct StreamDeleter {
  void operator()(cudaStream_t s) const { cudaStreamDestroy(s); }
};
struct DeviceDeleter {
  void operator()(void* p) const { cudaFree(p); }
};
using UniqueEvent = std::unique_ptr<std::remove_pointer_t<cudaEvent_t>, EventDeleter>;
using UniqueStream = std::unique_ptr<std::remove_pointer_t<cudaStream_t>, StreamDeleter>;
using UniqueDevice = std::unique_ptr<void, DeviceDeleter>;

UniqueEvent make_event() {
  cudaEvent_t e = nullptr;
  check_cuda(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  return UniqueEvent(e);
}

UniqueStream make_stream() {
  cudaStream_t s = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  return UniqueStream(s);
}

UniqueDevice zeroed_device(std::size_t bytes) {
  void* p = nullptr;
  check_cuda(cudaMalloc(&p, bytes), "cudaMalloc");
  check_cuda(cudaMemset(p, 0, bytes), "cudaMemset");
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  return UniqueDevice(p);
}

constexpr std::size_t kN = 4096;  // const N of events.graph

TEST_CASE("a wait node orders a graph's kernel after a record node of a graph on another stream", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/events.graph");
  const UniqueDevice x = zeroed_device(kN * sizeof(float));
  const UniqueEvent ready = make_event();
  Bindings bindings;
  bindings.buffer("x", x.get(), kN * sizeof(float));
  bindings.event("ready", ready.get());
  Instance produce = program.instantiate("produce", bindings);
  Instance consume = program.instantiate("consume", bindings);
  CHECK(produce.event("ready") == ready.get());
  CHECK(consume.event("ready") == ready.get());

  // produce spins for ~20M cycles before it writes x = 3; consume, on another stream,
  // would read x = 0 unless its wait node orders it after produce's record node.
  const UniqueStream first = make_stream();
  const UniqueStream second = make_stream();
  produce.launch(first.get());
  consume.launch(second.get());
  check_cuda(cudaStreamSynchronize(second.get()), "cudaStreamSynchronize");
  // The CPU reference: y = 2 * x + 1 with x as produce writes it.
  const std::vector<float> expected(kN, 2.0f * 3.0f + 1.0f);
  CHECK(read_buffer<float>(consume, "y") == expected);
}

TEST_CASE("the host waits on a bound event for the nodes before the record, not the whole graph", "[runtime][gpu]") {
  const std::string text = R"(module "event_kernels.cu";
graph host_wait {
    const N = 4096;
    event  copied;
    buffer x    : f32[N] device;
    buffer h    : f32[N] host;
    buffer tail : f32[N] device;

    kernel produce : slow_fill<<<ceil_div(N, 256), 256>>>(x, 5.0f, 1000000ll, N);
    copy   fetch   : h <- x;
    record mark    : copied;
    kernel later   : slow_fill<<<1, 32>>>(tail, 1.0f, 400000000ll, 32);
    produce -> fetch -> mark -> later;
}
)";
  Program program = Program::from_text(graph_path("host_wait"), text);
  const UniqueEvent copied = make_event();
  Bindings bindings;
  bindings.event("copied", copied.get());
  Instance instance = program.instantiate("host_wait", bindings);
  REQUIRE(instance.event("copied") == copied.get());
  const UniqueStream stream = make_stream();
  instance.launch(stream.get());
  check_cuda(cudaEventSynchronize(copied.get()), "cudaEventSynchronize");
  // `later` spins for ~400M cycles after the record: the graph is still running, and the
  // pinned host buffer already holds what the copy before the record wrote.
  CHECK(cudaStreamQuery(stream.get()) == cudaErrorNotReady);
  const auto* h = static_cast<const float*>(instance.buffer("h"));
  CHECK(std::vector<float>(h, h + kN) == std::vector<float>(kN, 5.0f));
  check_cuda(cudaStreamSynchronize(stream.get()), "cudaStreamSynchronize");
}

TEST_CASE("the instance creates an event per declaration, unknown names are R0016", "[runtime][gpu]") {
  const std::string path = data_dir() + "/events.graph";
  Program program = Program::load(path);
  Instance produce = program.instantiate("produce");
  cudaEvent_t ready = produce.event("ready");
  REQUIRE(ready != nullptr);
  produce.launch();
  check_cuda(cudaEventSynchronize(ready), "cudaEventSynchronize");
  CHECK(cudaEventQuery(ready) == cudaSuccess);

  const Error unknown = error_of([&] { static_cast<void>(produce.event("redy")); });
  CHECK(unknown.code() == "R0016");
  CHECK_THAT(unknown.what(), Catch::Contains("error[R0016]: graph 'produce' has no event 'redy'"));
  CHECK_THAT(unknown.what(), Catch::Contains("did you mean 'ready'?"));

  Bindings bad;
  bad.event("unknown", nullptr);
  const Error bound = error_of([&] { program.instantiate("produce", bad); });
  CHECK(bound.code() == "R0016");
}

TEST_CASE("timing events give the time between two record nodes, and other events are R0048", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/events.graph");
  Instance instance = program.instantiate("timed");
  const auto launched = std::chrono::steady_clock::now();
  instance.launch();
  const float ms = instance.elapsed_ms("start", "stop");  // waits for `stop`
  const double host_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - launched).count();
  // slow_fill spins 2e7 cycles: at most 2 GHz on an H100, so at least 10 ms; never longer
  // than the host saw from the launch to the wait's end.
  CHECK(ms >= 9.0f);
  CHECK(ms <= host_ms + 0.5);
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(4096, 3.0f));

  const Error untimed = error_of([&] { static_cast<void>(instance.elapsed_ms("start", "plain")); });
  CHECK(untimed.code() == "R0048");
  CHECK_THAT(untimed.what(),
             Catch::Contains("events.graph:35:11: error[R0048]: event 'plain' is not declared [timing]"));
  CHECK(error_of([&] { static_cast<void>(instance.elapsed_ms("start", "stp")); }).code() == "R0016");
}

TEST_CASE("a null event bound for a record node is R0017 at the node", "[runtime][gpu]") {
  const std::string path = data_dir() + "/events.graph";
  Program program = Program::load(path);
  Bindings bindings;
  bindings.event("ready", nullptr);
  const Error e = error_of([&] { program.instantiate("produce", bindings); });
  CHECK(e.code() == "R0017");
  CHECK_THAT(e.what(), Catch::Contains("error[R0017]: event 'ready' of node 'mark' is not set in the bindings"));
}

TEST_CASE("record and wait nodes reach CUDA as event nodes on the instance's events", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/events.graph");
  Instance consume = program.instantiate("consume");
  cudaGraphNodeType type{};
  check_cuda(cudaGraphNodeGetType(consume.node("hold"), &type), "cudaGraphNodeGetType");
  CHECK(type == cudaGraphNodeTypeWaitEvent);
  cudaEvent_t event = nullptr;
  check_cuda(cudaGraphEventWaitNodeGetEvent(consume.node("hold"), &event), "cudaGraphEventWaitNodeGetEvent");
  CHECK(event == consume.event("ready"));

  Instance produce = program.instantiate("produce");
  check_cuda(cudaGraphNodeGetType(produce.node("mark"), &type), "cudaGraphNodeGetType");
  CHECK(type == cudaGraphNodeTypeEventRecord);
  check_cuda(cudaGraphEventRecordNodeGetEvent(produce.node("mark"), &event), "cudaGraphEventRecordNodeGetEvent");
  CHECK(event == produce.event("ready"));
}

}  // namespace
}  // namespace graphc::test
