#include "modules/stable_hash.h"

#include <fmt/format.h>

namespace graphc::modules {

std::uint64_t stable_hash(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a 64 offset basis
  for (const char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ull;  // FNV-1a 64 prime
  }
  return hash;
}

std::string stable_hash_hex(std::string_view bytes) { return fmt::format("{:016x}", stable_hash(bytes)); }

}  // namespace graphc::modules
