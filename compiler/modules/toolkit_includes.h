// The CUDA toolkit's include folders as nvcc computes them, for NVRTC: nvcc reads them from
// its nvcc.profile (INCLUDES and SYSTEM_INCLUDES: in CUDA 13, `include` and `include/cccl`,
// where libcu++, CUB and Thrust moved), so graphc reads the same file, and a module that
// compiles under nvcc (the generated path) finds the same headers under NVRTC.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace graphc::modules {

/// The include folders that an nvcc.profile's INCLUDES and SYSTEM_INCLUDES lines name (`-I
/// dir`, `-Idir`, `-isystem dir`, quoted or not), in order, with $(TOP), $(_HERE_) and
/// $(_TARGET_DIR_) replaced by `top` (the toolkit's root), `top`/bin and `target_dir`
/// (such as targets/x86_64-linux).
std::vector<std::filesystem::path> profile_includes(std::string_view profile, const std::filesystem::path& top,
                                                    std::string_view target_dir);

/// The toolkit include folders for NVRTC, in search order, each once and each existing:
/// for each toolkit root ($CUDA_PATH, the toolkit of the loaded libnvrtc, /usr/local/cuda),
/// the folders its bin/nvcc.profile names (or `include` alone where there is no profile).
std::vector<std::string> toolkit_include_dirs();

}  // namespace graphc::modules
