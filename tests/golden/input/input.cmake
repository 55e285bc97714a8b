# What graphc does with input that is not a plain graph file, on the command line: a pipe
# with no writer, a folder and a missing file are refused with the reason before anything
# is opened (E0002; a pipe's open would wait forever); `-` reads standard input as
# `<stdin>`, once, every variant of a variant dimension compiled from the same text (compile
# writes stdin.graph.h/.cu; fmt -i and run --watch refuse it); control
# bytes of a line (a NUL, an ANSI escape) are written \xNN, the diagnostic going on to its
# end.
#   cmake -DGRAPHC=... -DINPUTS=<tests/golden/input> -DWORK=<dir> -P input.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

# Runs graphc with ARGN (a TIMEOUT fails the test rather than hang it); `err` gets stderr.
function(graphc expected_rc)
  execute_process(COMMAND "${GRAPHC}" ${ARGN} WORKING_DIRECTORY "${WORK}" TIMEOUT 20
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc STREQUAL expected_rc)
    message(FATAL_ERROR "graphc ${ARGN}: exit ${rc}, expected ${expected_rc}\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

function(require_match what pattern text)
  if(NOT text MATCHES "${pattern}")
    message(FATAL_ERROR "${what}: expected to match '${pattern}', got:\n${text}")
  endif()
endfunction()

execute_process(COMMAND mkfifo "${WORK}/pipe.graph" RESULT_VARIABLE made)
if(NOT made EQUAL 0)
  message(FATAL_ERROR "mkfifo failed: ${made}")
endif()
graphc(1 check pipe.graph)
require_match("a pipe" "^graphc: error\\[E0002\\]: cannot read 'pipe\\.graph': it is not a regular file \\(a pipe, a socket or a device\\)\n1 error\n$" "${err}")
graphc(1 check .)
require_match("a folder" "cannot read '\\.': it is a directory" "${err}")
graphc(1 check no_such.graph)
require_match("a missing file" "cannot read 'no_such\\.graph': No such file or directory" "${err}")

file(WRITE "${WORK}/good.graph" "graph g {\n    empty a;\n}\n")
file(WRITE "${WORK}/bad.graph" "graph g {\n    empty a\n}\n")
execute_process(COMMAND "${GRAPHC}" check - INPUT_FILE "${WORK}/good.graph" RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 20)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "graphc check - on a good graph: exit ${rc}\n${err}")
endif()
execute_process(COMMAND "${GRAPHC}" check - INPUT_FILE "${WORK}/bad.graph" RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 20)
require_match("standard input" "^<stdin>:2:12: error\\[E0001\\]: expected ';' after the empty node" "${err}")
execute_process(COMMAND "${GRAPHC}" fmt - INPUT_FILE "${WORK}/good.graph" RESULT_VARIABLE rc OUTPUT_VARIABLE out TIMEOUT 20)
require_match("fmt -" "^graph g {\n    empty a;\n}\n$" "${out}")
execute_process(COMMAND "${GRAPHC}" compile - -o "${WORK}/out" INPUT_FILE "${WORK}/good.graph" RESULT_VARIABLE rc
                ERROR_VARIABLE err TIMEOUT 20)
if(NOT rc EQUAL 0 OR NOT EXISTS "${WORK}/out/stdin.graph.h" OR NOT EXISTS "${WORK}/out/stdin.graph.cu")
  message(FATAL_ERROR "graphc compile - did not write stdin.graph.h and stdin.graph.cu: exit ${rc}\n${err}")
endif()
# A file with a variant dimension is compiled once per value, standard input included: it is
# read once, every variant's compile getting the same text (check and compile take them all).
file(WRITE "${WORK}/variants.graph" "graph g {\n    variant B in {1, 2};\n    buffer x : f32[B] device;\n    memset m : x = 0;\n}\n")
execute_process(COMMAND "${GRAPHC}" check - INPUT_FILE "${WORK}/variants.graph" RESULT_VARIABLE rc ERROR_VARIABLE err
                TIMEOUT 20)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "graphc check - of a file with a variant dimension: exit ${rc}\n${err}")
endif()
execute_process(COMMAND "${GRAPHC}" compile - -o "${WORK}/variants" INPUT_FILE "${WORK}/variants.graph"
                RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 20)
file(READ "${WORK}/variants/stdin.graph.h" header)
require_match("compile - of variants" "namespace graphc::gen::g::B1 {.*namespace graphc::gen::g::B2 {.*class Variants" "${header}")
# What would read or write standard input a second time is refused (exit 2).
graphc(2 fmt -i -)
require_match("fmt -i -" "standard input \\(-\\) is formatted to standard output" "${err}")
if(WITH_RUN)  # graphc run exists only in a build with the CUDA runtime
  graphc(2 run - --watch)
  require_match("run --watch -" "standard input \\(-\\) cannot be read again" "${err}")
endif()

graphc(1 check "${INPUTS}/nul.graph")
require_match("a NUL byte" "    3 \\|     empty a\\\\x00b;\n      \\|            \\^~~~\n1 error\n$" "${err}")
graphc(1 check "${INPUTS}/control.graph")
string(ASCII 27 escape)
string(ASCII 13 carriage_return)
if(err MATCHES "${escape}" OR err MATCHES "${carriage_return}")
  message(FATAL_ERROR "a control byte reached the output:\n${err}")
endif()
require_match("an escape" "empty \\\\x1b\\[31mred\\\\x0d;" "${err}")
