// PEGTL's grammar analysis: no rule can loop without consuming input.
#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include <type_traits>

#include "grammar/errors.hpp"

TEST_CASE("the grammar has no rule that can loop without consuming input", "[grammar]") {
  CHECK(tao::pegtl::analyze<graphc::grammar::file>(1) == 0);
}

// keyed_sor_of: the node statements are listed once (grammar::node_statements) and a graph's
// and a body's choices take them in place, in order: the choices written out before.
namespace {
using namespace graphc::grammar;
struct a {};
struct b {};
struct c {};
struct d {};
static_assert(std::is_same_v<keyed_sor_of<a, rule_list<b, c>, d>, keyed_sor<a, b, c, d>>);
static_assert(std::is_same_v<keyed_sor_of<rule_list<>, a>, keyed_sor<a>>);
static_assert(std::is_same_v<keyed_sor_of<a, rule_list<b, rule_list<c>>, d>, keyed_sor<a, b, c, d>>);
static_assert(std::is_same_v<
              body_item::rule_t,
              keyed_sor<cond_decl, kernel_node, copy_node, memset_node, host_node, empty_node, record_node, wait_node,
                        conditional_node, alloc_node, free_node, call_node, function_node<graphc::NodeKind::capture>,
                        function_node<graphc::NodeKind::collective>, for_stmt, graph_level_decl, edge_stmt>>);
static_assert(std::is_same_v<
              graph_item::rule_t,
              keyed_sor<const_decl, variant_decl, param_decl, buffer_decl, view_decl, cond_decl, event_decl, comm_decl,
                        kernel_node, copy_node, memset_node, host_node, empty_node, record_node, wait_node,
                        conditional_node, alloc_node, free_node, call_node, function_node<graphc::NodeKind::capture>,
                        function_node<graphc::NodeKind::collective>, for_stmt, edge_stmt>>);
}  // namespace
