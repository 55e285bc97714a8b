# graphc_add_graph(): run `graphc compile` at build time and build the generated C++ into a
# target, the way protobuf_generate does for .proto files.
#
#   graphc_add_graph(TARGET <target>
#                    GRAPHS <file.graph>...
#                    [OUTPUT_DIR <dir>]      # default: ${CMAKE_CURRENT_BINARY_DIR}/graphc
#                    [MODULES <file>...]     # kernel files the graphs name (see below)
#                    [OPTIONS <option>...])  # more options of graphc compile: --world-size 2, -O0
#
# For each graph `x.graph` this adds a custom command
#
#   graphc compile <options> <x.graph> -o <dir> [--depfile <dir>/x.graph.d]
#
# whose outputs are <dir>/x.graph.h and <dir>/x.graph.cu, adds x.graph.cu to the target's
# sources and puts on the target's include path: <dir> (for `#include "x.graph.h"`) and the
# graph's folder (the generated .cu #includes each `.cu` module by the path written in
# `module "..."`, which is relative to the graph). The target links graphc::generated
# (graphc/generated_support.h and CUDA::cudart) and must have CUDA enabled; its CUDA code is
# compiled as C++20, as the generated code needs.
# Relative GRAPHS and MODULES are relative to the current source folder.
#
# Rebuilds: the command depends on the graph, on graphc itself and on every MODULES file.
# With the Ninja and Makefile generators graphc also writes a depfile naming every file it
# read (the graph, the files it imports and their modules), so an edited kernel or imported
# file regenerates without MODULES; with other generators list them in MODULES.
#
# graphc is the target graphc::graphc (built in the tree, or installed by the package), or
# the program named by GRAPHC_EXECUTABLE. It runs in the current binary folder and is given
# paths relative to it: the depfile's relative paths are then what CMake expects (policy
# CMP0116), and the generated files name the graph without an absolute path.

function(graphc_add_graph)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;OUTPUT_DIR" "GRAPHS;MODULES;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "graphc_add_graph: unexpected arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_TARGET OR NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "graphc_add_graph: TARGET must name an existing target (got '${arg_TARGET}')")
  endif()
  if(NOT arg_GRAPHS)
    message(FATAL_ERROR "graphc_add_graph: no GRAPHS given for target '${arg_TARGET}'")
  endif()

  if(DEFINED GRAPHC_EXECUTABLE)
    set(graphc "${GRAPHC_EXECUTABLE}")
  elseif(TARGET graphc::graphc)
    set(graphc "$<TARGET_FILE:graphc::graphc>")  # the command depends on it, and reruns when it is rebuilt
  else()
    message(FATAL_ERROR "graphc_add_graph: no graphc::graphc target and GRAPHC_EXECUTABLE is not set")
  endif()
  if(NOT TARGET graphc::generated)
    message(FATAL_ERROR "graphc_add_graph: no graphc::generated target (graphc built without CUDA?)")
  endif()

  set(output_dir "${arg_OUTPUT_DIR}")
  if(NOT output_dir)
    set(output_dir "${CMAKE_CURRENT_BINARY_DIR}/graphc")
  endif()
  cmake_path(ABSOLUTE_PATH output_dir BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" NORMALIZE)
  cmake_path(RELATIVE_PATH output_dir BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
             OUTPUT_VARIABLE output_dir_arg)

  set(modules "")
  foreach(module IN LISTS arg_MODULES)
    cmake_path(ABSOLUTE_PATH module BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    list(APPEND modules "${module}")
  endforeach()

  # DEPFILE in add_custom_command: Ninja and Makefile generators (CMake 3.20+).
  set(use_depfile FALSE)
  if(CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(use_depfile TRUE)
  endif()

  set(generated_sources "")
  set(graph_dirs "")
  foreach(graph IN LISTS arg_GRAPHS)
    cmake_path(ABSOLUTE_PATH graph BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    cmake_path(GET graph FILENAME file_name)
    cmake_path(GET graph STEM LAST_ONLY stem)
    cmake_path(GET graph PARENT_PATH graph_dir)
    cmake_path(RELATIVE_PATH graph BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" OUTPUT_VARIABLE graph_arg)
    set(header "${output_dir}/${stem}.graph.h")
    set(source "${output_dir}/${stem}.graph.cu")

    set(depfile_args "")
    set(depfile_option "")
    if(use_depfile)
      set(depfile "${output_dir}/${stem}.graph.d")
      set(depfile_args --depfile "${output_dir_arg}/${stem}.graph.d")
      set(depfile_option DEPFILE "${depfile}")
    endif()

    add_custom_command(
      OUTPUT "${header}" "${source}"
      COMMAND ${graphc} compile ${arg_OPTIONS} "${graph_arg}" -o "${output_dir_arg}" ${depfile_args}
      DEPENDS "${graph}" ${graphc} ${modules}
      ${depfile_option}
      WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
      COMMENT "graphc compile ${file_name}"
      VERBATIM)
    list(APPEND generated_sources "${header}" "${source}")
    list(APPEND graph_dirs "${graph_dir}")
  endforeach()
  list(REMOVE_DUPLICATES graph_dirs)

  target_sources(${arg_TARGET} PRIVATE ${generated_sources})
  target_include_directories(${arg_TARGET} PRIVATE "${output_dir}" ${graph_dirs})
  target_link_libraries(${arg_TARGET} PRIVATE graphc::generated)
  _graphc_cuda_cxx20(${arg_TARGET})
endfunction()

# The generated .cu and graphc/generated_support.h are C++20. A CMake that knows no C++20
# flag for nvcc (3.25, Debian 12's, does not: no cuda_std_20 feature, and CUDA_STANDARD 20
# silently compiles with nvcc's default, C++17) is given the flag as an option.
function(_graphc_cuda_cxx20 target)
  if("cuda_std_20" IN_LIST CMAKE_CUDA_COMPILE_FEATURES)
    target_compile_features(${target} PRIVATE cuda_std_20)
  else()
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CUDA>:-std=c++20>)
  endif()
endfunction()
