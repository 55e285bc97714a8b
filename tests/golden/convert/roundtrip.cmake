# Lossless conversion of one graph file: text -> YAML -> text and back again.
#   cmake -DGRAPHC=... -DINPUT=<dir>/x.graph -DWORK=<dir> [-DARGS=a|b] -P roundtrip.cmake
# (ARGS: the input's extra options, such as --world-size=2, separated by |)
# The input's folder is copied to WORK (so its imports and modules resolve the same), then
#   x.graph -> x.yaml -> x.back.graph -> x.back.yaml
# The IR of all four (graphc check --emit=ir, without source locations, the lines in one
# order) must be the input's, and the second round trip must write byte-identical files:
# x.back.yaml == x.yaml (YAML -> text -> YAML) and x.back.graph converted again == itself.
# The text convert writes is also the layout graphc fmt keeps (graphc fmt --check passes).
cmake_minimum_required(VERSION 3.25)
foreach(var GRAPHC INPUT WORK)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "roundtrip.cmake: -D${var}=... is required")
  endif()
endforeach()

get_filename_component(folder "${INPUT}" DIRECTORY)
get_filename_component(stem "${INPUT}" NAME_WE)
file(REMOVE_RECURSE "${WORK}")
file(COPY "${folder}/" DESTINATION "${WORK}")

string(REPLACE "|" ";" GRAPHC_ARGS "${ARGS}")
include(${CMAKE_CURRENT_LIST_DIR}/graph_ir.cmake)

function(convert from to)
  execute_process(COMMAND "${GRAPHC}" convert ${GRAPHC_ARGS} "${from}" -o "${to}" WORKING_DIRECTORY "${WORK}"
                  ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "graphc convert ${from} -o ${to} failed:\n${err}")
  endif()
endfunction()

convert(${stem}.graph ${stem}.yaml)
convert(${stem}.yaml ${stem}.back.graph)
convert(${stem}.back.graph ${stem}.back.yaml)
convert(${stem}.back.yaml ${stem}.again.graph)

graph_ir(${stem}.graph original "${WORK}")
foreach(file ${stem}.yaml ${stem}.back.graph ${stem}.back.yaml)
  graph_ir(${file} converted "${WORK}")
  require_same_ir(${stem}.graph "${original}" ${file} "${converted}")
endforeach()
foreach(pair "${stem}.yaml;${stem}.back.yaml" "${stem}.back.graph;${stem}.again.graph")
  list(GET pair 0 first)
  list(GET pair 1 second)
  file(READ "${WORK}/${first}" a)
  file(READ "${WORK}/${second}" b)
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "the second round trip changed ${first}: compare ${WORK}/${first} and ${WORK}/${second}")
  endif()
endforeach()
execute_process(COMMAND "${GRAPHC}" fmt --check ${stem}.back.graph WORKING_DIRECTORY "${WORK}"
                ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "graphc fmt would change what graphc convert wrote:\n${err}")
endif()
message(STATUS "${stem}: text -> YAML -> text -> YAML keeps the IR; the second round trip is byte-identical; fmt keeps the text")
