// NVRTC needs no GPU: the test kernels compile here for a fixed architecture.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>

#include "graphc/error.h"
#include "modules/modules_nvrtc.h"

namespace graphc::detail {
namespace {

struct Fixture {
  SourceManager sources;
  ir::ModuleDecl decl;
  std::string graph_path = "test.graph";
  std::filesystem::path cache_dir;

  explicit Fixture(std::string module_path) {
    const std::string text = "module \"" + module_path + "\";\n";
    const FileId file = sources.add(graph_path, text);
    decl.path = module_path;
    decl.resolved = module_path;
    decl.range = SourceRange{file, 0, static_cast<std::uint32_t>(text.size() - 2)};
    std::string pattern = (std::filesystem::temp_directory_path() / "graphc-nvrtc-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    cache_dir = pattern;
  }
  ~Fixture() { std::filesystem::remove_all(cache_dir); }
  Fixture(const Fixture&) = delete;
  Fixture& operator=(const Fixture&) = delete;

  ModuleSite site() const { return {sources, decl, graph_path}; }
  modules::NvrtcCache cache() const { return modules::NvrtcCache(cache_dir); }
};

TEST_CASE("compile_cu lowers extern \"C\", namespaced and template kernel names, then hits the cache", "[runtime]") {
  Fixture f(std::string(GRAPHC_TEST_DATA_DIR) + "/kernels.cu");
  const std::vector<std::string> kernels = {"scale_into", "axpy<float>", "ops::fold_halves", "uses_device_runtime",
                                            "not_in_this_module"};
  const NvrtcOutput first = compile_cu(f.site(), kernels, "sm_90", f.cache());
  CHECK_FALSE(first.cache_hit);
  CHECK(first.code.image.starts_with("\177ELF"));  // a CUBIN, not PTX
  CHECK(first.code.lowered_names ==
        std::map<std::string, std::string, std::less<>>{{"scale_into", "scale_into"},
                                                        {"axpy<float>", "_Z4axpyIfEvT_PKS0_PS0_i"},
                                                        {"ops::fold_halves", "_ZN3ops11fold_halvesEPii"},
                                                        {"uses_device_runtime", "uses_device_runtime"}});

  const NvrtcOutput second = compile_cu(f.site(), kernels, "sm_90", f.cache());
  CHECK(second.cache_hit);
  CHECK(second.code == first.code);

  // Another architecture is another entry.
  CHECK_FALSE(compile_cu(f.site(), kernels, "sm_100", f.cache()).cache_hit);
}

TEST_CASE("a module may include toolkit headers such as cuda_fp16.h", "[runtime]") {
  Fixture f(std::string(GRAPHC_TEST_DATA_DIR) + "/half_kernels.cu");
  const NvrtcOutput out = compile_cu(f.site(), {"half_scale"}, "sm_90", f.cache());
  CHECK(out.code.lowered_names.at("half_scale") == "half_scale");
}

TEST_CASE("a module NVRTC rejects is R0005 at its declaration, with NVRTC's log", "[runtime]") {
  std::string pattern = (std::filesystem::temp_directory_path() / "graphc-bad-XXXXXX").string();
  REQUIRE(mkdtemp(pattern.data()) != nullptr);
  const std::string path = pattern + "/bad.cu";
  std::ofstream(path) << "extern \"C\" __global__ void k(float* x) {\n  x[0] = undeclared;\n}\n";
  Fixture f(path);
  try {
    compile_cu(f.site(), {"k"}, "sm_90", f.cache());
    FAIL("expected R0005");
  } catch (const Error& e) {
    CHECK(e.code() == "R0005");
    CHECK_THAT(e.what(), Catch::StartsWith("test.graph:1:1: error[R0005]: cannot compile module '" + path +
                                           "' with NVRTC:\n" + path +
                                           "(2): error: identifier \"undeclared\" is "
                                           "undefined"));
  }
  std::filesystem::remove_all(pattern);
}

TEST_CASE("an unreadable .cu module is R0006", "[runtime]") {
  Fixture f("/nonexistent/graphc/module.cu");
  try {
    compile_cu(f.site(), {}, "sm_90", f.cache());
    FAIL("expected R0006");
  } catch (const Error& e) {
    CHECK(e.code() == "R0006");
    CHECK_THAT(e.what(), Catch::StartsWith("test.graph:1:1: error[R0006]: cannot load module "
                                           "'/nonexistent/graphc/module.cu': cannot read the file\n"));
  }
}

TEST_CASE("kernels with cooperative groups, CUB and libcu++ compile under NVRTC as under nvcc", "[runtime]") {
  // CUDA 13 keeps libcu++, CUB and Thrust in include/cccl, which nvcc adds from nvcc.profile.
  Fixture f(std::string(GRAPHC_TEST_DATA_DIR) + "/cccl_kernels.cu");
  const NvrtcOutput out = compile_cu(f.site(), {"tile_sums", "block_sums", "count_above"}, "sm_90", f.cache());
  CHECK(out.code.image.starts_with("\177ELF"));
  CHECK(out.code.lowered_names.size() == 3);
}

TEST_CASE("the pdl_pipeline sample's kernels compile under NVRTC with the device runtime prelude", "[runtime]") {
  // They call cudaGridDependencySynchronize and cudaTriggerProgrammaticLaunchCompletion
  // without an include (griddepcontrol needs sm_90).
  Fixture f(std::string(GRAPHC_SAMPLES_DIR) + "/pdl_pipeline/pdl_pipeline_kernels.cu");
  const NvrtcOutput out = compile_cu(f.site(), {"stage"}, "sm_90", f.cache());
  CHECK(out.code.image.starts_with("\177ELF"));
  CHECK(out.code.lowered_names == std::map<std::string, std::string, std::less<>>{{"stage", "stage"}});
}

TEST_CASE("the pdl_pipeline sample's kernels wait on their predecessor only where programmatic launch exists",
          "[runtime]") {
  // sm_90 has griddepcontrol; an older architecture builds the same kernel without it
  // (the __CUDA_ARCH__ guard), where a kernel starts only after its predecessors complete.
  Fixture f(std::string(GRAPHC_SAMPLES_DIR) + "/pdl_pipeline/pdl_pipeline_kernels.cu");
  const std::string sm90 = compile_cu(f.site(), {"stage"}, "compute_90", f.cache()).code.image;
  const std::string sm80 = compile_cu(f.site(), {"stage"}, "compute_80", f.cache()).code.image;
  CHECK(sm90.find("griddepcontrol.wait") != std::string::npos);
  CHECK(sm90.find("griddepcontrol.launch_dependents") != std::string::npos);
  CHECK(sm80.find(".entry stage") != std::string::npos);
  CHECK(sm80.find("griddepcontrol") == std::string::npos);
}

}  // namespace
}  // namespace graphc::detail
