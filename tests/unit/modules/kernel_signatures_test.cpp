// Kernel nodes checked against their modules' kernels at compile time, with no GPU: .cu
// modules through NVRTC, .ptx modules read directly (sema/check_kernel_signatures.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "compile.h"
#include "diag/render.h"
#include "modules/nvrtc_compile.h"
#include "temp_dir.h"

namespace graphc {
namespace {

// A folder holding a graph and its modules, with a cache of its own; removed at the end.
class Project {
 public:
  Project() { setenv("GRAPHC_CACHE_DIR", dir_.file("cache").c_str(), 1); }
  ~Project() { unsetenv("GRAPHC_CACHE_DIR"); }
  Project(const Project&) = delete;
  Project& operator=(const Project&) = delete;

  void write(const std::string& name, const std::string& text) const { std::ofstream(dir_.path() / name) << text; }
  // Compiles `text`, written as g.graph.
  std::unique_ptr<Compilation> compile(const std::string& text) const {
    write("g.graph", text);
    return compile_file(path("g.graph"));
  }
  std::string path(const std::string& name) const { return dir_.file(name); }

 private:
  test::TempDir dir_;
};

std::string rendered(const Compilation& c) {
  std::string out;
  for (const Diagnostic& d : c.diags.sorted()) out += render(c.sources, d);
  return out;
}

const std::string kKernels = R"(#include <cuda_fp16.h>
extern "C" __global__ void scale_add(float* x, float a, float b, int n) {}
__global__ void typed(const float* __restrict__ in, float* out, float a, unsigned long long n) {}
namespace ops {
template <typename T> __global__ void fill(T* x, T value, int n) {}
}
__global__ void halves(__half* x, __half h) {}
)";

std::string graph(const std::string& nodes) {
  return fmt::format(R"(module "k.cu";
graph g {{
    buffer x : f32[64] device;
    buffer y : f32[64] device;
    buffer i : i32[64] device;
    param s : f32 = 2.0;
    param d : f64 = 2.0;
{}
}}
)",
                     nodes);
}

TEST_CASE("kernels that match their .cu module compile clean, and a second check compiles nothing", "[modules]") {
  Project p;
  p.write("k.cu", kKernels);
  const std::string text = graph(R"(    kernel a : scale_add<<<1, 64>>>(x, s, 1.0f, 64);
    kernel b : typed<<<1, 64>>>(x, y, s, u64(64));
    kernel c : ops::fill<float><<<1, 64>>>(x, 0.5f, 64);
    kernel e : ops::fill<int><<<1, 64>>>(i, -1, 64);
    kernel f : halves<<<1, 64>>>(nullptr, f16(1.5));
    a -> b -> c -> e -> f;)");
  const std::unique_ptr<Compilation> first = p.compile(text);
  INFO(rendered(*first));
  REQUIRE(first->ok());
  CHECK(first->diags.diagnostics().empty());
  REQUIRE(first->module_kernels.size() == 1);
  CHECK_FALSE(first->module_kernels[0].cache_hit);
  const std::unique_ptr<Compilation> second = p.compile(text);
  REQUIRE(second->ok());
  CHECK(second->module_kernels[0].cache_hit);
  // The C++ types, const included, from the mangled names.
  const auto& kernels = second->module_kernels[0].kernels;
  const auto typed = std::find_if(kernels.begin(), kernels.end(), [](const auto& k) { return k.name == "typed"; });
  REQUIRE(typed != kernels.end());
  REQUIRE(typed->params.size() == 4);
  CHECK(typed->params[0].cxx == "float const*");
  CHECK(typed->params[0].pointee_const);
  CHECK_FALSE(typed->params[1].pointee_const);
  // An extern "C" kernel's C++ types too, through its kernel type expression.
  const auto plain = std::find_if(kernels.begin(), kernels.end(), [](const auto& k) { return k.name == "scale_add"; });
  REQUIRE(plain != kernels.end());
  REQUIRE(plain->params.size() == 4);
  CHECK(plain->params[0].cxx == "float*");
  CHECK(plain->params[3].cxx == "int");
  CHECK(second->module_kernels[0].lowered_names.count("&graphc_kernel_type_<decltype(&scale_add)>") == 0);
  // The module file is not a graph file: the depfile lists it once, as a module.
  CHECK(files_read(*second) == std::vector<std::string>{p.path("g.graph"), p.path("k.cu")});
}

TEST_CASE("a misspelt kernel is E0120 at its name, with the module's closest kernel", "[modules]") {
  Project p;
  p.write("k.cu", kKernels);
  const std::unique_ptr<Compilation> c = p.compile(graph("    kernel a : scale_ad<<<1, 64>>>(x, s, 1.0f, 64);"));
  const std::string expected = fmt::format(
      "{0}:8:16: error[E0120]: kernel 'scale_ad' of node 'a' is not in any declared module\n"
      "    8 |     kernel a : scale_ad<<<1, 64>>>(x, s, 1.0f, 64);\n"
      "      |                ^~~~~~~~\n"
      "{1}:2:28: note: did you mean 'scale_add'? (module 'k.cu')\n"
      "    2 | extern \"C\" __global__ void scale_add(float* x, float a, float b, int n) {{}}\n"
      "      |                            ^~~~~~~~~\n"
      "note: a kernel the host program registers (Bindings::kernel) belongs in a graph file that declares no "
      "module\n",
      p.path("g.graph"), p.path("k.cu"));
  CHECK(rendered(*c) == expected);
}

TEST_CASE("a wrong argument count is E0255 with the kernel's declaration", "[modules]") {
  Project p;
  p.write("k.cu", kKernels);
  const std::unique_ptr<Compilation> c = p.compile(graph("    kernel a : typed<<<1, 64>>>(x, y, s);"));
  REQUIRE(c->diags.diagnostics().size() == 1);
  const Diagnostic& d = c->diags.diagnostics()[0];
  CHECK(d.code == DiagCode::kernel_arg_count);
  CHECK(c->sources.location(d.range) == p.path("g.graph") + ":8:16");
  CHECK(d.message == "kernel 'typed' takes 4 arguments, but node 'a' passes 3 arguments");
  REQUIRE(d.notes.size() == 1);
  CHECK(c->sources.location(d.notes[0].range) == p.path("k.cu") + ":3:17");
  CHECK(d.notes[0].message ==
        "'typed' is declared in module 'k.cu' as typed(float const*, float*, float, unsigned long long)");
}

// The one diagnostic of compiling `nodes` against kKernels: E0256's message and first note.
std::pair<std::string, std::string> type_error(const std::string& nodes) {
  Project p;
  p.write("k.cu", kKernels);
  const std::unique_ptr<Compilation> c = p.compile(graph(nodes));
  INFO(rendered(*c));
  REQUIRE(c->diags.diagnostics().size() == 1);
  const Diagnostic& d = c->diags.diagnostics()[0];
  CHECK(d.code == DiagCode::kernel_arg_type);
  REQUIRE_FALSE(d.notes.empty());
  INFO(d.message);
  INFO(d.notes[0].message);
  return {d.message, d.notes[0].message};
}

TEST_CASE("mistakes C++ would reject or convert silently are E0256 at the argument", "[modules]") {
  // A double for a float (the runtime would pass 8 bytes), with the literal to write.
  CHECK(type_error("    kernel a : scale_add<<<1, 64>>>(x, 0.125, 1.0f, 64);") ==
        std::pair<std::string, std::string>{
            "argument 2 of node 'a' is '0.125', of type f64 (double), but parameter 2 of kernel 'scale_add' is "
            "'float'",
            "write 'f32(0.125)' for a value of the parameter's type"});
  // An int for a float of the same size: its bits would be read as a float.
  CHECK(type_error("    kernel a : typed<<<1, 64>>>(x, y, 2, u64(64));").first ==
        "argument 3 of node 'a' is '2', of type i32 (std::int32_t), but parameter 3 of kernel 'typed' is 'float'");
  // A double param for a float.
  CHECK(type_error("    kernel a : typed<<<1, 64>>>(x, y, d, u64(64));").first ==
        "argument 3 of node 'a' is 'd', a param of type f64 (double), but parameter 3 of kernel 'typed' is 'float'");
  // A pointer of the wrong element type.
  CHECK(type_error("    kernel a : typed<<<1, 64>>>(i, y, s, u64(64));").first ==
        "argument 1 of node 'a' is 'i', a pointer to i32, but parameter 1 of kernel 'typed' is 'float const*'");
  // A scalar where a pointer is expected, and a pointer where a scalar is.
  CHECK(type_error("    kernel a : typed<<<1, 64>>>(x, s, s, u64(64));").first ==
        "argument 2 of node 'a' is 's', a param of type f32 (float), but parameter 2 of kernel 'typed' is 'float*'");
  CHECK(type_error("    kernel a : ops::fill<int><<<1, 64>>>(i, i, 64);").first ==
        "argument 2 of node 'a' is 'i', a pointer to i32, but parameter 2 of kernel 'ops::fill<int>' is 'int'");
  // A signed int for an unsigned 64-bit parameter: the runtime would pass 4 bytes.
  CHECK(type_error("    kernel a : typed<<<1, 64>>>(x, y, s, -1);") ==
        std::pair<std::string, std::string>{
            "argument 4 of node 'a' is '-1', of type i32 (std::int32_t), but parameter 4 of kernel 'typed' is "
            "'unsigned long long'",
            "write 'u64(-1)' for a value of the parameter's type"});
  // A bf16 for a __half: two different formats of the same size.
  CHECK(type_error("    kernel a : halves<<<1, 64>>>(nullptr, bf16(1.5));").first ==
        "argument 2 of node 'a' is 'bf16(1.5)', of type bf16 (__nv_bfloat16), but parameter 2 of kernel 'halves' is "
        "'__half'");
}

TEST_CASE("a .ptx module's kernels are read directly, named by their symbol", "[modules]") {
  Project p;
  p.write("k.ptx", R"(.version 9.0
.target sm_90
.address_size 64
.visible .entry scale(
	.param .u64 scale_param_0,
	.param .f32 scale_param_1
)
{
	ret;
}
.visible .entry _ZN2ns5innerEPi(
	.param .u64 _ZN2ns5innerEPi_param_0
)
{
	ret;
}
)");
  const std::string head = "module \"k.ptx\";\ngraph g {\n    buffer x : f32[64] device;\n";
  const std::unique_ptr<Compilation> ok = p.compile(head + "    kernel a : scale<<<1, 64>>>(x, 2.0f);\n"
                                                           "    kernel b : _ZN2ns5innerEPi<<<1, 64>>>(nullptr);\n}\n");
  INFO(rendered(*ok));
  CHECK(ok->diags.diagnostics().empty());
  const std::unique_ptr<Compilation> wrong = p.compile(head + "    kernel a : scale<<<1, 64>>>(x, 2);\n"
                                                              "    kernel b : ns::inner<<<1, 64>>>(nullptr);\n}\n");
  const std::vector<Diagnostic> ds = wrong->diags.sorted();
  REQUIRE(ds.size() == 2);
  CHECK(ds[0].code == DiagCode::kernel_arg_type);
  // An extern "C" kernel of a .ptx module: PTX's types only (.f32: a float, not an int).
  CHECK(ds[0].message == "argument 2 of node 'a' is '2', of type i32 (std::int32_t), but parameter 2 of kernel "
                         "'scale' is a 4-byte floating-point value");
  CHECK(ds[1].code == DiagCode::kernel_not_in_modules);
  REQUIRE_FALSE(ds[1].notes.empty());
  CHECK(ds[1].notes[0].message == "module 'k.ptx' has 'ns::inner' as the symbol '_ZN2ns5innerEPi': a .ptx module's "
                                  "kernels are named by their symbol");
  CHECK(wrong->sources.location(ds[1].notes[0].range) == p.path("k.ptx") + ":11:17");
}

TEST_CASE("a module NVRTC rejects is W0002 with NVRTC's errors at their lines", "[modules]") {
  Project p;
  p.write("k.cu", "extern \"C\" __global__ void k(float* x) {\n  x[0] = undeclared;\n}\n");
  const std::unique_ptr<Compilation> c =
      p.compile("module \"k.cu\";\ngraph g {\n    kernel a : k<<<1, 1>>>(nullptr);\n}\n");
  CHECK(c->ok());
  REQUIRE(c->diags.diagnostics().size() == 1);
  const Diagnostic& d = c->diags.diagnostics()[0];
  CHECK(d.code == DiagCode::module_not_nvrtc);
  CHECK(c->sources.location(d.range) == p.path("g.graph") + ":1:1");
  REQUIRE(d.notes.size() == 1);
  CHECK(d.notes[0].message == "error: identifier \"undeclared\" is undefined");
  CHECK(c->sources.location(d.notes[0].range) == p.path("k.cu") + ":2:3");
}

TEST_CASE("a .cubin's kernels come from its symbol table, with their parameters' sizes", "[modules]") {
  Project p;
  // A CUBIN as NVRTC makes it for the runtime (sm_90), written where the graph names it.
  p.write("k.cu", "extern \"C\" __global__ void scale(float* x, float a, int n) {}\n"
                  "namespace ns { __global__ void inner(const int* p, double d) {} }\n");
  const modules::NvrtcCompilation compiled = modules::compile_with_nvrtc(p.path("k.cu"), {"scale", "ns::inner"},
                                                                         "sm_90", modules::NvrtcCache(p.path("cache")));
  REQUIRE(compiled.status == modules::NvrtcCompilation::Status::compiled);
  p.write("k.cubin", compiled.code.image);
  const std::string head = "module \"k.cubin\";\ngraph g {\n    buffer x : f32[64] device;\n";
  const std::unique_ptr<Compilation> ok = p.compile(head + "    kernel a : scale<<<1, 64>>>(x, 2.0f, 64);\n}\n");
  INFO(rendered(*ok));
  CHECK(ok->diags.diagnostics().empty());
  REQUIRE(ok->module_kernels.size() == 1);
  const auto& kernels = ok->module_kernels[0].kernels;
  REQUIRE(kernels.size() == 2);
  const auto inner = std::find_if(kernels.begin(), kernels.end(), [](const auto& k) { return k.name == "ns::inner"; });
  REQUIRE(inner != kernels.end());
  REQUIRE(inner->params.size() == 2);
  CHECK(inner->params[0].cxx == "int const*");
  CHECK(inner->params[1].size == 8);
  const std::unique_ptr<Compilation> wrong =
      p.compile(head + "    kernel a : scale<<<1, 64>>>(x, 2.0f);\n"
                       "    kernel b : scale<<<1, 64>>>(x, 2.0, 64);\n"
                       "    kernel c : scal<<<1, 64>>>(x);\n    a -> b -> c;\n}\n");
  const std::vector<Diagnostic> ds = wrong->diags.sorted();
  REQUIRE(ds.size() == 3);
  CHECK(ds[0].message == "kernel 'scale' takes 3 arguments, but node 'a' passes 2 arguments");
  CHECK(ds[1].message == "argument 2 of node 'b' is '2.0', of type f64 (double), but parameter 2 of kernel 'scale' is "
                         "4 bytes");
  CHECK(ds[2].code == DiagCode::kernel_not_in_modules);
  REQUIRE(ds[2].notes.size() == 2);
  CHECK(ds[2].notes[0].message == "did you mean 'scale'? (module 'k.cubin')");
  // Not an ELF: unread, said once.
  p.write("k.cubin", "not a cubin");
  const std::unique_ptr<Compilation> junk = p.compile(head + "    kernel a : scale<<<1, 64>>>(x);\n}\n");
  REQUIRE(junk->diags.diagnostics().size() == 1);
  CHECK(junk->diags.diagnostics()[0].message == "the kernels of module 'k.cubin' are checked only when the graph is "
                                                "instantiated: it is not a 64-bit ELF CUBIN with a symbol table");
}

TEST_CASE("a .fatbin's kernels are not read: W0001 once, and no kernel is called missing", "[modules]") {
  Project p;
  p.write("a.fatbin", "not read");
  p.write("b.cubin", "not read");
  const std::unique_ptr<Compilation> c = p.compile(
      "module \"a.fatbin\";\nmodule \"b.cubin\";\ngraph g {\n    kernel a : anything<<<1, 1>>>(nullptr);\n}\n");
  REQUIRE(c->ok());
  REQUIRE(c->diags.diagnostics().size() == 1);
  const Diagnostic& d = c->diags.diagnostics()[0];
  CHECK(d.code == DiagCode::kernels_unchecked);
  CHECK(d.message == "the kernels of module 'a.fatbin' are checked only when the graph is instantiated: graphc "
                     "reads the kernels of .cu, .ptx and .cubin modules, not of a .fatbin");
}

TEST_CASE("compile_text and a file with no module check no kernel", "[modules]") {
  Project p;
  const std::unique_ptr<Compilation> none = p.compile("graph g {\n    kernel a : host_kernel<<<1, 1>>>(1.5);\n}\n");
  CHECK(none->diags.diagnostics().empty());
  CHECK(none->module_kernels.empty());
  const std::unique_ptr<Compilation> text =
      compile_text("t.graph", "module \"missing.cu\";\ngraph g {\n    kernel a : k<<<1, 1>>>(1.5);\n}\n");
  CHECK(text->diags.diagnostics().empty());
}

}  // namespace
}  // namespace graphc
