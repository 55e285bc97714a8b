# Runs one sample all three ways and checks that they print the same numbers, byte for byte:
#   graphc run GRAPH --print BUFFER            (runtime path, the CLI)
#   RUNTIME_PROGRAM GRAPH --print BUFFER       (runtime path, graphc::Program::load)
#   GENERATED_PROGRAM --print BUFFER           (generated path, graphc compile)
# Each prints the whole buffer as one line `BUFFER: v0 v1 ...` (fmt `{}` shortest
# round-trip floats); the lines are compared whole. Outputs are kept in OUTPUT_DIR.
#
#   cmake -DGRAPHC=... -DGRAPH=... -DBUFFER=... -DRUNTIME_PROGRAM=... -DGENERATED_PROGRAM=...
#         -DOUTPUT_DIR=... [-DGRAPH_NAME=...] -P compare_paths.cmake
# GRAPH_NAME (optional, for a file of several graphs) is the graph `graphc run` runs
# (--graph); the sample programs print that graph's BUFFER.
#
# Without a CUDA device the generated program exits 77 and this script prints
# "SKIP: no CUDA device" (the test's SKIP_REGULAR_EXPRESSION) and stops.
cmake_minimum_required(VERSION 3.25)

foreach(var GRAPHC GRAPH BUFFER RUNTIME_PROGRAM GENERATED_PROGRAM OUTPUT_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "compare_paths.cmake: -D${var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${OUTPUT_DIR}")

# run(NAME COMMAND...): runs the command, stdout to OUTPUT_DIR/NAME.txt; sets NAME_rc.
function(run name)
  execute_process(COMMAND ${ARGN}
                  OUTPUT_FILE "${OUTPUT_DIR}/${name}.txt"
                  ERROR_VARIABLE stderr
                  RESULT_VARIABLE rc)
  set(${name}_rc "${rc}" PARENT_SCOPE)
  if(NOT rc EQUAL 0 AND NOT rc EQUAL 77)
    file(READ "${OUTPUT_DIR}/${name}.txt" stdout LIMIT 4000)
    message(FATAL_ERROR "${name} failed (exit ${rc}): ${ARGN}\n${stdout}${stderr}")
  endif()
endfunction()

# buffer_line(NAME OUT): the single `BUFFER: ...` line that NAME printed.
function(buffer_line name out)
  file(STRINGS "${OUTPUT_DIR}/${name}.txt" lines REGEX "^${BUFFER}: ")
  list(LENGTH lines count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "${name} printed ${count} lines starting '${BUFFER}: ' (expected 1): "
                        "${OUTPUT_DIR}/${name}.txt")
  endif()
  set(${out} "${lines}" PARENT_SCOPE)
endfunction()

run(generated "${GENERATED_PROGRAM}" --print "${BUFFER}")
if(generated_rc EQUAL 77)
  message("SKIP: no CUDA device")
  return()
endif()
run(runtime "${RUNTIME_PROGRAM}" "${GRAPH}" --print "${BUFFER}")
set(graph_option "")
if(GRAPH_NAME)
  set(graph_option --graph "${GRAPH_NAME}")
endif()
run(graphc_run "${GRAPHC}" run "${GRAPH}" ${graph_option} --print "${BUFFER}")
foreach(name runtime graphc_run)
  if(${name}_rc EQUAL 77)
    message(FATAL_ERROR "${name} found no CUDA device, the generated program did")
  endif()
endforeach()

buffer_line(generated generated_line)
buffer_line(runtime runtime_line)
buffer_line(graphc_run graphc_run_line)
string(LENGTH "${generated_line}" length)
foreach(name runtime graphc_run)
  if(NOT ${name}_line STREQUAL generated_line)
    string(SUBSTRING "${${name}_line}" 0 200 head)
    string(SUBSTRING "${generated_line}" 0 200 generated_head)
    message(FATAL_ERROR "'${BUFFER}' differs between ${name} and the generated path:\n"
                        "  ${name}: ${head}...\n  generated: ${generated_head}...\n"
                        "whole outputs: ${OUTPUT_DIR}/${name}.txt, ${OUTPUT_DIR}/generated.txt")
  endif()
endforeach()
message("${BUFFER}: the same ${length} bytes from graphc run, the runtime program and the generated program")
