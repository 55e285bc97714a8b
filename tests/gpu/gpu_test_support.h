// Helpers of the runtime's GPU tests: test data paths, reading buffers back, expected
// error locations.
#pragma once

#include <catch2/catch.hpp>
#include <cuda_runtime_api.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "graphc/generated_support.h"
#include "graphc/program.h"

namespace graphc::test {

/// tests/gpu/data (sources) and the test binary's folder (the .ptx built from data/).
inline std::string data_dir() { return GRAPHC_TEST_DATA_DIR; }
inline std::string binary_dir() { return GRAPHC_TEST_BINARY_DIR; }

/// The path a test graph is reported under: a file next to the kernels, so its `module
/// "kernels.cu";` resolves (the text itself is given to Program::from_text).
inline std::string graph_path(const std::string& name) { return data_dir() + "/" + name + ".graph"; }

/// `count` elements of T copied back from any memory (cudaMemcpyDefault), after a
/// device synchronization.
template <class T>
std::vector<T> read(const void* memory, std::size_t count) {
  check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
  std::vector<T> out(count);
  check_cuda(cudaMemcpy(out.data(), memory, count * sizeof(T), cudaMemcpyDefault), "cudaMemcpy");
  return out;
}

/// `count` floats i * factor: what scale_into (data/kernels.cu) makes of iota(0).
inline std::vector<float> iota_scaled(std::size_t count, float factor) {
  std::vector<float> out(count);
  for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<float>(i) * factor;
  return out;
}

/// `count` floats start, start + 1, ...
inline std::vector<float> ramp(std::size_t count, float start) {
  std::vector<float> x(count);
  for (std::size_t i = 0; i < count; ++i) x[i] = start + static_cast<float>(i);
  return x;
}

/// New device memory holding `values`.
inline Allocation<float> device_copy(const std::vector<float>& values) {
  Allocation<float> memory(values.size(), MemorySpace::device, "x2");
  check_cuda(cudaMemcpy(memory.get(), values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice),
             "cudaMemcpy");
  return memory;
}

/// Buffer `name` of `instance` as T values.
template <class T>
std::vector<T> read_buffer(const Instance& instance, const std::string& name) {
  return read<T>(instance.buffer(name), instance.buffer_bytes(name) / sizeof(T));
}

/// `values` copied into buffer `buffer` of `instance`, whose size they must have.
template <class T>
void upload(Instance& instance, const std::string& buffer, const std::vector<T>& values) {
  REQUIRE(instance.buffer_bytes(buffer) == values.size() * sizeof(T));
  check_cuda(cudaMemcpy(instance.buffer(buffer), values.data(), values.size() * sizeof(T), cudaMemcpyHostToDevice),
             "cudaMemcpy");
}

/// The node types of a capture node's child graph, in CUDA's order.
inline std::vector<cudaGraphNodeType> captured_types(const Instance& instance, const std::string& node) {
  cudaGraph_t child = nullptr;
  check_cuda(cudaGraphChildGraphNodeGetGraph(instance.node(node), &child), "cudaGraphChildGraphNodeGetGraph");
  std::size_t count = 0;
  check_cuda(cudaGraphGetNodes(child, nullptr, &count), "cudaGraphGetNodes");
  std::vector<cudaGraphNode_t> nodes(count);
  check_cuda(cudaGraphGetNodes(child, nodes.data(), &count), "cudaGraphGetNodes");
  std::vector<cudaGraphNodeType> types;
  for (cudaGraphNode_t n : nodes) {
    cudaGraphNodeType type{};
    check_cuda(cudaGraphNodeGetType(n, &type), "cudaGraphNodeGetType");
    types.push_back(type);
  }
  return types;
}

/// "path:line:col" of the first occurrence of `needle` in `text` (1-based, as diagnostics
/// print it); `occurrence` picks a later one.
inline std::string location_of(const std::string& path, const std::string& text, const std::string& needle,
                               int occurrence = 1) {
  std::size_t at = std::string::npos;
  for (int i = 0; i < occurrence; ++i) at = text.find(needle, at == std::string::npos ? 0 : at + 1);
  REQUIRE(at != std::string::npos);
  std::size_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return path + ":" + std::to_string(line) + ":" + std::to_string(at - line_start + 1);
}

/// The graphc::Error that `action` throws; fails the test when it throws none.
inline Error error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& e) {
    return e;
  }
  FAIL("expected a graphc::Error");
  return Error("");
}

/// Sets an environment variable for the life of the object, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

/// A fresh, empty directory under the system's temporary folder, removed afterwards.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "graphc-test-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()) != nullptr);
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace graphc::test
