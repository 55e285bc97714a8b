#include "modules/cubin_entries.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

namespace graphc::modules {
namespace {

// ELF64 (the System V ABI's layout) and CUDA's .nv.info records.
constexpr std::uint32_t kSymtab = 2;        // SHT_SYMTAB
constexpr std::uint8_t kFunc = 2;           // STT_FUNC
constexpr std::uint8_t kGlobal = 1;         // STB_GLOBAL
constexpr std::uint8_t kCudaEntry = 0x10;   // st_other of a kernel entry
constexpr std::uint8_t kKparamInfo = 0x17;  // EIATTR_KPARAM_INFO
constexpr std::size_t kSymbolSize = 24;     // sizeof(Elf64_Sym)

// Bounds-checked little-endian reads: the image is untrusted.
class Bytes {
 public:
  explicit Bytes(std::string_view data) : data_(data) {}
  template <typename T>
  std::optional<T> at(std::uint64_t offset) const {
    if (offset > data_.size() || data_.size() - offset < sizeof(T)) return std::nullopt;
    T value;
    std::memcpy(&value, data_.data() + offset, sizeof(T));
    return value;
  }
  std::optional<std::string_view> range(std::uint64_t offset, std::uint64_t size) const {
    if (offset > data_.size() || data_.size() - offset < size) return std::nullopt;
    return data_.substr(offset, size);
  }

 private:
  std::string_view data_;
};

struct Section {
  std::uint32_t name = 0;
  std::uint32_t type = 0;
  std::uint64_t offset = 0;
  std::uint64_t size = 0;
  std::uint32_t link = 0;
};

// The NUL-terminated string at `offset` of string table `table`.
std::string_view string_at(std::string_view table, std::uint32_t offset) {
  if (offset >= table.size()) return {};
  const std::string_view rest = table.substr(offset);
  return rest.substr(0, rest.find('\0'));
}

// Parameter sizes by ordinal from a kernel's .nv.info section: records of a format byte,
// an attribute byte and a value (EIFMT_NVAL: none; BVAL, HVAL: 2 bytes; SVAL: a 16-bit
// length and that many bytes). A KPARAM_INFO value is {u32 index, u16 ordinal, u16 offset,
// u32 flags}, the size in bytes in the flags' bits 18 to 31.
std::optional<std::vector<std::uint32_t>> parameter_sizes(std::string_view info) {
  std::vector<std::uint32_t> sizes;
  const Bytes bytes(info);
  std::uint64_t p = 0;
  while (p + 2 <= info.size()) {
    const std::uint8_t format = static_cast<std::uint8_t>(info[p]);
    const std::uint8_t attribute = static_cast<std::uint8_t>(info[p + 1]);
    if (format == 1) {
      p += 2;
    } else if (format == 2 || format == 3) {
      p += 4;
    } else if (format == 4) {
      const std::optional<std::uint16_t> length = bytes.at<std::uint16_t>(p + 2);
      if (!length) return std::nullopt;
      if (attribute == kKparamInfo) {
        const std::optional<std::uint16_t> ordinal = bytes.at<std::uint16_t>(p + 8);
        const std::optional<std::uint32_t> flags = bytes.at<std::uint32_t>(p + 12);
        if (!ordinal || !flags) return std::nullopt;
        if (sizes.size() <= *ordinal) sizes.resize(*ordinal + 1u, 0);
        sizes[*ordinal] = (*flags >> 18) & 0x3fff;
      }
      p += 4 + *length;
    } else {
      return std::nullopt;  // a format this reader does not know: no sizes rather than wrong ones
    }
  }
  return sizes;
}

}  // namespace

std::optional<std::vector<ir::KernelSignature>> cubin_entries(std::string_view image) {
  const Bytes bytes(image);
  if (!image.starts_with("\177ELF") || image.size() < 64 || image[4] != 2 || image[5] != 1) return std::nullopt;
  const auto section_offset = bytes.at<std::uint64_t>(0x28);
  const auto section_size = bytes.at<std::uint16_t>(0x3a);
  const auto sections_count = bytes.at<std::uint16_t>(0x3c);
  const auto names_index = bytes.at<std::uint16_t>(0x3e);
  if (!section_offset || !section_size || !sections_count || !names_index || *section_size < 0x40) return std::nullopt;
  std::vector<Section> sections;
  for (std::uint16_t i = 0; i < *sections_count; ++i) {
    const std::uint64_t at = *section_offset + std::uint64_t{i} * *section_size;
    const auto name = bytes.at<std::uint32_t>(at);
    const auto type = bytes.at<std::uint32_t>(at + 4);
    const auto offset = bytes.at<std::uint64_t>(at + 0x18);
    const auto size = bytes.at<std::uint64_t>(at + 0x20);
    const auto link = bytes.at<std::uint32_t>(at + 0x28);
    if (!name || !type || !offset || !size || !link) return std::nullopt;
    sections.push_back({*name, *type, *offset, *size, *link});
  }
  const auto contents = [&](std::size_t index) -> std::optional<std::string_view> {
    if (index >= sections.size()) return std::nullopt;
    return bytes.range(sections[index].offset, sections[index].size);
  };
  const std::optional<std::string_view> section_names = contents(*names_index);
  const auto symtab =
      std::find_if(sections.begin(), sections.end(), [](const Section& s) { return s.type == kSymtab; });
  if (!section_names || symtab == sections.end()) return std::nullopt;
  const std::optional<std::string_view> symbols = bytes.range(symtab->offset, symtab->size);
  const std::optional<std::string_view> names = contents(symtab->link);
  if (!symbols || !names) return std::nullopt;

  std::vector<ir::KernelSignature> out;
  for (std::uint64_t at = 0; at + kSymbolSize <= symbols->size(); at += kSymbolSize) {
    const std::uint8_t info = static_cast<std::uint8_t>((*symbols)[at + 4]);
    const std::uint8_t other = static_cast<std::uint8_t>((*symbols)[at + 5]);
    if ((info & 0xf) != kFunc || (info >> 4) != kGlobal || (other & kCudaEntry) == 0) continue;
    std::uint32_t name_offset = 0;
    std::memcpy(&name_offset, symbols->data() + at, sizeof(name_offset));
    ir::KernelSignature kernel;
    kernel.symbol = std::string(string_at(*names, name_offset));
    kernel.name = kernel.symbol;
    const std::string info_name = ".nv.info." + kernel.symbol;
    for (std::size_t s = 0; s < sections.size(); ++s) {
      if (string_at(*section_names, sections[s].name) != info_name) continue;
      const std::optional<std::string_view> records = contents(s);
      const std::optional<std::vector<std::uint32_t>> sizes =
          records ? parameter_sizes(*records) : std::optional<std::vector<std::uint32_t>>{};
      if (!sizes) return std::nullopt;
      for (const std::uint32_t size : *sizes) kernel.params.push_back({ir::KernelParam::Kind::bytes, size});
    }
    out.push_back(std::move(kernel));
  }
  return out;
}

}  // namespace graphc::modules
