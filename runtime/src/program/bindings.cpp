#include "graphc/bindings.h"

#include "graphc/communicator.h"

namespace graphc {

Bindings& Bindings::buffer(std::string name, void* ptr, std::size_t bytes) {
  buffers_[std::move(name)] = {ptr, bytes};
  return *this;
}

Bindings& Bindings::pitched(std::string name, void* ptr, std::size_t pitch_bytes, std::size_t rows) {
  buffers_[std::move(name)] = {ptr, pitch_bytes * rows, pitch_bytes};
  return *this;
}

Bindings& Bindings::kernel_symbol(std::string name, const void* symbol) {
  kernels_[std::move(name)] = symbol;
  return *this;
}

Bindings& Bindings::host(std::string name, cudaHostFn_t fn, void* user_data) {
  BoundHost bound;
  bound.fn = fn;
  bound.user_data = user_data;
  return bind_host(std::move(name), bound);
}

Bindings& Bindings::bind_host(std::string name, const BoundHost& bound) {
  hosts_[std::move(name)] = bound;
  return *this;
}

Bindings& Bindings::unbound_hosts(std::function<void(const HostCall&)> fn) {
  unbound_hosts_ = std::make_shared<const std::function<void(const HostCall&)>>(std::move(fn));
  return *this;
}

Bindings& Bindings::keep_alive(std::shared_ptr<const void> owner) {
  kept_alive_.push_back(std::move(owner));
  return *this;
}

Bindings& Bindings::capture(std::string name, CaptureFn fn) {
  captures_[std::move(name)] = std::move(fn);
  return *this;
}

Bindings& Bindings::event(std::string name, cudaEvent_t event) {
  events_[std::move(name)] = event;
  return *this;
}

Bindings& Bindings::communicator(std::string name, ncclComm* comm) {
  owned_communicators_.erase(name);
  communicators_[std::move(name)] = comm;
  return *this;
}

Bindings& Bindings::communicator(std::string name, const Communicator& comm) {
  communicators_[name] = comm.get();
  owned_communicators_[std::move(name)] = std::make_shared<const Communicator>(comm);
  return *this;
}

const Communicator* Bindings::find_owned_communicator(std::string_view name) const {
  const auto it = owned_communicators_.find(name);
  return it == owned_communicators_.end() ? nullptr : it->second.get();
}

const Bindings::BoundBuffer* Bindings::find_buffer(std::string_view name) const {
  const auto it = buffers_.find(name);
  return it == buffers_.end() ? nullptr : &it->second;
}

const CaptureFn* Bindings::find_capture(std::string_view name) const {
  const auto it = captures_.find(name);
  return it == captures_.end() ? nullptr : &it->second;
}

const void* Bindings::find_kernel(std::string_view name) const {
  const auto it = kernels_.find(name);
  return it == kernels_.end() ? nullptr : it->second;
}

const Bindings::BoundHost* Bindings::find_host(std::string_view name) const {
  const auto it = hosts_.find(name);
  return it == hosts_.end() ? nullptr : &it->second;
}

const cudaEvent_t* Bindings::find_event(std::string_view name) const {
  const auto it = events_.find(name);
  return it == events_.end() ? nullptr : &it->second;
}

ncclComm* Bindings::find_communicator(std::string_view name) const {
  const auto it = communicators_.find(name);
  return it == communicators_.end() ? nullptr : it->second;
}

}  // namespace graphc
