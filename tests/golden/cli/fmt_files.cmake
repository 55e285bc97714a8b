# graphc fmt over several files: --check names each file that would change and exits with the
# worst status whatever the order; -i rewrites every one of them.
#   cmake -DGRAPHC=... -DMESSY=<fmt/messy.graph.in> -DGOOD=<cli/good.graph> -DWORK=<dir> -P fmt_files.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
file(COPY_FILE "${MESSY}" "${WORK}/one.graph")
file(COPY_FILE "${MESSY}" "${WORK}/two.graph")
file(COPY_FILE "${GOOD}" "${WORK}/good.graph")

# Runs graphc fmt ARGN in WORK; fails unless it exits `expected_rc` and prints `expected_err`.
function(fmt expected_rc expected_err)
  execute_process(COMMAND "${GRAPHC}" fmt ${ARGN} WORKING_DIRECTORY "${WORK}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL expected_rc OR NOT err STREQUAL expected_err)
    message(FATAL_ERROR "graphc fmt ${ARGN}: exit ${rc}, expected ${expected_rc}\n"
                        "--- stderr\n${err}--- expected\n${expected_err}")
  endif()
endfunction()

set(one "one.graph:2: not formatted (graphc fmt -i one.graph)\n")
set(two "two.graph:2: not formatted (graphc fmt -i two.graph)\n")
fmt(1 "${one}${two}" --check one.graph good.graph two.graph)
fmt(1 "${one}" --check one.graph good.graph)
fmt(1 "${one}" --check good.graph one.graph)
fmt(0 "" -i one.graph good.graph two.graph)
fmt(0 "" --check one.graph good.graph two.graph)
message(STATUS "graphc fmt: --check and -i over several files behave")
