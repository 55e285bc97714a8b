// Memory nodes: `alloc NAME : type[count];` and `free NAME : ALLOC;` (CUDA mem alloc and
// mem free nodes). An alloc's name also stands for its memory, as a buffer's does.
#pragma once

#include "decls.hpp"
#include "expr.hpp"
#include "indexed_names.hpp"
#include "lexical.hpp"
#include "types.hpp"

namespace graphc::grammar {

// `alloc NAME : type[count];`: a mem alloc node; the graph allocates count elements of
// device memory when the node runs. `device(1)` before the `;`: of device 1 (the pool's
// location); `peers(0)` after it: device 0's kernels reach it too (access descriptors).
struct kw_alloc : kw<'a', 'l', 'l', 'o', 'c'> {};
struct alloc_name : sor<name, keyword_as_node> {};
struct alloc_colon : sym<':'> {};
struct alloc_open : sym<'['> {};
struct alloc_count : seq<expr> {};
struct alloc_close : sym<']'> {};
struct alloc_end : sym<';'> {};
struct kw_alloc_device : kw<'d', 'e', 'v', 'i', 'c', 'e'> {};
struct alloc_device : seq<kw_alloc_device, opt<buffer_device>> {};
struct alloc_node : seq<if_must<kw_alloc, alloc_name, alloc_colon, type_name, alloc_open, alloc_count, alloc_close>,
                        opt<alloc_device>, opt<buffer_peers>, must<alloc_end>> {};

// `free NAME : ALLOC;`: a mem free node, freeing the memory of the alloc node ALLOC.
struct kw_free : kw<'f', 'r', 'e', 'e'> {};
struct free_name : sor<name, keyword_as_node> {};
struct free_colon : sym<':'> {};
struct free_alloc : seq<name> {};
struct free_end : sym<';'> {};
struct free_node : if_must<kw_free, free_name, free_colon, free_alloc, free_end> {};

}  // namespace graphc::grammar
