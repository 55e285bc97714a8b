// The kernels of a CUBIN (a 64-bit ELF for one GPU architecture) from its symbol table:
// each global function symbol CUDA marks as a kernel entry (st_other 0x10), and its
// parameters' sizes from the EIATTR_KPARAM_INFO records of its `.nv.info.<name>` section.
// A kernel with C++ linkage gets its types from its mangled name (cxx_signature.h); an
// extern "C" one has sizes only.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ir/kernel_signature.h"

namespace graphc::modules {

/// Every kernel entry of the CUBIN `image` with its parameters (kind `bytes`, by size, in
/// order); nullopt when `image` is not a little-endian 64-bit ELF with a symbol table.
std::optional<std::vector<ir::KernelSignature>> cubin_entries(std::string_view image);

}  // namespace graphc::modules
