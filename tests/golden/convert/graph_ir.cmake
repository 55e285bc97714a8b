# graph_ir(FILE VAR [WORKDIR]): the IR dump of FILE (graphc check --emit=ir ${GRAPHC_ARGS},
# both set by the including script) without source locations, the file's own name and its imports'
# paths (a YAML form may import the YAML form of a file; the imported graphs are compared
# by their contents), its lines sorted: what two forms of one graph must share, whatever
# order their declarations were written in.
function(graph_ir file var)
  set(workdir "${ARGV2}")
  if(NOT workdir)
    set(workdir "${CMAKE_CURRENT_LIST_DIR}")
  endif()
  execute_process(COMMAND "${GRAPHC}" check --emit=ir ${GRAPHC_ARGS} "${file}" WORKING_DIRECTORY "${workdir}"
                  OUTPUT_VARIABLE ir ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "graphc check ${file} failed:\n${err}")
  endif()
  string(REGEX REPLACE " @[0-9]+:[0-9]+" "" ir "${ir}")
  string(REGEX REPLACE "(^|\n)module [^\n]*\n" "\\1" ir "${ir}")  # one per variant of a variant dimension
  string(REGEX REPLACE "  import \"[^\n]*\n" "" ir "${ir}")
  string(REPLACE "\n" ";" lines "${ir}")
  list(SORT lines)
  set(${var} "${lines}" PARENT_SCOPE)
endfunction()

# require_same_ir(A_NAME A_LINES B_NAME B_LINES): fails, showing both, when they differ.
function(require_same_ir a_name a b_name b)
  if(NOT a STREQUAL b)
    string(REPLACE ";" "\n" a_text "${a}")
    string(REPLACE ";" "\n" b_text "${b}")
    message(FATAL_ERROR "${b_name} does not have the IR of ${a_name}:\n--- ${a_name}\n${a_text}\n--- ${b_name}\n${b_text}")
  endif()
endfunction()
