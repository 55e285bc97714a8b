// Launch attributes of kernel nodes (`[priority(2), cluster(2, 1, 1), cooperative,
// sync_domain(remote), carveout(50), device_updatable]`), the device a kernel runs on (`device(1)`), and the
// memory access a kernel states for the race
// analysis (`reads(x)`, `writes(y)`): each one known, given once, with constant
// arguments in range. CUDA has no exec setter for launch attributes, so no param may set
// one (a change reaches an exec through Instance::reload). A cluster stays within CUDA's
// portable limit; that the grid is a multiple of it is checked with the launch
// configuration (check_launch_config, also when a param changes the grid).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "diag/spellcheck.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::Scalar;

constexpr std::array<std::string_view, 10> kNames = {"priority", "cluster",         "cooperative", "sync_domain",
                                                     "carveout", "access_policy",   "reads",       "writes",
                                                     "device",   "device_updatable"};
constexpr std::int64_t kPortableClusterSize = 8;  // cudaFuncAttributeNonPortableClusterSizeAllowed lifts it to 16

class AttributeChecker {
 public:
  AttributeChecker(GraphContext& ctx, ir::KernelNode& kernel) : ctx_(ctx), kernel_(kernel) {}

  void check(const ir::KernelAttribute& a) {
    attribute_ = &a;
    if (a.name == "priority") {
      if (const auto v = single_integer("one integer (CUDA clamps it to the device's priority range)")) {
        if (in_range(*v, INT32_MIN, INT32_MAX, "a priority is an int")) {
          kernel_.launch.priority = static_cast<std::int32_t>(v->integer);
        }
      }
    } else if (a.name == "cluster") {
      cluster();
    } else if (a.name == "cooperative") {
      if (count_is(0, "no arguments")) kernel_.launch.cooperative = true;
    } else if (a.name == "device_updatable") {
      if (count_is(0, "no arguments")) kernel_.launch.device_updatable = true;
    } else if (a.name == "sync_domain") {
      sync_domain();
    } else if (a.name == "access_policy") {
      access_policy();
    } else if (a.name == "reads" || a.name == "writes") {
      access(a.name == "reads" ? kernel_.reads : kernel_.writes);
    } else if (a.name == "device") {
      if (const auto v = single_integer("one integer: a CUDA device's number")) {
        if (in_range(*v, 0, INT32_MAX, "a device is numbered from 0, as cudaSetDevice numbers it")) {
          kernel_.device = static_cast<int>(v->integer);
        }
      }
    } else if (a.name == "carveout") {
      if (const auto v = single_integer("one integer: a percentage of the shared memory and L1 capacity")) {
        if (in_range(*v, -1, 100,
                     "a shared memory carveout is a percentage from 0 to 100, or -1 for the device's default")) {
          kernel_.launch.carveout = static_cast<std::int32_t>(v->integer);
        }
      }
    } else {
      Diagnostic& d = ctx_.diags.report(DiagCode::unknown_kernel_attribute, a.range, a.name);
      if (const auto guess = closest_name(a.name, std::vector<std::string>(kNames.begin(), kNames.end()))) {
        d.note<NoteCode::did_you_mean>(SourceRange{}, *guess);
      }
    }
  }

 private:
  bool count_is(std::size_t count, std::string_view takes) {
    if (attribute_->args.size() == count) return true;
    ctx_.diags.report(DiagCode::kernel_attribute_args, attribute_->range, attribute_->name, takes,
                      given(attribute_->args.size()));
    return false;
  }

  std::optional<Scalar> integer(const ir::Expr& e) {
    return ctx_.folder.fold_integer(e, fmt::format("the argument of kernel attribute '{}'", attribute_->name));
  }

  std::optional<Scalar> single_integer(std::string_view takes) {
    if (!count_is(1, takes)) return std::nullopt;
    return integer(attribute_->args[0]);
  }

  bool in_range(const Scalar& v, std::int64_t low, std::int64_t high, std::string_view rule) {
    const bool ok = v.fits(ir::ScalarType::i64) && v.integer >= low && v.integer <= high;
    if (!ok)
      ctx_.diags.report(DiagCode::kernel_attribute_value, attribute_->args[0].range, attribute_->name, v.text(), rule);
    return ok;
  }

  // cluster(x), cluster(x, y) or cluster(x, y, z): blocks per cluster along each axis.
  void cluster() {
    const std::vector<ir::Expr>& args = attribute_->args;
    if (args.empty() || args.size() > 3) {
      ctx_.diags.report(DiagCode::kernel_attribute_args, attribute_->range, attribute_->name,
                        "1 to 3 dimensions (blocks per cluster along x, y, z)", given(args.size()));
      return;
    }
    std::array<std::uint32_t, 3> dims{1, 1, 1};
    std::int64_t size = 1;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const auto v = integer(args[i]);
      if (!v) return;
      if (!v->fits(ir::ScalarType::i64) || v->integer < 1 || v->integer > kPortableClusterSize) {
        ctx_.diags.report(DiagCode::kernel_attribute_value, args[i].range, attribute_->name, v->text(),
                          "a cluster dimension is from 1 to 8");
        return;
      }
      dims[i] = static_cast<std::uint32_t>(v->integer);
      size *= v->integer;
    }
    if (size > kPortableClusterSize) {
      ctx_.diags.report(DiagCode::cluster_too_large, attribute_->range, size, kPortableClusterSize);
      return;
    }
    kernel_.launch.cluster = dims;
  }

  // sync_domain(default) or sync_domain(remote): cudaLaunchMemSyncDomainDefault / Remote.
  void sync_domain() {
    if (!count_is(1, "'default' or 'remote'")) return;
    const ir::Expr& e = attribute_->args[0];
    if (e.kind == ir::Expr::Kind::name && (e.name == "default" || e.name == "remote")) {
      kernel_.launch.remote_sync_domain = e.name == "remote";
      return;
    }
    ctx_.diags.report(DiagCode::kernel_attribute_value, e.range, attribute_->name, describe(e),
                      "a memory synchronization domain is default or remote");
  }

  // "1 argument", "2 arguments".
  static std::string given(std::size_t n) { return fmt::format("{} argument{}", n, n == 1 ? "" : "s"); }

  // access_policy(buf, hit_ratio): an L2 access policy window over the whole of a buffer the
  // graph owns or is passed (not an alloc's memory, whose address exists only at run time,
  // nor pageable memory), with a hit ratio from 0 to 1.
  void access_policy() {
    if (!count_is(2, "a buffer and a hit ratio from 0 to 1")) return;
    const ir::Expr& name = attribute_->args[0];
    const std::optional<ir::BufferId> id =
        buffer_named(name, "an access policy window's first argument is a buffer's name");
    if (!id) return;
    const ir::Buffer& buffer = ctx_.graph.buffer(*id);
    if (ctx_.graph.alloc_of(*id).valid() || buffer.space == ir::MemorySpace::pageable) {
      ctx_.diags.report(DiagCode::kernel_attribute_value, name.range, attribute_->name, describe(name),
                        "an access policy window covers a buffer that exists before the graph runs and that the "
                        "device addresses (not an alloc's memory, not pageable memory)");
      return;
    }
    if (buffer.two_d()) {
      ctx_.diags.report(DiagCode::two_d_use, name.range, buffer.rank(), buffer.name, "an access policy window",
                        "its pitched size is known only at run time; a window covers a 1-D buffer");
      return;
    }
    const std::optional<Scalar> ratio = ctx_.folder.fold(attribute_->args[1]);
    if (!ratio) return;
    const double r = ratio->as_double();
    if (!(r >= 0.0 && r <= 1.0)) {
      ctx_.diags.report(DiagCode::kernel_attribute_value, attribute_->args[1].range, attribute_->name, ratio->text(),
                        "a hit ratio is from 0 to 1");
      return;
    }
    kernel_.launch.access_policy = ir::LaunchAttributes::AccessPolicy{*id, r};
  }

  // reads(x, y) / writes(z): the buffers whose memory the kernel only reads or only writes,
  // where its signature cannot say (a pointer to non-const it only reads): what the race
  // analysis takes (check_races.cpp). A buffer in both reads and writes is read and written.
  void access(std::vector<ir::BufferId>& out) {
    if (attribute_->args.empty()) {
      ctx_.diags.report(DiagCode::kernel_attribute_args, attribute_->range, attribute_->name,
                        "the names of buffers the kernel is passed", given(0));
      return;
    }
    for (const ir::Expr& name : attribute_->args) {
      if (const std::optional<ir::BufferId> id =
              buffer_named(name, "its arguments are names of buffers the kernel is passed")) {
        out.push_back(*id);
      }
    }
  }

  // The buffer `name` names; E0808 with `rule` for anything else.
  std::optional<ir::BufferId> buffer_named(const ir::Expr& name, std::string_view rule) {
    const std::optional<Entity> entity =
        name.kind == ir::Expr::Kind::name ? ctx_.scope.find(name.name) : std::optional<Entity>{};
    if (!entity || entity->kind != Entity::Kind::buffer) {
      ctx_.diags.report(DiagCode::kernel_attribute_value, name.range, attribute_->name, describe(name), rule);
      return std::nullopt;
    }
    return ir::BufferId{entity->index};
  }

  // `far`, or the expression as written.
  static std::string describe(const ir::Expr& e) { return e.kind == ir::Expr::Kind::name ? e.name : "an expression"; }

  GraphContext& ctx_;
  ir::KernelNode& kernel_;
  const ir::KernelAttribute* attribute_ = nullptr;
};

}  // namespace

void check_launch_attributes(GraphContext& ctx) {
  for (ir::Node& node : ctx.graph.nodes) {
    auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    if (kernel == nullptr) continue;
    AttributeChecker checker(ctx, *kernel);
    for (std::size_t i = 0; i < kernel->attributes.size(); ++i) {
      const ir::KernelAttribute& a = kernel->attributes[i];
      bool repeated = false;
      for (std::size_t j = 0; j < i && !repeated; ++j) {
        if (kernel->attributes[j].name != a.name) continue;
        ctx.diags.report(DiagCode::kernel_attribute_twice, a.range, a.name, node.name)
            .note<NoteCode::first_given_here>(kernel->attributes[j].range);
        repeated = true;
      }
      if (!repeated) checker.check(a);
    }
  }
}

}  // namespace graphc::sema
