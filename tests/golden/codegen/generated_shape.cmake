# The shape of generated code, on the largest sample (heat2d: 203 nodes, 200 of them made by
# a `for` loop and set by set_alpha and by two rebinds): `graphc compile` writes the same
# bytes twice; each node's parameters are written once, and the loop stays a loop (issue 35:
# 4 195 lines when it was unrolled), so heat2d.graph.cu stays within 1 500 lines; no code
# line is over 100 columns; and
# `--no-line-directives` writes no #line, and (with NVCC) still compiles warning-free.
#   cmake -DGRAPHC=... -DGRAPH=samples/heat2d/heat2d.graph -DSMALL=diamond.graph
#         -DSMALL_DIR=tests/golden/codegen -DWORK=<dir> [-DNVCC=a|b|c] -P generated_shape.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")

function(compile input dir out)
  execute_process(COMMAND "${GRAPHC}" compile "${input}" -o "${out}" ${ARGN} WORKING_DIRECTORY "${dir}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "graphc compile ${input} ${ARGN}: exit ${rc}\n${stdout}${stderr}")
  endif()
endfunction()

get_filename_component(name "${GRAPH}" NAME_WE)
compile("${GRAPH}" "${CMAKE_CURRENT_LIST_DIR}" "${WORK}/first")
compile("${GRAPH}" "${CMAKE_CURRENT_LIST_DIR}" "${WORK}/second")
foreach(suffix .graph.h .graph.cu)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/first/${name}${suffix}"
                          "${WORK}/second/${name}${suffix}" RESULT_VARIABLE differs)
  if(NOT differs EQUAL 0)
    message(FATAL_ERROR "two runs of graphc compile ${GRAPH} wrote different ${name}${suffix}")
  endif()
endforeach()

file(STRINGS "${WORK}/first/${name}.graph.cu" lines)
list(LENGTH lines count)
if(count GREATER 1500)
  message(FATAL_ERROR "${name}.graph.cu has ${count} lines, more than 1 500")
endif()
foreach(suffix .graph.h .graph.cu)
  file(STRINGS "${WORK}/first/${name}${suffix}" lines)
  foreach(line IN LISTS lines)
    string(LENGTH "${line}" width)
    if(width GREATER 100 AND NOT line MATCHES "^ *//")
      message(FATAL_ERROR "${name}${suffix}: a code line of ${width} columns:\n${line}")
    endif()
  endforeach()
endforeach()
message(STATUS "${name}.graph.cu: ${count} lines, the same bytes twice, no code line over 100 columns")

get_filename_component(small "${SMALL}" NAME_WE)
compile("${SMALL}" "${SMALL_DIR}" "${WORK}/plain" --no-line-directives)
file(READ "${WORK}/plain/${small}.graph.cu" plain)
if(plain MATCHES "#line")
  message(FATAL_ERROR "--no-line-directives wrote a #line:\n${plain}")
endif()
if(NVCC)
  string(REPLACE "|" ";" nvcc "${NVCC}")
  execute_process(COMMAND ${nvcc} -c "${WORK}/plain/${small}.graph.cu" -o "${WORK}/plain/${small}.o"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "nvcc rejects ${small}.graph.cu without #line:\n${stdout}${stderr}")
  endif()
endif()
message(STATUS "--no-line-directives: no #line in ${small}.graph.cu")
