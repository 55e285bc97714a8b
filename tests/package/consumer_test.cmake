# cmake -P consumer_test.cmake: installs BUILD_DIR into WORK_DIR/prefix, then configures
# and builds CONSUMER_DIR in WORK_DIR/build against it (GENERATOR; CONFIGURE_ARGS: cmake
# arguments separated by '|', with the prefix path where graphc's own dependencies are),
# and runs its check_graph on scale.graph.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "failed (${rc}): ${command}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(file bin/graphc lib/cmake/graphc/graphcConfig.cmake lib/cmake/graphc/GraphcAddGraph.cmake
             include/graphc/program.h include/graphc/generated_support.h include/graphc/compiler/compile.h)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "cmake --install did not install ${file}")
  endif()
endforeach()

string(REPLACE "|" ";" configure_args "${CONFIGURE_ARGS}")
run(${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -G ${GENERATOR} ${configure_args}
    -Dgraphc_DIR=${prefix}/lib/cmake/graphc)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)

run(${WORK_DIR}/build/check_graph ${CONSUMER_DIR}/scale.graph)
if(NOT out STREQUAL "scale: 3 nodes, 2 edges\n")
  message(FATAL_ERROR "check_graph printed:\n${out}expected:\nscale: 3 nodes, 2 edges")
endif()
message(STATUS "consumer: installed package found, built and run")
