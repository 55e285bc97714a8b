# A plain configure of graphc on a machine whose PATH lacks the CUDA toolkit's bin/ (and
# which names no CUDA compiler): graphc must find nvcc where the toolkit is installed and
# build its runtime (GRAPHC_WITH_CUDA on), not leave it out quietly.
# Run with -DSOURCE_DIR= -DWORK_DIR= -DGENERATOR=, where /usr/local/cuda/bin/nvcc exists.
file(REMOVE_RECURSE ${WORK_DIR})
# PATH without any folder that holds nvcc.
string(REPLACE ":" ";" path_dirs "$ENV{PATH}")
set(kept "")
foreach(dir ${path_dirs})
  if(NOT EXISTS ${dir}/nvcc)
    list(APPEND kept ${dir})
  endif()
endforeach()
string(REPLACE ";" ":" kept "${kept}")
set(ENV{PATH} "${kept}")
unset(ENV{CUDACXX})
unset(ENV{CUDA_PATH})
unset(ENV{CUDAToolkit_ROOT})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR} -G ${GENERATOR} -DCMAKE_CUDA_ARCHITECTURES=90
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the configure failed (${status}):\n${out}\n${err}")
endif()
file(STRINGS ${WORK_DIR}/CMakeCache.txt with_cuda REGEX "^GRAPHC_WITH_CUDA:BOOL=")
file(STRINGS ${WORK_DIR}/CMakeCache.txt compiler REGEX "^CMAKE_CUDA_COMPILER:")
if(NOT with_cuda STREQUAL "GRAPHC_WITH_CUDA:BOOL=ON")
  message(FATAL_ERROR "nvcc is in /usr/local/cuda/bin, but not on PATH, and the configure gave ${with_cuda} "
                      "(${compiler}):\n${err}")
endif()
message(STATUS "found without PATH: ${compiler}")
