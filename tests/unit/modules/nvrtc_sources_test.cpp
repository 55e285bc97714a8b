#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "modules/nvrtc_sources.h"

namespace graphc::modules {
namespace {

TEST_CASE("kernel_identifier strips namespaces and template arguments", "[modules]") {
  CHECK(kernel_identifier("axpy") == "axpy");
  CHECK(kernel_identifier("axpy<float>") == "axpy");
  CHECK(kernel_identifier("ns::inner::scale<float, 4>") == "scale");
  CHECK(kernel_identifier("ns::scale") == "scale");
}

TEST_CASE("kernel_names_in keeps the names whose identifier occurs outside comments and literals", "[modules]") {
  const std::string text = R"(// mentioned() in a comment
/* and block_mentioned here */
const char* s = "quoted";
template <class T> __global__ void axpy(T a) {}
extern "C" __global__ void k2(float x) { (void)1.0f; }
)";
  const std::vector<std::string> kernels = {"axpy<float>",     "axpy<double>", "k2",     "mentioned",
                                            "block_mentioned", "quoted",       "absent", "0f"};
  CHECK(kernel_names_in(text, kernels) == std::vector<std::string>{"axpy<float>", "axpy<double>", "k2"});
}

TEST_CASE("with_prelude declares the device runtime functions, then restarts line numbering", "[modules]") {
  const std::string text = with_prelude("__global__ void k() {}\n", "dir/my \"odd\" file.cu");
  CHECK_THAT(text, Catch::Contains("#include <cuda_device_runtime_api.h>\n"));
  CHECK_THAT(text, Catch::EndsWith("#line 1 \"dir/my \\\"odd\\\" file.cu\"\n__global__ void k() {}\n"));
}

TEST_CASE("read_cu_source records the local headers it includes, recursively", "[modules]") {
  std::string pattern = (std::filesystem::temp_directory_path() / "graphc-sources-XXXXXX").string();
  REQUIRE(mkdtemp(pattern.data()) != nullptr);
  const std::filesystem::path dir = pattern;
  std::filesystem::create_directory(dir / "sub");
  std::ofstream(dir / "main.cu") << "#include \"sub/a.cuh\"\n#include <cuda_fp16.h>\n#include \"missing.h\"\n";
  std::ofstream(dir / "sub" / "a.cuh") << "#include \"b.cuh\"\n";
  std::ofstream(dir / "sub" / "b.cuh") << "// b\n";

  const std::optional<CuSource> source = read_cu_source(dir / "main.cu");
  REQUIRE(source);
  CHECK(source->text == "#include \"sub/a.cuh\"\n#include <cuda_fp16.h>\n#include \"missing.h\"\n");
  const std::string a = (dir / "sub" / "a.cuh").string();
  const std::string b = (dir / "sub" / "b.cuh").string();
  CHECK(source->local_headers == a + "\n17\n#include \"b.cuh\"\n" + b + "\n5\n// b\n");
  CHECK_FALSE(read_cu_source(dir / "nothing.cu"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace graphc::modules
