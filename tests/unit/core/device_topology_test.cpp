// ir/device_topology.h: the text `graphc topology` writes and `--topology FILE` reads.
#include <catch2/catch.hpp>

#include <string>
#include <variant>

#include "ir/device_topology.h"

namespace graphc::ir {
namespace {

TEST_CASE("a topology reads back what it writes, and knows which device reaches which", "[topology]") {
  const auto parsed = parse_device_topology("# two H100s\ndevices 2\n\npeer 0 1\npeer 1 0  # NVLink\n");
  REQUIRE(std::holds_alternative<DeviceTopology>(parsed));
  const DeviceTopology& topology = std::get<DeviceTopology>(parsed);
  CHECK(topology.devices == 2);
  CHECK(topology.reaches(0, 1));
  CHECK(topology.reaches(1, 1));
  CHECK(topology.text() == "devices 2\npeer 0 1\npeer 1 0\n");
  const auto one_way = std::get<DeviceTopology>(parse_device_topology("devices 3\npeer 2 0\n"));
  CHECK(one_way.reaches(2, 0));
  CHECK_FALSE(one_way.reaches(0, 2));
}

TEST_CASE("a topology names its first bad line", "[topology]") {
  const auto error = [](const char* text) {
    const auto parsed = parse_device_topology(text);
    return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : std::string("parsed");
  };
  CHECK(error("") == "expected `devices N`, the number of CUDA devices, first");
  CHECK(error("peer 0 1\n") == "line 1: expected `devices N`, the number of CUDA devices, first");
  CHECK(error("devices 0\n") == "line 1: expected `devices N`, the number of CUDA devices, first");
  CHECK(error("devices 2\npeer 0 2\n") == "line 2: expected `peer FROM TO`, two devices from 0 to 1, not the same");
  CHECK(error("devices 2\npeer 1 1\n") == "line 2: expected `peer FROM TO`, two devices from 0 to 1, not the same");
  CHECK(error("devices 2\nlink 0 1\n") == "line 2: expected `peer FROM TO`, two devices from 0 to 1, not the same");
}

}  // namespace
}  // namespace graphc::ir
