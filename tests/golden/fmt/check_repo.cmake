# The repository's own .graph files are laid out as graphc fmt lays them out.
#   cmake -DGRAPHC=... -DSOURCE_DIR=... -P check_repo.cmake
# Left out: tests/golden/diag and tests/golden/input (error fixtures: their positions and
# bytes are the point, and many do not parse) and tests/fuzz (fuzzer inputs, kept as found).
cmake_minimum_required(VERSION 3.25)
file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/*.graph")
list(FILTER files EXCLUDE REGEX "^(build[^/]*|tests/golden/diag|tests/golden/input|tests/fuzz|\\.deps)/")
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "check_repo.cmake: no .graph files under ${SOURCE_DIR}")
endif()
execute_process(COMMAND "${GRAPHC}" fmt --check ${files} WORKING_DIRECTORY "${SOURCE_DIR}"
                ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "graphc fmt --check failed (exit ${rc}); run graphc fmt -i on these:\n${err}")
endif()
message(STATUS "${count} .graph files are laid out canonically")
