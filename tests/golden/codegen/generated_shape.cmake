# The shape of generated code, on the largest sample (heat2d: 203 nodes, 200 of them made by
# a `for` loop and set by set_alpha and by two rebinds): `graphc compile` writes the same
# bytes twice; each node's parameters are written once, and the loop stays a loop (issue 35:
# 4 195 lines when it was unrolled), so heat2d.graph.cu stays within 1 500 lines; no code
# line is over 100 columns; transformer_decode (DECODE: twelve layers written out as calls,
# issue 35: 2 125 lines when each use of a call wrote its Bindings again) within 900; and
# `--no-line-directives` writes no #line, and (with NVCC) still compiles warning-free.
#   cmake -DGRAPHC=... -DGRAPH=samples/heat2d/heat2d.graph [-DDECODE=...transformer_decode.graph] -DSMALL=diamond.graph
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

# `graph` compiled twice to the same bytes, its .graph.cu within `max` lines and, with
# `columns`, no code line of either file over 100 columns. It is compiled from its own folder
# by file name: the generated code quotes the path it was given (in its header and in each
# node's source location), and an absolute one would make the count depend on where the
# checkout lives (a longer path wraps more calls).
function(check_shape graph max columns)
  get_filename_component(name "${graph}" NAME_WE)
  get_filename_component(file "${graph}" NAME)
  get_filename_component(folder "${graph}" DIRECTORY)
  compile("${file}" "${folder}" "${WORK}/${name}/first")
  compile("${file}" "${folder}" "${WORK}/${name}/second")
  foreach(suffix .graph.h .graph.cu)
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/${name}/first/${name}${suffix}"
                            "${WORK}/${name}/second/${name}${suffix}" RESULT_VARIABLE differs)
    if(NOT differs EQUAL 0)
      message(FATAL_ERROR "two runs of graphc compile ${graph} wrote different ${name}${suffix}")
    endif()
  endforeach()
  file(STRINGS "${WORK}/${name}/first/${name}.graph.cu" lines)
  list(LENGTH lines count)
  if(count GREATER max)
    message(FATAL_ERROR "${name}.graph.cu has ${count} lines, more than ${max}")
  endif()
  if(columns)
    foreach(suffix .graph.h .graph.cu)
      file(STRINGS "${WORK}/${name}/first/${name}${suffix}" lines)
      foreach(line IN LISTS lines)
        string(LENGTH "${line}" width)
        if(width GREATER 100 AND NOT line MATCHES "^ *//")
          message(FATAL_ERROR "${name}${suffix}: a code line of ${width} columns:\n${line}")
        endif()
      endforeach()
    endforeach()
  endif()
  message(STATUS "${name}.graph.cu: ${count} lines (at most ${max}), the same bytes twice")
endfunction()

check_shape("${GRAPH}" 1500 TRUE)
if(DECODE)
  check_shape("${DECODE}" 900 FALSE)
endif()

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
