# graphc help [COMMAND] prints what graphc --help and graphc COMMAND --help print, exit 0.
#   cmake -DGRAPHC=... "-DCOMMANDS=check;compile;..." -P help.cmake
cmake_minimum_required(VERSION 3.25)

# `out` gets what graphc ARGN printed; fails unless it exits 0 and prints nothing to stderr.
function(graphc)
  execute_process(COMMAND "${GRAPHC}" ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR out STREQUAL "")
    message(FATAL_ERROR "graphc ${ARGN}: exit ${rc}\n--- stdout\n${out}--- stderr\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# Fails unless graphc HELP_ARGS prints what graphc ARGN prints.
function(same help_args)
  graphc(${help_args})
  set(help "${out}")
  graphc(${ARGN})
  if(NOT help STREQUAL out)
    message(FATAL_ERROR "graphc ${help_args} printed:\n${help}\ngraphc ${ARGN} printed:\n${out}")
  endif()
endfunction()

same(help --help)
foreach(command IN LISTS COMMANDS)
  same("help;${command}" ${command} --help)
endforeach()
message(STATUS "graphc help [COMMAND] is graphc [COMMAND] --help for: ${COMMANDS}")
