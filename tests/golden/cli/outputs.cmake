# Where dot and convert write: standard output without -o, the file -o names with it (and
# then nothing on standard output); a file that cannot be written is an error (exit 1).
#   cmake -DGRAPHC=... -DINPUTS=<tests/golden/cli> -DWORK=<dir> -P outputs.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

# Runs graphc ARGN in INPUTS; fails unless it exits `expected_rc`. `out` and `err` get its output.
function(graphc expected_rc)
  execute_process(COMMAND "${GRAPHC}" ${ARGN} WORKING_DIRECTORY "${INPUTS}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL expected_rc)
    message(FATAL_ERROR "graphc ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# `graphc COMMAND INPUT -o WORK/OUTPUT` writes to the file what `graphc COMMAND INPUT` prints.
function(same_as_printed command input output)
  graphc(0 ${command} ${input})
  set(printed "${out}")
  if(printed STREQUAL "")
    message(FATAL_ERROR "graphc ${command} ${input} printed nothing")
  endif()
  graphc(0 ${command} ${input} -o "${WORK}/${output}")
  if(NOT out STREQUAL "")
    message(FATAL_ERROR "graphc ${command} ${input} -o ${output} printed:\n${out}")
  endif()
  file(READ "${WORK}/${output}" written)
  if(NOT written STREQUAL printed)
    message(FATAL_ERROR "graphc ${command} -o wrote:\n${written}\nwithout -o it printed:\n${printed}")
  endif()
endfunction()

same_as_printed(dot good.graph good.dot)
same_as_printed(convert good.graph good.yaml)
same_as_printed(convert duplicate.yaml duplicate.graph)

graphc(1 dot good.graph -o "${WORK}/no_such_folder/good.dot")
if(NOT err MATCHES "^graphc: error: cannot write '[^']*no_such_folder/good\\.dot[^']*'")
  message(FATAL_ERROR "dot -o into a missing folder said:\n${err}")
endif()
message(STATUS "dot and convert: standard output without -o, the file with it")
