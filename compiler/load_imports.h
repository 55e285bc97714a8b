// `import "other.graph";`: the files a module imports, loaded into it, so that the graphs
// of every file share one namespace and a `call` can name any of them.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc {

/// Graph files larger than this are refused before they are read (E0014): 16 MiB.
inline constexpr std::uintmax_t kMaxGraphFileBytes = std::uintmax_t{16} << 20;

/// Reads the file at `path` into `sources` (`-`: standard input, named `<stdin>`, read once
/// per process: a later read, another variant's compile, gets the same text); nullopt
/// after reporting, at `at`, E0002 with the reason when it cannot be read or is not a
/// regular file (a folder, a pipe, a device: refused before it is opened), or E0014 when it
/// is over kMaxGraphFileBytes.
std::optional<FileId> read_source(SourceManager& sources, const std::string& path, DiagEngine& diags, SourceRange at);

/// The front end for one file: its IR, syntax fields only, its own imports unresolved.
using ParseFile = std::function<ir::Module(FileId)>;

/// Loads the files `module` imports, transitively and each once (files are the same when
/// their paths resolve to the same file), parsing each with `parse`, and appends their
/// graphs (marked Graph::imported) and module declarations (a path once) to `module`, in
/// load order: a file's graphs before those of the files it imports. An unreadable import
/// is E0002 at its declaration; an import that closes a cycle is E0005 there, naming the
/// cycle (the files of a cycle are still loaded once each).
void load_imports(ir::Module& module, SourceManager& sources, DiagEngine& diags, const ParseFile& parse);

}  // namespace graphc
