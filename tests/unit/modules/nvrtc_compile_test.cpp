// NVRTC needs no GPU: modules compile here for a fixed architecture.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "modules/nvrtc_compile.h"
#include "modules/toolkit_includes.h"
#include "temp_dir.h"

namespace graphc::modules {
namespace {

TEST_CASE("nvrtc_options: a real architecture, C++17, device default, module and toolkit includes", "[modules]") {
  const std::vector<std::string> options = nvrtc_options("sm_90", "some/dir");
  REQUIRE(options.size() >= 5);
  CHECK(options[0] == "--gpu-architecture=sm_90");
  CHECK(options[1] == "-std=c++17");
  CHECK(options[2] == "-default-device");
  CHECK(options[3] == "-Isome/dir");
  CHECK(options[4].starts_with("-I"));
}

TEST_CASE("the toolkit's include folders are nvcc.profile's, $(TOP) and $(_TARGET_DIR_) replaced", "[modules]") {
  // CUDA 13's nvcc.profile, abridged.
  const std::string profile = R"(
TOP              = $(_HERE_)/..
LD_LIBRARY_PATH += $(TOP)/lib:
INCLUDES        +=  "-I$(TOP)/$(_TARGET_DIR_)/include" $(_SPACE_)
SYSTEM_INCLUDES +=  "-isystem" "$(TOP)/$(_TARGET_DIR_)/include/cccl" $(_SPACE_)
LIBRARIES        =+ $(_SPACE_) "-L$(TOP)/$(_TARGET_DIR_)/lib$(_TARGET_SIZE_)/stubs"
)";
  const std::vector<std::filesystem::path> dirs = profile_includes(profile, "/opt/cuda", "targets/x86_64-linux");
  CHECK(dirs == std::vector<std::filesystem::path>{"/opt/cuda/targets/x86_64-linux/include",
                                                   "/opt/cuda/targets/x86_64-linux/include/cccl"});
  CHECK(profile_includes("INCLUDES += -I$(_HERE_)/../include\n", "/cuda", "t").front() == "/cuda/bin/../include");
  // This machine's toolkit: nvcc adds include/cccl, so NVRTC gets it too.
  const std::vector<std::string> found = toolkit_include_dirs();
  CHECK(std::any_of(found.begin(), found.end(), [](const std::string& dir) { return dir.ends_with("include/cccl"); }));
}

TEST_CASE("a virtual architecture gives PTX with the lowered names, then a cache hit", "[modules]") {
  test::TempDir dir;
  const std::string path = (dir.path() / "k.cu").string();
  std::ofstream(path) << "extern \"C\" __global__ void plain(float* x) { x[0] = 1; }\n"
                         "namespace ns { template <typename T> __global__ void tmpl(T* x, T a) { x[0] = a; } }\n";
  const NvrtcCache cache(dir.path() / "cache");
  const NvrtcCompilation first = compile_with_nvrtc(path, {"plain", "ns::tmpl<double>", "absent"}, "compute_90", cache);
  REQUIRE(first.status == NvrtcCompilation::Status::compiled);
  CHECK_FALSE(first.cache_hit);
  CHECK(first.code.image.find(".target sm_90") != std::string::npos);
  CHECK(first.code.image.find(".entry plain(") != std::string::npos);
  CHECK(first.code.image.back() != '\0');
  CHECK(first.code.lowered_names == std::map<std::string, std::string, std::less<>>{
                                        {"plain", "plain"}, {"ns::tmpl<double>", "_ZN2ns4tmplIdEEvPT_S1_"}});
  const NvrtcCompilation second =
      compile_with_nvrtc(path, {"plain", "ns::tmpl<double>", "absent"}, "compute_90", cache);
  CHECK(second.cache_hit);
  CHECK(second.code == first.code);
}

TEST_CASE("NVRTC's errors and an unreadable file are results, not exceptions", "[modules]") {
  test::TempDir dir;
  const std::string path = (dir.path() / "bad.cu").string();
  std::ofstream(path) << "extern \"C\" __global__ void k(float* x) {\n  x[0] = undeclared;\n}\n";
  const NvrtcCache cache(dir.path() / "cache");
  const NvrtcCompilation bad = compile_with_nvrtc(path, {"k"}, "compute_90", cache);
  CHECK(bad.status == NvrtcCompilation::Status::failed);
  CHECK_THAT(bad.log, Catch::StartsWith(path + "(2): error: identifier \"undeclared\" is undefined"));
  CHECK(compile_with_nvrtc((dir.path() / "none.cu").string(), {}, "compute_90", cache).status ==
        NvrtcCompilation::Status::unreadable);
}

}  // namespace
}  // namespace graphc::modules
