// A hash that is the same in every run, on every machine (std::hash is not): FNV-1a,
// 64 bits. Names cache files; the cache entry itself records its full key, so a collision
// is detected rather than trusted.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace graphc::modules {

/// FNV-1a 64 of `bytes`.
std::uint64_t stable_hash(std::string_view bytes);
/// The hash as 16 lowercase hex digits.
std::string stable_hash_hex(std::string_view bytes);

}  // namespace graphc::modules
