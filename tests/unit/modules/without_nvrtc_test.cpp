// A graphc built without NVRTC (GRAPHC_WITH_NVRTC=OFF: no CUDA toolkit) reads .ptx modules
// but not .cu ones, and says so once (W0001) instead of calling their kernels missing.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "compile.h"
#include "temp_dir.h"

namespace graphc {
namespace {

TEST_CASE("without NVRTC, .cu modules are W0001 once and their kernels unchecked", "[modules]") {
  const test::TempDir temp;
  const std::filesystem::path& dir = temp.path();
  std::ofstream(dir / "a.cu") << "extern \"C\" __global__ void a(float* x) {}\n";
  std::ofstream(dir / "b.cu") << "extern \"C\" __global__ void b(float* x) {}\n";
  std::ofstream(dir / "g.graph") << "module \"a.cu\";\nmodule \"b.cu\";\ngraph g {\n"
                                    "    kernel k : not_checked<<<1, 1>>>(1.5, 2.5);\n}\n";
  const std::unique_ptr<Compilation> c = compile_file((dir / "g.graph").string());
  REQUIRE(c->ok());
  REQUIRE(c->diags.diagnostics().size() == 1);
  const Diagnostic& d = c->diags.diagnostics()[0];
  CHECK(d.code == DiagCode::kernels_unchecked);
  CHECK(d.message == "the kernels of module 'a.cu' are checked only when the graph is instantiated: this graphc was "
                     "built without NVRTC (the CUDA toolkit), so it cannot compile .cu modules");
}

}  // namespace
}  // namespace graphc
