# Runs one golden check: COMMAND (a ;-list) in WORKDIR, compares what it printed with
# EXPECTED (stdout, or stderr with STREAM=stderr) and its exit code with EXIT_CODE.
# With GRAPHC_UPDATE_GOLDENS=1 in the environment, rewrites EXPECTED instead.
execute_process(COMMAND ${COMMAND} WORKING_DIRECTORY ${WORKDIR}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
if(STREAM STREQUAL "stderr")
  set(actual "${err}")
else()
  set(actual "${out}")
endif()
if(NOT code STREQUAL EXIT_CODE)
  message(FATAL_ERROR "exit code ${code}, expected ${EXIT_CODE}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED ENV{GRAPHC_UPDATE_GOLDENS} AND "$ENV{GRAPHC_UPDATE_GOLDENS}" STREQUAL "1")
  file(WRITE ${EXPECTED} "${actual}")
  message(STATUS "updated ${EXPECTED}")
  return()
endif()
if(NOT EXISTS ${EXPECTED})
  message(FATAL_ERROR "missing golden ${EXPECTED}; run with GRAPHC_UPDATE_GOLDENS=1\nactual:\n${actual}")
endif()
file(READ ${EXPECTED} expected)
if(NOT actual STREQUAL expected)
  file(WRITE ${EXPECTED}.actual "${actual}")
  message(FATAL_ERROR "output differs from ${EXPECTED} (actual written to ${EXPECTED}.actual)\n"
                      "--- expected\n${expected}\n--- actual\n${actual}")
endif()
