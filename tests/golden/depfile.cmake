# graphc compile --depfile names every file the output depends on: the input, the files
# it imports (transitively) and their modules, so a build regenerates when any changes.
#   cmake -DGRAPHC=... -DINPUT=codegen/calls.graph -DWORKDIR=... -DOUTPUT_DIR=... -P depfile.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND "${GRAPHC}" compile "${INPUT}" -o "${OUTPUT_DIR}" --depfile "${OUTPUT_DIR}/out.d"
                WORKING_DIRECTORY "${WORKDIR}" ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "graphc compile failed:\n${err}")
endif()
file(READ "${OUTPUT_DIR}/out.d" depfile)
foreach(needed "${INPUT}" "imports/layers.graph" "kernels.cu")
  string(FIND "${depfile}" "${needed}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the depfile does not name ${needed}:\n${depfile}")
  endif()
endforeach()
message(STATUS "the depfile names the input, its import and the module:\n${depfile}")
