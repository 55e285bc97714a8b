// Views (`view NAME : type[count] of BASE + offset;`): each resolves to the buffer or
// alloc's memory at the end of its chain of bases (E0104 for a base that is no buffer,
// E0114 for a chain that returns to itself), fits inside its base (E0223), starts at an
// address aligned to its element size (E0224) at an offset that is not negative (E0226),
// has no initial contents (E0225), and takes
// its root's memory space.
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sema/passes.h"

namespace graphc::sema {
namespace {

class ViewResolver {
 public:
  explicit ViewResolver(GraphContext& ctx)
      : ctx_(ctx), graph_(ctx.graph), state_(ctx.graph.buffers.size(), State::pending) {}

  void run() {
    for (std::uint32_t i = 0; i < graph_.buffers.size(); ++i) {
      if (graph_.buffers[i].view) resolve(i);
    }
  }

 private:
  enum class State : std::uint8_t { pending, active, done, failed };

  // Resolves view `index` (its base first); whether it resolved. A failed view is not
  // buffer_ok, so the passes after this one skip its uses as they skip a bad buffer.
  bool resolve(std::uint32_t index) {
    if (state_[index] == State::done) return true;
    if (state_[index] == State::failed) return false;
    if (state_[index] == State::active) {
      report_cycle(index);
      return false;
    }
    state_[index] = State::active;
    const bool ok = resolve_view(index);
    state_[index] = ok ? State::done : State::failed;
    if (!ok) ctx_.buffer_ok[index] = false;
    return ok;
  }

  bool resolve_view(std::uint32_t index) {
    ir::Buffer& buffer = graph_.buffers[index];
    ir::BufferView& view = *buffer.view;
    if (buffer.init.kind != ir::BufferInit::Kind::none) {
      ctx_.diags.report(DiagCode::view_init, buffer.init.range, buffer.name, view.base)
          .note<NoteCode::view_base>(view.base_range, view.base);
    }
    const std::optional<Entity> entity = ctx_.scope.find(view.base);
    if (!entity) {
      report_unknown(ctx_.diags, ctx_.scope, DiagCode::unknown_name, view.base_range, view.base,
                     {Entity::Kind::buffer});
      return false;
    }
    if (entity->kind != Entity::Kind::buffer) {
      report_wrong_kind(ctx_.diags, ctx_.scope, view.base_range, view.base, *entity, "buffer");
      return false;
    }
    view.base_id = ir::BufferId{entity->index};
    if (graph_.buffers[entity->index].view && !resolve(entity->index)) return false;
    std::uint64_t offset = 0;
    if (view.offset) {
      const std::optional<ir::Scalar> value = ctx_.folder.fold_integer(*view.offset, "a view's offset");
      if (!value) return false;
      if (ir::is_signed(value->type) && value->integer < 0) {
        const ir::Buffer& base = graph_.buffer(view.base_id);
        ctx_.diags.report(DiagCode::view_offset, view.offset->range, buffer.name, value->text(), view.base)
            .note<NoteCode::declared_here>(base.name_range, base.name);
        return false;
      }
      offset = static_cast<std::uint64_t>(value->integer);
    }
    const ir::Buffer& base = graph_.buffer(view.base_id);
    const ir::Graph::Storage root = graph_.storage(view.base_id);
    view.root = root.root;
    buffer.space = graph_.buffer(root.root).space;
    if (!ctx_.buffer_ok[index] || !ctx_.buffer_ok[view.base_id.value]) return false;
    if (base.two_d()) {
      ctx_.diags
          .report(DiagCode::two_d_use, view.base_range, base.rank(), base.name, "the base of a view",
                  "its rows lie a pitch apart that cudaMallocPitch picks at run time; a view sees "
                  "contiguous elements of a 1-D buffer or alloc")
          .note<NoteCode::declared_rank_here>(base.name_range, base.name, base.rank());
      return false;
    }
    std::uint64_t start = 0;
    std::uint64_t end = 0;
    const bool wraps = __builtin_mul_overflow(offset, ir::type_size(base.type), &start) ||
                       __builtin_add_overflow(start, buffer.bytes(), &end);
    if (wraps || end > base.bytes()) {
      ctx_.diags.report(DiagCode::view_too_large, buffer.name_range, buffer.name, start, end, base.name, base.bytes())
          .note<NoteCode::declared_with_elements>(base.name_range, base.name, base.count_value,
                                                  ir::type_name(base.type));
      return false;
    }
    view.root_offset = root.offset + start;
    const std::size_t alignment = ir::type_alignment(buffer.type);
    if (view.root_offset % alignment != 0) {
      const ir::Buffer& memory = graph_.buffer(root.root);
      ctx_.diags
          .report(DiagCode::view_misaligned, view.offset ? view.offset->range : view.base_range, buffer.name,
                  view.root_offset, memory.name, alignment, ir::type_name(buffer.type))
          .note<NoteCode::declared_aligned_here>(memory.name_range, memory.name);
      return false;
    }
    return true;
  }

  // E0114 at the first view of the cycle that `index` closes, naming the chain.
  void report_cycle(std::uint32_t index) {
    std::vector<std::string> chain{graph_.buffers[index].name};
    std::uint32_t at = graph_.buffers[index].view->base_id.value;
    while (at != index) {
      chain.push_back(graph_.buffers[at].name);
      at = graph_.buffers[at].view->base_id.value;
    }
    chain.push_back(graph_.buffers[index].name);
    const ir::Buffer& buffer = graph_.buffers[index];
    const ir::Buffer& base = graph_.buffer(buffer.view->base_id);
    ctx_.diags
        .report(DiagCode::view_cycle, buffer.view->base_range, buffer.name, fmt::format("{}", fmt::join(chain, " -> ")))
        .note<NoteCode::declared_view_here>(base.name_range, base.name, base.view->base);
  }

  GraphContext& ctx_;
  ir::Graph& graph_;
  std::vector<State> state_;
};

}  // namespace

void check_views(GraphContext& ctx) { ViewResolver(ctx).run(); }

}  // namespace graphc::sema
