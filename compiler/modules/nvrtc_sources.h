// The text NVRTC compiles for one .cu module, the kernel name expressions it is given,
// and the local headers whose contents belong in the cache key.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace graphc::modules {

/// A .cu file as read, and the local headers it includes.
struct CuSource {
  std::string text;
  /// "path\n<length>\n<contents>" for every header reached through `#include "..."`
  /// (relative to the including file or the module's folder), recursively, in include
  /// order: an edited header changes the cache key. System headers (<...>) are covered
  /// by the NVRTC version and the include paths.
  std::string local_headers;
};

/// Reads `path` and its local headers; nullopt when `path` cannot be read.
std::optional<CuSource> read_cu_source(const std::filesystem::path& path);

/// The text NVRTC compiles: a prelude that declares the device runtime functions a module
/// may call with no include of its own (cudaGraphSetConditional,
/// cudaGridDependencySynchronize, cudaTriggerProgrammaticLaunchCompletion: NVRTC does not
/// declare them by itself, nvcc does through cuda_runtime.h), then `#line 1 "path"` and
/// the file, so NVRTC's messages point at the user's lines.
std::string with_prelude(std::string_view text, std::string_view path);

/// The identifier a kernel name declares: "scale" for "ns::scale<float>".
std::string_view kernel_identifier(std::string_view name);

/// The names among `kernels` whose identifier occurs in `text` outside comments and
/// literals: the name expressions to give NVRTC for this module (a name expression that
/// the module does not declare fails its compilation).
std::vector<std::string> kernel_names_in(std::string_view text, const std::vector<std::string>& kernels);

/// Where `text` (a .cu file) declares the kernel `identifier` (kernel_identifier): the
/// byte range of its first occurrence, outside comments and literals, in a declaration
/// that says `__global__` before it; nullopt where there is none.
std::optional<std::pair<std::uint32_t, std::uint32_t>> kernel_declaration(std::string_view text,
                                                                          std::string_view identifier);

}  // namespace graphc::modules
