#include "ir/device_topology.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <fmt/format.h>

namespace graphc::ir {

bool DeviceTopology::reaches(int from, int to) const {
  return from == to || std::find(peers.begin(), peers.end(), std::pair{from, to}) != peers.end();
}

std::string DeviceTopology::text() const {
  std::string out = fmt::format("devices {}\n", devices);
  for (const auto& [from, to] : peers) out += fmt::format("peer {} {}\n", from, to);
  return out;
}

namespace {

// A device number, from 0 up to `devices` when that is known (over 0).
bool device_number(const std::string& word, int devices, int& out) {
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), out);
  return error == std::errc() && end == word.data() + word.size() && out >= 0 && (devices == 0 || out < devices);
}

}  // namespace

std::variant<DeviceTopology, std::string> parse_device_topology(std::string_view text) {
  DeviceTopology out;
  std::istringstream lines{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty()) continue;
    const auto bad = [&](std::string_view why) { return fmt::format("line {}: {}", number, why); };
    if (out.devices == 0) {
      if (w.size() != 2 || w[0] != "devices" || !device_number(w[1], 0, out.devices) || out.devices < 1) {
        return bad("expected `devices N`, the number of CUDA devices, first");
      }
      continue;
    }
    int from = 0;
    int to = 0;
    if (w.size() != 3 || w[0] != "peer" || !device_number(w[1], out.devices, from) ||
        !device_number(w[2], out.devices, to) || from == to) {
      return bad(fmt::format("expected `peer FROM TO`, two devices from 0 to {}, not the same", out.devices - 1));
    }
    out.peers.emplace_back(from, to);
  }
  if (out.devices == 0) return std::string("expected `devices N`, the number of CUDA devices, first");
  return out;
}

}  // namespace graphc::ir
