# The source files of node kinds written `KEYWORD NAME : FUNCTION(args);`, read from their
# rows: each such row of base/include/graphc/base/node_kinds.def (statement `function_call`)
# has its code in `<id>_node.cpp` in each library that needs code per kind (the validator,
# the runtime's builder, the C++ emitter), so a new kind of that form is listed in no
# CMakeLists.txt.
#   graphc_function_call_node_sources(<out-var> <folder>)
set(GRAPHC_NODE_KINDS_DEF ${CMAKE_CURRENT_LIST_DIR}/../base/include/graphc/base/node_kinds.def)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${GRAPHC_NODE_KINDS_DEF})

function(graphc_function_call_node_sources out folder)
  file(STRINGS ${GRAPHC_NODE_KINDS_DEF} rows REGEX "^GRAPHC_NODE_KIND\\(")
  set(sources)
  foreach(row IN LISTS rows)
    # The statement column: `own` or `function_call` (no other column holds that word bare).
    if(row MATCHES "^GRAPHC_NODE_KIND\\(([a-z_0-9]+),.*[ ,]function_call,")
      set(source ${folder}/${CMAKE_MATCH_1}_node.cpp)
      if(NOT EXISTS ${source})
        message(FATAL_ERROR "node_kinds.def: row '${CMAKE_MATCH_1}' is written KEYWORD NAME : FUNCTION(args), "
                            "so its code is in ${source}, which does not exist")
      endif()
      list(APPEND sources ${source})
    endif()
  endforeach()
  set(${out} ${sources} PARENT_SCOPE)
endfunction()
