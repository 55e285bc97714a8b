// .ptx modules (made at build time by nvcc -ptx) are loaded with cudaLibraryLoadFromFile
// and their kernels found by symbol name: extern "C" names, or mangled C++ names.
#include <catch2/catch.hpp>

#include <filesystem>

#include "gpu_test_support.h"

namespace graphc::test {
namespace {

TEST_CASE("a .ptx module's kernels run, by extern \"C\" and by mangled name", "[runtime][gpu]") {
  // The graph is reported next to the .ptx (the build folder); kernels.cu is reached
  // from there by a relative path.
  const std::string cu = std::filesystem::relative(data_dir() + "/kernels.cu", binary_dir()).string();
  const std::string text = R"(module "ptx_kernels.ptx";
module ")" + cu + R"(";
graph ptx {
    const N = 300;
    buffer f : f32[N] managed;
    buffer n : i32[N] managed;
    kernel set   : ptx_fill<<<ceil_div(N, 128), 128>>>(f, 0.75f, N);
    kernel count : _Z8ptx_iotaPii<<<ceil_div(N, 128), 128>>>(n, N);
    kernel twice : scale_add<<<ceil_div(N, 128), 128>>>(f, 2.0f, 0.0f, N);
    set -> twice;
}
)";
  Program program = Program::from_text(binary_dir() + "/ptx.graph", text);
  Instance instance = program.instantiate("ptx");
  instance.launch();
  CHECK(read_buffer<float>(instance, "f") == std::vector<float>(300, 1.5f));
  const std::vector<std::int32_t> n = read_buffer<std::int32_t>(instance, "n");
  for (std::size_t i = 0; i < n.size(); ++i) REQUIRE(n[i] == static_cast<std::int32_t>(i));

  REQUIRE(program.modules().size() == 2);
  CHECK(program.modules()[0].kind == ModuleInfo::Kind::library);
  CHECK(program.modules()[0].path == binary_dir() + "/ptx_kernels.ptx");
  CHECK(program.modules()[1].kind == ModuleInfo::Kind::nvrtc);
}

TEST_CASE("a module that cannot be loaded is R0006 at its declaration", "[runtime][gpu]") {
  const std::string path = binary_dir() + "/broken.graph";
  const std::string text = "module \"no_such_module.ptx\";\ngraph broken {\n    empty e;\n}\n";
  Program program = Program::from_text(path, text);
  const Error e = error_of([&] { program.instantiate("broken"); });
  CHECK(e.code() == "R0006");
  CHECK_THAT(e.what(), Catch::StartsWith(path + ":1:1: error[R0006]: cannot load module 'no_such_module.ptx': "
                                                "cannot read the file\n"));
}

}  // namespace
}  // namespace graphc::test
