# Hostile input stays cheap (issue 34): check, compile and dot refuse diag/e0020-*.graph (a
# thousand calls of a graph of a thousand calls of ...) with E0020 alone, and take
# fan_out.graph (twenty graphs, each calling one of a million instantiated nodes) and a
# conditional body of 85 calls of a graph that calls 6000 and a graph given 10 000 sets of
# values for its launch (both written here), each in under SECONDS: no analysis expands a
# call, or walks a called graph's calls once per call.
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

# h0 calls each of a0 ... a5999, which hold a kernel each (12 000 nodes), and a body calls
# h0 85 times (1 020 086 nodes): every call reaches 6001 graphs.
set(wide "")
foreach(i RANGE 0 5999)
  string(APPEND wide "graph a${i}(p : i32[1] device) {\n    kernel k : add_value<<<1, 1>>>(p, 1);\n}\n\n")
endforeach()
string(APPEND wide "graph h0(p : i32[1] device) {\n")
foreach(i RANGE 0 5999)
  string(APPEND wide "    call c${i} : a${i}(p);\n")
endforeach()
string(APPEND wide "}\n\ngraph top {\n    buffer p : i32[1] device;\n    cond go = 1;\n    if maybe (go) {\n"
       "        for i in 0..85 {\n            call c[i] : h0(p);\n        }\n    }\n}\n")
file(WRITE ${WORK}/wide.graph "${wide}")
graphc(0 check ${WORK}/wide.graph)

# g1 passes its parameter and its loop index on to g0's launch, and is called with 100
# values: 10 000 sets of values for g0 (a few more calls make it millions), of which the
# configuration check folds the first 4096 (W0901) rather than all of them.
file(WRITE ${WORK}/configs.graph
     "graph g0(p : i32[1] device, a : i32, b : i32) { kernel k : add_value<<<a, b>>>(p, 1); }\n"
     "graph g1(p : i32[1] device, m : i32) { for i in 1..101 { call c[i] : g0(p, m, i); } }\n"
     "graph g2 {\n    buffer p : i32[1] device;\n    for j in 1..101 { call c[j] : g1(p, j); }\n}\n")
# 8000 alike calls with no offsets: the C++ back end's search for runs of calls walked every
# alike call after each one (87 s at -O0), now once.
file(WRITE ${WORK}/alike.graph
     "graph g0(p : i32[1] device) { kernel k : add_value<<<1, 1>>>(p, 1); }\n"
     "graph g1 {\n    buffer p : i32[1] device;\n    for i in 0..8000 { call c[i] : g0(p); }\n}\n")
graphc(0 compile ${WORK}/alike.graph -o ${WORK}/alike -Wno-possible-race)

foreach(command check compile)
  set(args ${command} ${WORK}/configs.graph)
  if(command STREQUAL "compile")
    list(APPEND args -o ${WORK}/configs)
  endif()
  graphc(0 ${args})
  if(NOT err MATCHES "warning\\[W0901\\]: graph 'g0' is given more than 4096 different sets of values")
    message(FATAL_ERROR "graphc ${args}: no W0901 for g0\n${err}")
  endif()
endforeach()
