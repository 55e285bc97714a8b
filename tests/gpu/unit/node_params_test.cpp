#include <catch2/catch.hpp>

#include "build/node_params.h"
#include "graphc/devices.h"

namespace graphc::detail {
namespace {

using ST = ir::ScalarType;

ir::Graph two_buffers() {
  ir::Graph graph;
  graph.buffers.resize(2);
  graph.buffers[0].type = ST::f32;
  graph.buffers[0].count_value = 16;
  graph.buffers[1].type = ST::u16;
  graph.buffers[1].count_value = 16;
  return graph;
}

ir::BufferSlice slice(std::uint32_t id, std::uint64_t offset, std::uint64_t length) {
  ir::BufferSlice s;
  s.id = ir::BufferId{id};
  s.offset_value = offset;
  s.length_value = length;
  return s;
}

TEST_CASE("copy_node_params: a 1-D cudaMemcpy3DParms between the slices", "[runtime]") {
  const ir::Graph graph = two_buffers();
  alignas(8) std::byte a[64];
  alignas(8) std::byte b[64];
  ir::CopyNode copy;
  copy.dst = slice(0, 2, 4);
  copy.src = slice(0, 8, 4);
  copy.bytes_value = 16;
  copy.kind = ir::CopyKind::device_to_host;
  const cudaGraphNodeParams p = copy_node_params(graph, copy, {a, b}, {0, 0});
  CHECK(p.type == cudaGraphNodeTypeMemcpy);
  CHECK(p.memcpy.flags == 0);
  const cudaMemcpy3DParms& c = p.memcpy.copyParams;
  CHECK(c.dstPtr.ptr == a + 8);
  CHECK(c.srcPtr.ptr == a + 32);
  CHECK(c.srcPtr.pitch == 16);
  CHECK(c.srcPtr.xsize == 16);
  CHECK(c.srcPtr.ysize == 1);
  CHECK(c.extent.width == 16);
  CHECK(c.extent.height == 1);
  CHECK(c.extent.depth == 1);
  CHECK(c.kind == cudaMemcpyDeviceToHost);
  CHECK(c.srcArray == nullptr);
  CHECK(c.dstArray == nullptr);
}

TEST_CASE("memcpy_kind follows the copy's direction", "[runtime]") {
  CHECK(memcpy_kind(ir::CopyKind::host_to_device) == cudaMemcpyHostToDevice);
  CHECK(memcpy_kind(ir::CopyKind::device_to_host) == cudaMemcpyDeviceToHost);
  CHECK(memcpy_kind(ir::CopyKind::device_to_device) == cudaMemcpyDeviceToDevice);
  CHECK(memcpy_kind(ir::CopyKind::host_to_host) == cudaMemcpyHostToHost);
  CHECK(memcpy_kind(ir::CopyKind::unified) == cudaMemcpyDefault);
}

TEST_CASE("memset_node_params: one row of the slice's elements", "[runtime]") {
  const ir::Graph graph = two_buffers();
  alignas(8) std::byte a[64];
  alignas(8) std::byte b[64];
  ir::MemsetNode memset;
  memset.dst = slice(1, 3, 10);
  memset.element_size = 2;
  memset.value_bits = 0xbeef;
  const cudaGraphNodeParams p = memset_node_params(graph, memset, {a, b}, {0, 0});
  CHECK(p.type == cudaGraphNodeTypeMemset);
  CHECK(p.memset.dst == b + 6);
  CHECK(p.memset.value == 0xbeef);
  CHECK(p.memset.elementSize == 2);
  CHECK(p.memset.width == 10);
  CHECK(p.memset.height == 1);
}

// A pitched f32[6][5] buffer (pitch 64) and a dense u32[4][3] one.
ir::Graph two_images() {
  ir::Graph graph;
  graph.buffers.resize(2);
  graph.buffers[0].type = ST::f32;
  graph.buffers[0].count_value = 6;
  graph.buffers[0].width = ir::Expr{};
  graph.buffers[0].width_value = 5;
  graph.buffers[1].type = ST::u32;
  graph.buffers[1].space = ir::MemorySpace::host;
  graph.buffers[1].count_value = 4;
  graph.buffers[1].width = ir::Expr{};
  graph.buffers[1].width_value = 3;
  return graph;
}

ir::BufferSlice box(std::uint32_t id, std::uint64_t row, std::uint64_t rows, std::uint64_t column,
                    std::uint64_t columns) {
  ir::BufferSlice s = slice(id, row, rows);
  s.column_value = column;
  s.columns_value = columns;
  return s;
}

TEST_CASE("copy_node_params: a 2-D box between pitched pointers, x positions in bytes", "[runtime]") {
  const ir::Graph graph = two_images();
  alignas(8) std::byte a[6 * 64];
  alignas(8) std::byte b[4 * 12];
  ir::CopyNode copy;
  copy.dst = box(0, 2, 3, 1, 2);
  copy.src = box(1, 1, 3, 0, 2);
  copy.kind = ir::CopyKind::host_to_device;
  const cudaGraphNodeParams p = copy_node_params(graph, copy, {a, b}, {64, 12});
  const cudaMemcpy3DParms& c = p.memcpy.copyParams;
  CHECK(c.dstPtr.ptr == a);
  CHECK(c.dstPtr.pitch == 64);
  CHECK(c.dstPtr.xsize == 20);
  CHECK(c.dstPtr.ysize == 6);
  CHECK(c.srcPtr.ptr == b);
  CHECK(c.srcPtr.pitch == 12);
  CHECK(c.srcPtr.xsize == 12);
  CHECK(c.srcPtr.ysize == 4);
  CHECK(c.dstPos.x == 4);
  CHECK(c.dstPos.y == 2);
  CHECK(c.dstPos.z == 0);
  CHECK(c.srcPos.x == 0);
  CHECK(c.srcPos.y == 1);
  CHECK(c.extent.width == 8);
  CHECK(c.extent.height == 3);
  CHECK(c.extent.depth == 1);
  CHECK(c.kind == cudaMemcpyHostToDevice);
}

TEST_CASE("memset_node_params: a 2-D box, its rows a pitch apart", "[runtime]") {
  const ir::Graph graph = two_images();
  alignas(8) std::byte a[6 * 64];
  alignas(8) std::byte b[4 * 12];
  ir::MemsetNode memset;
  memset.dst = box(0, 1, 4, 2, 3);
  memset.element_size = 4;
  memset.value_bits = 0x3f800000;
  const cudaGraphNodeParams p = memset_node_params(graph, memset, {a, b}, {64, 12});
  CHECK(p.memset.dst == a + 64 + 8);
  CHECK(p.memset.pitch == 64);
  CHECK(p.memset.width == 3);
  CHECK(p.memset.height == 4);
  CHECK(p.memset.elementSize == 4);
}

// A pitched f32[3][6][5] volume (pitch 64) and a dense 1-D f32[40] buffer.
ir::Graph volume_and_flat() {
  ir::Graph graph;
  graph.buffers.resize(2);
  graph.buffers[0].type = ST::f32;
  graph.buffers[0].depth = ir::Expr{};
  graph.buffers[0].depth_value = 3;
  graph.buffers[0].count_value = 6;
  graph.buffers[0].width = ir::Expr{};
  graph.buffers[0].width_value = 5;
  graph.buffers[1].type = ST::f32;
  graph.buffers[1].space = ir::MemorySpace::host;
  graph.buffers[1].count_value = 40;
  return graph;
}

ir::BufferSlice volume_box(std::uint64_t z, std::uint64_t depth, std::uint64_t row, std::uint64_t rows,
                           std::uint64_t column, std::uint64_t columns) {
  ir::BufferSlice s = box(0, row, rows, column, columns);
  s.z_value = z;
  s.depth_value = depth;
  return s;
}

TEST_CASE("copy_node_params: a 3-D box into a 1-D slice of dense rows", "[runtime]") {
  const ir::Graph graph = volume_and_flat();
  alignas(8) std::byte volume[3 * 6 * 64];
  alignas(8) std::byte flat[40 * 4];
  ir::CopyNode copy;
  copy.dst = slice(1, 4, 24);
  copy.src = volume_box(1, 2, 2, 3, 1, 4);
  copy.kind = ir::CopyKind::device_to_host;
  const cudaGraphNodeParams p = copy_node_params(graph, copy, {volume, flat}, {64, 0});
  const cudaMemcpy3DParms& c = p.memcpy.copyParams;
  CHECK(c.srcPtr.ptr == volume);
  CHECK(c.srcPtr.pitch == 64);
  CHECK(c.srcPtr.xsize == 20);
  CHECK(c.srcPtr.ysize == 6);  // rows of a slice: slice z starts z * 6 * 64 bytes in
  CHECK(c.srcPos.x == 4);
  CHECK(c.srcPos.y == 2);
  CHECK(c.srcPos.z == 1);
  CHECK(c.dstPtr.ptr == flat + 4 * 4);  // the slice's first element
  CHECK(c.dstPtr.pitch == 16);          // a row of the box: 4 floats
  CHECK(c.dstPtr.xsize == 16);
  CHECK(c.dstPtr.ysize == 3);  // the box's rows, a dense slice after them
  CHECK(c.dstPos.x == 0);
  CHECK(c.dstPos.y == 0);
  CHECK(c.dstPos.z == 0);
  CHECK(c.extent.width == 16);
  CHECK(c.extent.height == 3);
  CHECK(c.extent.depth == 2);
  CHECK(c.kind == cudaMemcpyDeviceToHost);
}

TEST_CASE("memset_node_params: a box of one slice of a 3-D buffer, and whole slices", "[runtime]") {
  const ir::Graph graph = volume_and_flat();
  alignas(8) std::byte volume[3 * 6 * 64];
  alignas(8) std::byte flat[40 * 4];
  ir::MemsetNode memset;
  memset.dst = volume_box(2, 1, 1, 4, 2, 3);
  memset.element_size = 4;
  const cudaGraphNodeParams one = memset_node_params(graph, memset, {volume, flat}, {64, 0});
  CHECK(one.memset.dst == volume + (2 * 6 + 1) * 64 + 8);
  CHECK(one.memset.pitch == 64);
  CHECK(one.memset.width == 3);
  CHECK(one.memset.height == 4);
  memset.dst = volume_box(1, 2, 0, 6, 0, 5);
  const cudaGraphNodeParams slices = memset_node_params(graph, memset, {volume, flat}, {64, 0});
  CHECK(slices.memset.dst == volume + 6 * 64);
  CHECK(slices.memset.width == 5);
  CHECK(slices.memset.height == 12);  // two slices' rows, one run
}

void CUDART_CB callback(void*) {}

TEST_CASE("host, empty and kernel node params", "[runtime]") {
  int data = 0;
  const cudaGraphNodeParams host = host_node_params({callback, &data});
  CHECK(host.type == cudaGraphNodeTypeHost);
  CHECK(host.host.fn == &callback);
  CHECK(host.host.userData == &data);
  CHECK(empty_node_params().type == cudaGraphNodeTypeEmpty);

  ir::KernelNode kernel;
  kernel.grid_dims = {4, 2, 1};
  kernel.block_dims = {128, 1, 1};
  kernel.shared_memory_bytes = 1024;
  KernelArgs args;
  const auto fake = reinterpret_cast<cudaKernel_t>(std::uintptr_t{0x1000});
  const cudaGraphNodeParams p = kernel_node_params(fake, kernel, args);
  CHECK(p.type == cudaGraphNodeTypeKernel);
  CHECK(p.kernel.func == static_cast<void*>(fake));
  CHECK(p.kernel.gridDim.x == 4);
  CHECK(p.kernel.gridDim.y == 2);
  CHECK(p.kernel.blockDim.x == 128);
  CHECK(p.kernel.sharedMemBytes == 1024);
  CHECK(p.kernel.kernelParams == nullptr);
  CHECK(p.kernel.extra == nullptr);
}

TEST_CASE("edge_data maps ports to CUDA's edge data", "[runtime]") {
  const cudaGraphEdgeData plain = edge_data(ir::EdgePort::default_);
  CHECK(plain.from_port == 0);
  CHECK(plain.to_port == 0);
  CHECK(plain.type == cudaGraphDependencyTypeDefault);
  const cudaGraphEdgeData programmatic = edge_data(ir::EdgePort::programmatic);
  CHECK(programmatic.from_port == cudaGraphKernelNodePortProgrammatic);
  CHECK(programmatic.type == cudaGraphDependencyTypeProgrammatic);
  const cudaGraphEdgeData completion = edge_data(ir::EdgePort::launch_completion);
  CHECK(completion.from_port == cudaGraphKernelNodePortLaunchCompletion);
  CHECK(completion.type == cudaGraphDependencyTypeProgrammatic);
}

TEST_CASE("conditional node params: type and size per kind, the handle", "[runtime]") {
  ir::ConditionalNode c;
  c.bodies = {ir::BodyId{0}, ir::BodyId{1}};
  c.type = ir::ConditionalNode::Type::if_;
  cudaGraphNodeParams p = conditional_node_params(c, 42);
  CHECK(p.type == cudaGraphNodeTypeConditional);
  CHECK(p.conditional.handle == 42);
  CHECK(p.conditional.type == cudaGraphCondTypeIf);
  CHECK(p.conditional.size == 2);
  c.type = ir::ConditionalNode::Type::switch_;
  c.bodies.push_back(ir::BodyId{2});
  p = conditional_node_params(c, 7);
  CHECK(p.conditional.type == cudaGraphCondTypeSwitch);
  CHECK(p.conditional.size == 3);
  c.type = ir::ConditionalNode::Type::while_;
  c.bodies = {ir::BodyId{0}};
  p = conditional_node_params(c, 7);
  CHECK(p.conditional.type == cudaGraphCondTypeWhile);
  CHECK(p.conditional.size == 1);
}

TEST_CASE("event record and wait node parameters carry the event, the rest zero", "[runtime]") {
  const auto fake = reinterpret_cast<cudaEvent_t>(std::uintptr_t{0x2000});
  const cudaGraphNodeParams record = event_record_node_params(fake);
  CHECK(record.type == cudaGraphNodeTypeEventRecord);
  CHECK(record.eventRecord.event == fake);
  CHECK(record.reserved2 == 0);
  const cudaGraphNodeParams wait = event_wait_node_params(fake);
  CHECK(wait.type == cudaGraphNodeTypeWaitEvent);
  CHECK(wait.eventWait.event == fake);
  CHECK(wait.reserved2 == 0);
}

TEST_CASE("mem alloc and mem free node params: pinned device memory of the given size, the address to free",
          "[runtime]") {
  const cudaGraphNodeParams alloc = alloc_node_params(4096, 1, {});
  CHECK(alloc.type == cudaGraphNodeTypeMemAlloc);
  CHECK(alloc.alloc.poolProps.allocType == cudaMemAllocationTypePinned);
  CHECK(alloc.alloc.poolProps.handleTypes == cudaMemHandleTypeNone);
  CHECK(alloc.alloc.poolProps.location.type == cudaMemLocationTypeDevice);
  CHECK(alloc.alloc.poolProps.location.id == 1);
  CHECK(alloc.alloc.accessDescCount == 0);
  CHECK(alloc.alloc.bytesize == 4096);
  CHECK(alloc.alloc.dptr == nullptr);  // CUDA's answer
  int memory = 0;
  const cudaGraphNodeParams free = free_node_params(&memory);
  CHECK(free.type == cudaGraphNodeTypeMemFree);
  CHECK(free.free.dptr == &memory);
}

TEST_CASE("a placed mem alloc node: its device's pool, and read-write access for each of its peers", "[runtime]") {
  const std::vector<cudaMemAccessDesc> access = peer_access_descs({0, 2});
  const cudaGraphNodeParams alloc = alloc_node_params(256, 1, access);
  CHECK(alloc.alloc.poolProps.location.id == 1);
  REQUIRE(alloc.alloc.accessDescCount == 2);
  CHECK(alloc.alloc.accessDescs == access.data());
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(access[i].location.type == cudaMemLocationTypeDevice);
    CHECK(access[i].flags == cudaMemAccessFlagsProtReadWrite);
  }
  CHECK(access[0].location.id == 0);
  CHECK(access[1].location.id == 2);
}

}  // namespace
}  // namespace graphc::detail
