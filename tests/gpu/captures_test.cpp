// Capture nodes on the device: cuBLAS GEMMs (f32, f16, bf16, transposed, strided-batched)
// against a CPU reference in double; the captured graph holds kernel nodes only (graphc's
// workspace), also inside a conditional body; Instance::set of a param a capture passes
// captures the node again and updates it in place, as Instance::bind of an operand does;
// functions registered with Bindings::capture (typed and untyped, forking to another stream and joining back); and
// every way a capture can fail, each reported with its code and the node's location.
#include <catch2/catch.hpp>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "capture_kernels.h"
#include "gemm_reference.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

// M x K times K x N (op(A) and op(B)), stored transposed where the node says so.
const std::string kGemms = R"(graph gemms {
    const M = 64;
    const N = 48;
    const K = 80;
    buffer a : f32[M * K] device;
    buffer b : f32[K * N] device;
    buffer c : f32[M * N] device;
    buffer at : f32[K * M] device;
    buffer bt : f32[N * K] device;
    buffer d : f32[M * N] device;
    param alpha : f32 = 1.5;
    capture nn : cublas.gemm(M, N, K, alpha, a, M, b, K, 0.5, c, M);
    capture tt : cublas.gemm<T, T>(M, N, K, 1, at, K, bt, N, 0, d, M);
}
)";

TEST_CASE("a cublas.gemm capture node multiplies f32 matrices as cuBLAS does", "[runtime][gpu][capture]") {
  Program program = Program::from_text(graph_path("gemms"), kGemms);
  Instance instance = program.instantiate("gemms");
  const std::vector<float> a = random_values(64 * 80, 1);
  const std::vector<float> b = random_values(80 * 48, 2);
  const std::vector<float> c = random_values(64 * 48, 3);
  // at and bt hold the transposes of a and b (column-major), so both products are a * b.
  std::vector<float> at(a.size());
  std::vector<float> bt(b.size());
  for (int i = 0; i < 64; ++i) {
    for (int p = 0; p < 80; ++p) at[p + i * 80] = a[i + p * 64];
  }
  for (int p = 0; p < 80; ++p) {
    for (int j = 0; j < 48; ++j) bt[j + p * 48] = b[p + j * 80];
  }
  upload(instance, "a", a);
  upload(instance, "b", b);
  upload(instance, "c", c);
  upload(instance, "at", at);
  upload(instance, "bt", bt);
  instance.launch();

  GemmCase nn{false, false, 64, 48, 80, 64, 80, 64};
  CHECK(max_relative_error(read_buffer<float>(instance, "c"), gemm_reference(nn, 1.5, a, b, 0.5, c)) < 1e-4);
  GemmCase tt{true, true, 64, 48, 80, 80, 48, 64};
  CHECK(max_relative_error(read_buffer<float>(instance, "d"), gemm_reference(tt, 1.0, at, bt, 0.0, c)) < 1e-4);

  // With graphc's workspace, cuBLAS captures as kernel nodes only: no mem alloc or free.
  for (const std::string node : {"nn", "tt"}) {
    cudaGraphNodeType type{};
    check_cuda(cudaGraphNodeGetType(instance.node(node), &type), "cudaGraphNodeGetType");
    CHECK(type == cudaGraphNodeTypeGraph);
    const std::vector<cudaGraphNodeType> types = captured_types(instance, node);
    CHECK_FALSE(types.empty());
    for (const cudaGraphNodeType t : types) CHECK(t == cudaGraphNodeTypeKernel);
  }

  SECTION("Instance::set of alpha captures the node again and updates it in place") {
    const cudaGraphExec_t exec = instance.exec();
    upload(instance, "c", c);
    instance.set("alpha", -2.0f);
    instance.launch();
    CHECK(instance.exec() == exec);  // no re-instantiation
    CHECK(max_relative_error(read_buffer<float>(instance, "c"), gemm_reference(nn, -2.0, a, b, 0.5, c)) < 1e-4);
  }

  SECTION("Instance::bind of an operand captures the node again with the new memory, in place") {
    const cudaGraphExec_t exec = instance.exec();
    const std::vector<float> b2 = random_values(80 * 48, 4);
    graphc::Allocation<float> memory(b2.size(), graphc::MemorySpace::device, "b2");
    check_cuda(cudaMemcpy(memory.get(), b2.data(), b2.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
    upload(instance, "c", c);
    instance.bind("b", memory.get(), b2.size() * sizeof(float));
    instance.launch();
    CHECK(instance.exec() == exec);
    CHECK(max_relative_error(read_buffer<float>(instance, "c"), gemm_reference(nn, 1.5, a, b2, 0.5, c)) < 1e-4);
  }
}

// Half-precision data: inputs rounded to T, products accumulated in f32, C rounded to T.
template <class T>
void check_half_gemm(const std::string& type, float (*to_float)(T), T (*from_float)(float), double tolerance) {
  // clang-format off
  const std::string text = "graph half_gemm {\n"
                           "    buffer a : " + type + "[32 * 40] device;\n"
                           "    buffer b : " + type + "[40 * 24] device;\n"
                           "    buffer c : " + type + "[32 * 24] device;\n"
                           "    capture mm : cublas.gemm<N, T>(32, 24, 40, 1.0, a, 32, b, 24, 0.0, c, 32);\n"
                           "}\n";
  // clang-format on
  Program program = Program::from_text(graph_path("half_gemm"), text);
  Instance instance = program.instantiate("half_gemm");
  std::vector<float> a = random_values(32 * 40, 4);
  std::vector<float> b = random_values(40 * 24, 5);
  std::vector<T> ha;
  std::vector<T> hb;
  // The reference multiplies the values as rounded to T.
  for (float& v : a) {
    ha.push_back(from_float(v));
    v = to_float(ha.back());
  }
  for (float& v : b) {
    hb.push_back(from_float(v));
    v = to_float(hb.back());
  }
  upload(instance, "a", ha);
  upload(instance, "b", hb);
  instance.launch();
  std::vector<float> got;
  for (const T v : read_buffer<T>(instance, "c")) got.push_back(to_float(v));
  const GemmCase g{false, true, 32, 24, 40, 32, 24, 32};
  CHECK(max_relative_error(got, gemm_reference(g, 1.0, a, b, 0.0, std::vector<float>(32 * 24))) < tolerance);
}

TEST_CASE("cublas.gemm multiplies f16 and bf16 matrices, accumulating in f32", "[runtime][gpu][capture]") {
  // One rounding of C to the type: 2^-11 relative for f16, 2^-8 for bf16, over |C| up to ~10.
  check_half_gemm<__half>(
      "f16", [](__half v) { return __half2float(v); }, [](float v) { return __float2half(v); }, 4e-3);
  check_half_gemm<__nv_bfloat16>(
      "bf16", [](__nv_bfloat16 v) { return __bfloat162float(v); }, [](float v) { return __float2bfloat16(v); }, 3e-2);
}

TEST_CASE("cublas.gemm_strided_batched multiplies each member of a batch", "[runtime][gpu][capture]") {
  // Three 16 x 8 times 8 x 12 products, A transposed and members 16 * 8 apart; B shared
  // (stride 0); C members 16 * 12 apart, starting 4 elements into the buffer.
  const std::string text = R"(graph batched {
    buffer a : f32[3 * 16 * 8] device;
    buffer b : f32[8 * 12] device;
    buffer c : f32[4 + 3 * 16 * 12] device = fill(1);
    capture mm : cublas.gemm_strided_batched<T, N>(16, 12, 8, 2.0, a, 8, 128, b, 8, 0, 1.0, c + 4, 16, 192, 3);
}
)";
  Program program = Program::from_text(graph_path("batched"), text);
  Instance instance = program.instantiate("batched");
  const std::vector<float> a = random_values(3 * 16 * 8, 6);
  const std::vector<float> b = random_values(8 * 12, 7);
  upload(instance, "a", a);
  upload(instance, "b", b);
  instance.launch();
  const std::vector<float> got = read_buffer<float>(instance, "c");
  CHECK(got[0] == 1.0f);  // before the offset: untouched
  const std::vector<float> members(got.begin() + 4, got.end());
  GemmCase g{true, false, 16, 12, 8, 8, 8, 16, 128, 0, 192, 3};
  CHECK(max_relative_error(members, gemm_reference(g, 2.0, a, b, 1.0, std::vector<float>(3 * 16 * 12, 1.0f))) < 1e-4);
}

TEST_CASE("a GEMM capture node runs inside an IF body only when its handle is set", "[runtime][gpu][capture]") {
  const std::string text = R"(graph gated {
    buffer a : f32[16 * 16] device = fill(1);
    buffer yes : f32[16 * 16] device = fill(0);
    buffer no : f32[16 * 16] device = fill(0);
    cond on = 1;
    cond off = 0;
    if run (on) { capture taken : cublas.gemm(16, 16, 16, 1.0, a, 16, a, 16, 0.0, yes, 16); }
    if skip (off) { capture skipped : cublas.gemm(16, 16, 16, 1.0, a, 16, a, 16, 0.0, no, 16); }
}
)";
  Program program = Program::from_text(graph_path("gated"), text);
  Instance instance = program.instantiate("gated");
  instance.launch();
  CHECK(read_buffer<float>(instance, "yes") == std::vector<float>(256, 16.0f));
  CHECK(read_buffer<float>(instance, "no") == std::vector<float>(256, 0.0f));
}

const std::string kRegistered = R"(graph registered {
    buffer x : f32[1000] device = iota(0);
    buffer y : f32[1000] device = iota(0);
    param scale : f32 = 2.0;
    capture typed : axpb(x, 1000, scale, 1.0f);
    capture forked : axpb_forked(y + 10, 990, 3.0f);
    typed -> forked;
}
)";

TEST_CASE("functions registered with Bindings::capture run their stream work in the graph", "[runtime][gpu][capture]") {
  cudaStream_t side = nullptr;
  cudaEvent_t fork = nullptr;
  cudaEvent_t join = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  check_cuda(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  check_cuda(cudaEventCreateWithFlags(&join, cudaEventDisableTiming), "cudaEventCreateWithFlags");
  int calls = 0;
  Bindings bindings;
  // A typed lambda and an untyped CaptureFn that reads its arguments itself.
  bindings.capture("axpb", [&calls](cudaStream_t stream, float* x, int n, float a, float b) {
    ++calls;
    launch_axpb(stream, x, n, a, b);
  });
  bindings.capture("axpb_forked", CaptureFn([&](cudaStream_t stream, const CaptureArgs& args) {
                     REQUIRE(args.size() == 3);
                     CHECK(args.node() == "forked");
                     launch_axpb_forked(stream, side, fork, join, args.buffer<float>(0), args.value<int>(1),
                                        args.value<float>(2), 0.0f);
                   }));
  {
    Program program = Program::from_text(graph_path("registered"), kRegistered);
    Instance instance = program.instantiate("registered", bindings);
    CHECK(calls == 1);
    // The fork captured as two kernel nodes with no edge between them.
    CHECK(captured_types(instance, "forked") ==
          std::vector<cudaGraphNodeType>{cudaGraphNodeTypeKernel, cudaGraphNodeTypeKernel});
    instance.launch();
    std::vector<float> x(1000);
    std::vector<float> y(1000);
    for (int i = 0; i < 1000; ++i) {
      x[i] = static_cast<float>(i) * 2.0f + 1.0f;
      y[i] = i < 10 ? static_cast<float>(i) : static_cast<float>(i) * 3.0f;
    }
    CHECK(read_buffer<float>(instance, "x") == x);
    CHECK(read_buffer<float>(instance, "y") == y);

    // A new scale: the function is called again, and the next launch uses the new capture.
    instance.set("scale", 0.5f);
    CHECK(calls == 2);
    instance.launch();
    for (int i = 0; i < 1000; ++i) x[i] = x[i] * 0.5f + 1.0f;
    CHECK(read_buffer<float>(instance, "x") == x);
  }
  cudaEventDestroy(join);
  cudaEventDestroy(fork);
  cudaStreamDestroy(side);
}

const std::string kFailing = R"(graph failing {
    buffer x : f32[256] device;
    cond on = 1;
    capture work : step(x, 256);
    if gate (on) { capture inner : body_step(x, 256); }
}
)";

// Registers a harmless body_step with `step`, or the other way round.
Error failing_error(const std::string& which, CaptureFn fn) {
  Program program = Program::from_text(graph_path("failing"), kFailing);
  Bindings bindings;
  const CaptureFn fine = [](cudaStream_t stream, const CaptureArgs& args) {
    launch_axpb(stream, args.buffer<float>(0), args.value<int>(1), 1.0f, 0.0f);
  };
  bindings.capture("step", which == "step" ? fn : fine);
  bindings.capture("body_step", which == "body_step" ? fn : fine);
  return error_of([&] { (void)program.instantiate("failing", bindings); });
}

TEST_CASE("a capture that cannot be made is an error naming the node and its line", "[runtime][gpu][capture]") {
  const std::string work = location_of(graph_path("failing"), kFailing, "capture work");
  const std::string inner = location_of(graph_path("failing"), kFailing, "capture inner");

  SECTION("no function registered: R0040") {
    Program program = Program::from_text(graph_path("failing"), kFailing);
    const Error e = error_of([&] { (void)program.instantiate("failing"); });
    CHECK(e.code() == "R0040");
    CHECK_THAT(e.what(), Catch::Contains("capture function 'step' of node 'work'"));
  }
  SECTION("the function throws: R0041 with its message") {
    const Error e = failing_error("step", [](cudaStream_t, const CaptureArgs&) { throw std::runtime_error("boom"); });
    CHECK(e.code() == "R0041");
    CHECK_THAT(e.what(), Catch::StartsWith(work) && Catch::Contains("the captured function threw: boom"));
  }
  SECTION("the function synchronizes the capturing stream: R0041, capture invalidated") {
    const Error e = failing_error("step", [](cudaStream_t stream, const CaptureArgs& args) {
      launch_axpb(stream, args.buffer<float>(0), 256, 1.0f, 0.0f);
      (void)cudaStreamSynchronize(stream);
    });
    CHECK(e.code() == "R0041");
    CHECK_THAT(e.what(),
               Catch::StartsWith(work) && Catch::Contains("cudaStreamEndCapture") && Catch::Contains("invalidated"));
  }
  SECTION("the function leaves a forked stream unjoined: R0041") {
    cudaStream_t side = nullptr;
    cudaEvent_t fork = nullptr;
    check_cuda(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    check_cuda(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    const Error e = failing_error("step", [&](cudaStream_t stream, const CaptureArgs& args) {
      cudaEventRecord(fork, stream);
      cudaStreamWaitEvent(side, fork, 0);
      launch_axpb(side, args.buffer<float>(0), 256, 1.0f, 0.0f);
    });
    CHECK(e.code() == "R0041");
    CHECK_THAT(e.what(), Catch::StartsWith(work) && Catch::Contains("cudaErrorStreamCaptureUnjoined"));
    cudaEventDestroy(fork);
    cudaStreamDestroy(side);
  }
  SECTION("a host node captured into a conditional body: R0042") {
    const Error e = failing_error("body_step", [](cudaStream_t stream, const CaptureArgs&) {
      cudaLaunchHostFunc(
          stream, [](void*) {}, nullptr);
    });
    CHECK(e.code() == "R0042");
    CHECK_THAT(e.what(), Catch::StartsWith(inner) && Catch::Contains("captured a host node") &&
                             Catch::Contains("a conditional body may hold only kernel"));
  }
  SECTION("memory allocated while captured into a conditional body: R0042") {
    const Error e = failing_error("body_step", [](cudaStream_t stream, const CaptureArgs&) {
      void* scratch = nullptr;
      cudaMallocAsync(&scratch, 1024, stream);
      cudaFreeAsync(scratch, stream);
    });
    CHECK(e.code() == "R0042");
    CHECK_THAT(e.what(), Catch::StartsWith(inner) && Catch::Contains("captured a mem alloc node"));
  }
  SECTION("a typed function whose types differ from the node's arguments: R0043") {
    Program program = Program::from_text(graph_path("failing"), kFailing);
    Bindings bindings;
    bindings.capture("step", [](cudaStream_t, double*, int) {});
    bindings.capture("body_step", [](cudaStream_t, float*, int) {});
    const Error e = error_of([&] { (void)program.instantiate("failing", bindings); });
    CHECK(e.code() == "R0043");
    CHECK_THAT(e.what(), Catch::StartsWith(work) &&
                             Catch::Contains("argument 1 as a buffer of f32, but function 'step' takes double*"));
  }
  // Every failure left the device usable: a good instance still builds and runs.
  Program program = Program::from_text(graph_path("failing"), kFailing);
  Bindings bindings;
  bindings.capture("step", [](cudaStream_t s, float* x, int n) { launch_axpb(s, x, n, 0.0f, 4.0f); });
  bindings.capture("body_step", [](cudaStream_t s, float* x, int n) { launch_axpb(s, x, n, 2.0f, 0.0f); });
  Instance instance = program.instantiate("failing", bindings);
  instance.launch();
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(256, 8.0f));
}

TEST_CASE("a param whose new value captures a graph of another shape is refused, changing nothing",
          "[runtime][gpu][capture]") {
  const std::string text = R"(graph reshaped {
    buffer x : f32[128] device = fill(1);
    param times : i32 = 1;
    capture work : repeat(x, 128, times);
}
)";
  Program program = Program::from_text(graph_path("reshaped"), text);
  Bindings bindings;
  bindings.capture("repeat",
                   [](cudaStream_t s, float* x, int n, int times) { launch_axpb_times(s, x, n, 2.0f, 0.0f, times); });
  Instance instance = program.instantiate("reshaped", bindings);
  const Error e = error_of([&] { instance.set("times", 3); });
  CHECK(e.code() == "R0044");
  CHECK_THAT(e.what(), Catch::Contains("param 'times' cannot be 3: capture node 'work' captured a graph of another "
                                       "shape (before: kernel; 0 edges; now: kernel, kernel, kernel; 2 edges); the "
                                       "exec keeps the graph captured before\n") &&
                           Catch::Contains(location_of(graph_path("reshaped"), text, "times : i32") +
                                           ": note: 'times' keeps its value 1\n"));
  instance.launch();  // still one doubling
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(128, 2.0f));
  instance.set("times", 1);  // the same shape: accepted
  instance.launch();
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(128, 4.0f));
}

TEST_CASE("a graph instantiated for device launch holds a GEMM capture, and refuses a captured host node",
          "[runtime][gpu][capture]") {
  const std::string text = R"(graph on_device [device_launch] {
    buffer a : f32[16 * 16] device = fill(2);
    buffer c : f32[16 * 16] device = fill(0);
    capture mm : cublas.gemm(16, 16, 16, 0.5, a, 16, a, 16, 0.0, c, 16);
}
)";
  Program program = Program::from_text(graph_path("on_device"), text);
  Instance instance = program.instantiate("on_device");
  instance.launch();  // a device graph may be launched from the host too, once uploaded
  CHECK(read_buffer<float>(instance, "c") == std::vector<float>(256, 32.0f));  // 0.5 * 16 * 2 * 2

  const std::string refused = R"(graph on_device [device_launch] {
    buffer x : f32[16] device;
    capture log : note(x);
}
)";
  Program bad = Program::from_text(graph_path("on_device"), refused);
  Bindings bindings;
  bindings.capture("note", [](cudaStream_t s, float*) {
    cudaLaunchHostFunc(
        s, [](void*) {}, nullptr);
  });
  const Error e = error_of([&] { (void)bad.instantiate("on_device", bindings); });
  CHECK(e.code() == "R0042");
  CHECK_THAT(e.what(), Catch::Contains("captured a host node, which a device graph cannot hold") &&
                           Catch::Contains("a graph instantiated for device launch may hold only kernel"));
}

TEST_CASE("Instance::add_to_capture puts a graphc graph into someone else's stream capture",
          "[runtime][gpu][capture]") {
  // x = fill(1); the outer capture adds 1, the graphc graph (a capture node and a GEMM)
  // multiplies by scale, then the outer capture adds 2: order shows in the result.
  const std::string text = R"(graph inner {
    buffer x : f32[256] device = fill(1);
    buffer m : f32[16 * 16] device = fill(1);
    buffer p : f32[16 * 16] device = fill(0);
    param scale : f32 = 3.0;
    capture step : axpb(x, 256, scale, 0.0f);
    capture mm : cublas.gemm(16, 16, 16, scale, m, 16, m, 16, 0.0, p, 16);
}
)";
  Program program = Program::from_text(graph_path("inner"), text);
  Bindings bindings;
  bindings.capture("axpb", [](cudaStream_t s, float* x, int n, float a, float b) { launch_axpb(s, x, n, a, b); });
  Instance instance = program.instantiate("inner", bindings);
  instance.set("scale", 5.0f);  // the captured child graph has the current value
  float* x = static_cast<float*>(instance.buffer("x"));

  cudaStream_t stream = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  check_cuda(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal), "cudaStreamBeginCapture");
  launch_axpb(stream, x, 256, 1.0f, 1.0f);
  instance.add_to_capture(stream);
  launch_axpb(stream, x, 256, 1.0f, 2.0f);
  cudaGraph_t outer = nullptr;
  check_cuda(cudaStreamEndCapture(stream, &outer), "cudaStreamEndCapture");
  std::size_t count = 0;
  check_cuda(cudaGraphGetNodes(outer, nullptr, &count), "cudaGraphGetNodes");
  CHECK(count == 3);  // kernel, child graph, kernel
  cudaGraphExec_t exec = nullptr;
  check_cuda(cudaGraphInstantiate(&exec, outer, 0), "cudaGraphInstantiate");
  check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  CHECK(read_buffer<float>(instance, "x") == std::vector<float>(256, 12.0f));  // (1 + 1) * 5 + 2
  CHECK(read_buffer<float>(instance, "p") == std::vector<float>(256, 80.0f));  // 5 * 16

  // A stream that is not capturing: R0045.
  const Error e = error_of([&] { instance.add_to_capture(stream); });
  CHECK(e.code() == "R0045");
  CHECK_THAT(e.what(), Catch::Contains("graph 'inner' cannot be added to the capture of a stream: the stream is not "
                                       "capturing"));
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(outer);
  cudaStreamDestroy(stream);
}

}  // namespace
}  // namespace graphc::test
