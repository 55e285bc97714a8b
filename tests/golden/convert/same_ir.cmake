# Two forms of one graph file have the same IR (graph_ir.cmake):
#   cmake -DGRAPHC=... -DA=x.graph -DB=x.yaml -P same_ir.cmake
cmake_minimum_required(VERSION 3.25)
include(${CMAKE_CURRENT_LIST_DIR}/graph_ir.cmake)
get_filename_component(workdir "${A}" DIRECTORY)
graph_ir("${A}" a "${workdir}")
graph_ir("${B}" b "${workdir}")
require_same_ir("${A}" "${a}" "${B}" "${b}")
message(STATUS "${B} has the IR of ${A}")
