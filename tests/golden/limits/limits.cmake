# Hostile input stays cheap (issue 34): check, compile and dot refuse diag/e0020-*.graph (a
# thousand calls of a graph of a thousand calls of ...) with E0020 alone, and take
# fan_out.graph (twenty graphs, each calling one of a million instantiated nodes) and a
# conditional body of 340 calls of a chain of 3000 graphs (written here), each in under
# SECONDS: no analysis expands a call, or walks a called graph's calls once per call.
#   cmake -DGRAPHC=... -DLIMITS=<tests/golden/limits> -DWORK=<dir> -DSECONDS=10 -P limits.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(hostile ${LIMITS}/../diag/e0020-too-many-instantiated-nodes.graph)
file(READ ${LIMITS}/../diag/e0020-too-many-instantiated-nodes.stderr refused)
string(REPLACE "e0020-too-many-instantiated-nodes.graph" "${hostile}" refused "${refused}")

# Runs graphc ARGN, killed past SECONDS; fails unless it exits `expected_rc`. `err` gets its
# standard error.
function(graphc expected_rc)
  execute_process(COMMAND "${GRAPHC}" ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                  TIMEOUT ${SECONDS})
  if(NOT rc STREQUAL expected_rc)
    message(FATAL_ERROR "graphc ${ARGN}: exit ${rc} (past ${SECONDS} s, or a crash?), expected ${expected_rc}\n${err}")
  endif()
  set(err "${err}" PARENT_SCOPE)
endfunction()

foreach(command check dot compile)
  set(args ${command} ${hostile})
  if(command STREQUAL "compile")
    list(APPEND args -o ${WORK}/hostile)
  endif()
  graphc(1 ${args})
  if(NOT err STREQUAL refused)
    message(FATAL_ERROR "graphc ${args} printed\n${err}\nexpected\n${refused}")
  endif()
endforeach()
file(GLOB written ${WORK}/hostile/*)
if(written)
  message(FATAL_ERROR "graphc compile wrote ${written} for a file it refused")
endif()

graphc(0 check ${LIMITS}/fan_out.graph)
graphc(0 dot ${LIMITS}/fan_out.graph)
graphc(0 compile ${LIMITS}/fan_out.graph -o ${WORK}/fan_out)

# h0 calls h1 calls ... h2999, which holds a kernel: 3001 nodes, 3000 graphs deep, and a
# body calls h0 340 times (1 020 341 nodes).
set(chain "")
foreach(i RANGE 0 2998)
  math(EXPR next "${i} + 1")
  string(APPEND chain "graph h${i}(p : i32[1] device) {\n    call c : h${next}(p);\n}\n\n")
endforeach()
string(APPEND chain "graph h2999(p : i32[1] device) {\n    kernel k : add_value<<<1, 1>>>(p, 1);\n}\n\n"
       "graph top {\n    buffer p : i32[1] device;\n    cond go = 1;\n    if maybe (go) {\n"
       "        for i in 0..340 {\n            call c[i] : h0(p);\n        }\n    }\n}\n")
file(WRITE ${WORK}/chain.graph "${chain}")
graphc(0 check ${WORK}/chain.graph)
