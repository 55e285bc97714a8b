// The kernel entries of PTX text: each `.entry` directive's name and parameters, as
// `.param .f32 name`, `.param .u64 .ptr .global .align 4 name` or
// `.param .align 8 .b8 name[16]` declare them (PTX ISA, "Kernel Function Parameters").
#pragma once

#include <string_view>
#include <vector>

#include "ir/kernel_signature.h"

namespace graphc::modules {

/// Every `.entry` of `ptx`, in order: `symbol` and `name` set to the entry's name, each
/// parameter's kind (from its PTX type) and size, and `declaration` the byte range of the
/// entry's name in `ptx`. Comments are skipped. Text that is not PTX gives no entries.
std::vector<ir::KernelSignature> ptx_entries(std::string_view ptx);

}  // namespace graphc::modules
