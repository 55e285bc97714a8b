// `import "file";`: imported files' graphs join the module's namespace (so calls can name
// them), each file is loaded once, module declarations once per file, and cycles and
// unreadable files are reported at the import.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "compile.h"
#include "diag/render.h"
#include "load_imports.h"

using namespace graphc;
namespace fs = std::filesystem;

namespace {

// A folder of .graph files under the system's temporary folder, removed afterwards.
class Files {
 public:
  explicit Files(const std::string& name) : root_(fs::temp_directory_path() / ("graphc_imports_" + name)) {
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~Files() { fs::remove_all(root_); }
  Files(const Files&) = delete;
  Files& operator=(const Files&) = delete;

  std::string write(const std::string& path, const std::string& text) {
    const fs::path file = root_ / path;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file.string();
  }

 private:
  fs::path root_;
};

}  // namespace

TEST_CASE("imported graphs join the module, each file once, modules once", "[imports]") {
  Files files("diamond");
  files.write("lib/k.cu", "extern \"C\" __global__ void f(float* x) {}\n");
  files.write("lib/base.graph", "module \"k.cu\";\ngraph base(x : f32[8] device) { kernel k : f<<<1, 8>>>(x); }\n");
  files.write("lib/left.graph",
              "import \"base.graph\";\nmodule \"k.cu\";\ngraph left(x : f32[8] device) { call b : base(x); }\n");
  files.write("right.graph", "import \"lib/base.graph\";\ngraph right(x : f32[8] device) { call b : base(x); }\n");
  const std::string main =
      files.write("main.graph",
                  "import \"lib/left.graph\";\nimport \"right.graph\";\n"
                  "graph net { buffer d : f32[8] device; call l : left(d); call r : right(d); l -> r; }\n");
  const auto c = compile_file(main);
  INFO(render_all(c->sources, c->diags.sorted()));
  REQUIRE(c->ok());
  REQUIRE(c->module.graphs.size() == 4);
  CHECK(c->module.graphs[0].name == "net");
  CHECK_FALSE(c->module.graphs[0].imported);
  CHECK(c->module.graphs[1].name == "left");
  CHECK(c->module.graphs[1].imported);
  CHECK(c->module.graphs[2].name == "base");
  CHECK(c->module.graphs[3].name == "right");
  REQUIRE(c->module.modules.size() == 1);  // lib/k.cu, declared by two files
  CHECK(fs::path(c->module.modules[0].resolved).filename() == "k.cu");
  CHECK(c->module.imports.size() == 2);  // the file's own
}

TEST_CASE("an imported file's structs are the importer's too, once per file", "[imports]") {
  Files files("structs");
  files.write("args.graph", "struct Args { x : f32*; n : i32; }\n");
  files.write("mid.graph", "import \"args.graph\";\n");
  const std::string main =
      files.write("main.graph", "import \"args.graph\";\nimport \"mid.graph\";\n"
                                "graph g { buffer d : f32[8] device; kernel k : f<<<1, 8>>>(Args{d, 8}); }\n");
  const auto c = compile_file(main);
  INFO(render_all(c->sources, c->diags.sorted()));
  REQUIRE(c->ok());
  REQUIRE(c->module.structs.size() == 1);
  CHECK(c->module.structs[0].imported);
  CHECK(c->module.structs[0].size == 16);
  const auto& arg = std::get<ir::KernelNode>(c->module.graphs[0].nodes[0].op).args.at(0);
  CHECK(arg.kind == ir::KernelArg::Kind::aggregate);
}

TEST_CASE("an import cycle is reported at the import that closes it", "[imports]") {
  Files files("cycle");
  files.write("b.graph", "import \"a.graph\";\ngraph b { empty e; }\n");
  const std::string a = files.write("a.graph", "import \"b.graph\";\ngraph a { empty e; }\n");
  const auto c = compile_file(a);
  const std::vector<Diagnostic> all = c->diags.sorted();
  REQUIRE(all.size() == 1);
  CHECK(all[0].code == DiagCode::import_cycle);
  CHECK(c->sources.location(all[0].range).find("b.graph:1:1") != std::string::npos);
  CHECK(all[0].message.find("a.graph -> ") != std::string::npos);
}

TEST_CASE("an unreadable import, and a graph name two files declare", "[imports]") {
  Files files("errors");
  const std::string missing = files.write("m.graph", "import \"nope.graph\";\ngraph m { empty e; }\n");
  const auto c = compile_file(missing);
  REQUIRE(c->diags.sorted().size() == 1);
  CHECK(c->diags.sorted()[0].code == DiagCode::cannot_read_file);

  files.write("other.graph", "graph same { empty e; }\n");
  const std::string twice = files.write("t.graph", "import \"other.graph\";\ngraph same { empty e; }\n");
  const auto d = compile_file(twice);
  REQUIRE(d->diags.sorted().size() == 1);
  CHECK(d->diags.sorted()[0].code == DiagCode::duplicate_graph);
}

TEST_CASE("a graph file over the size limit is refused before it is read", "[imports]") {
  Files files("large");
  const std::string big = files.write("big.graph", std::string(kMaxGraphFileBytes + 1, ' '));
  const auto c = compile_file(big);
  REQUIRE(c->diags.sorted().size() == 1);
  CHECK(c->diags.sorted()[0].code == DiagCode::file_too_large);
  CHECK(c->sources.size() == 0);  // nothing was read
}

TEST_CASE("an import of a device or a folder is refused without reading it", "[imports]") {
  Files files("devices");
  // /dev/zero never ends: reading it would not stop before memory runs out.
  const std::string device = files.write("d.graph", "import \"/dev/zero\";\nimport \".\";\ngraph d { empty e; }\n");
  const auto c = compile_file(device);
  const auto all = c->diags.sorted();
  REQUIRE(all.size() == 2);
  CHECK(all[0].code == DiagCode::cannot_read_file);
  CHECK(all[1].code == DiagCode::cannot_read_file);
  CHECK(c->sources.size() == 1);  // only d.graph was read
}

TEST_CASE("module and import paths that generated code could not name are refused", "[imports]") {
  Files files("paths");
  const std::string text = files.write("t.graph", "module \"k\\\\x.cu\";\nmodule \"k.so\";\nimport \"a\tb.graph\";\n");
  const auto c = compile_file(text);
  const std::vector<Diagnostic> all = c->diags.sorted();
  REQUIRE(all.size() == 3);
  CHECK(all[0].code == DiagCode::unsafe_path);
  CHECK(all[0].message.find("a backslash") != std::string::npos);
  CHECK(all[1].code == DiagCode::module_kind);
  CHECK(all[2].code == DiagCode::unsafe_path);
  CHECK(all[2].message.find("a control character") != std::string::npos);
}
