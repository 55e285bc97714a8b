# Renders docs/diagnostics.md from base/include/graphc/base/codes.def and the runtime's rows
# it includes (runtime_codes.def beside it), so the list of diagnostic codes in
# the docs is the table the compiler and runtime report from. Compares with the checked-in
# file, or rewrites it with GRAPHC_UPDATE_GOLDENS=1 (then review `git diff`).
#   cmake -DCODES=base/include/graphc/base/codes.def -DRUNTIME_CODES=base/include/graphc/base/runtime_codes.def
#         -DDOC=docs/diagnostics.md -P diagnostics_md.cmake

# The lines of codes.def, then of runtime_codes.def, that match `regex`, as one list (a
# quoted join: a row's own `;` stays escaped).
function(read_table regex out)
  file(STRINGS ${CODES} compiler REGEX "${regex}")
  file(STRINGS ${RUNTIME_CODES} runtime REGEX "${regex}")
  if(compiler AND runtime)
    set(${out} "${compiler};${runtime}" PARENT_SCOPE)
  else()
    set(${out} "${compiler}${runtime}" PARENT_SCOPE)
  endif()
endfunction()

read_table("^GRAPHC_DIAG\\(" rows)

set(families
  "E00:Syntax and files"
  "W00:Syntax and files (warnings)"
  "E01:Names"
  "E02:Types and values"
  "E03:Structure"
  "W03:Structure (warnings)"
  "E04:Conditional nodes and bodies"
  "W04:Conditional nodes (warnings)"
  "E05:Device launch and device graph updates"
  "W05:Device graph updates (warnings)"
  "E06:Memory nodes"
  "W06:Memory nodes (warnings)"
  "E07:Edge ports"
  "E08:Launch configuration"
  "E09:Child graphs and graph parameters"
  "W09:Child graphs and graph parameters (warnings)"
  "E10:Capture nodes and library operations"
  "E11:Collective nodes and communicators"
  "E12:Several devices in one graph"
  "R00:Runtime (building a graph on a GPU)")

set(doc "# Diagnostics\n\n")
string(APPEND doc "Every diagnostic graphc reports, generated from `base/include/graphc/base/codes.def` and the\n")
string(APPEND doc "runtime's rows it includes, `runtime_codes.def` beside it (the one table the compiler,\n")
string(APPEND doc "the runtime and generated code report from; `ctest -R golden.docs` checks that this page\n")
string(APPEND doc "is current). Codes are stable and never reused. `…` stands for the names and values the\n")
string(APPEND doc "message fills in.\n\n")
string(APPEND doc "Compiler diagnostics are printed as `file:line:col: error[CODE]: message`, the source\n")
string(APPEND doc "line with a caret under the range, and notes that point at the other party. Errors\n")
string(APPEND doc "make `graphc` exit with status 1 and write nothing; warnings do neither. Runtime\n")
string(APPEND doc "diagnostics (R) are thrown as `graphc::Error` with the same shape, naming the node and\n")
string(APPEND doc "its `.graph` location.\n\n")
string(APPEND doc "A diagnostic in a copy of a `for` loop's items has a note at the loop naming the\n")
string(APPEND doc "iteration, `in iteration i = 3 of this loop`; one that several iterations of the loop\n")
string(APPEND doc "repeat alike (code, message, place and notes) is printed and counted once, its note\n")
string(APPEND doc "naming them all, `in iterations i = 0, 1, ..., 7 of this loop`, and in nested loops\n")
string(APPEND doc "those of every loop around it, `in iterations j = 0, 1 and i = 0, 1, ..., 7 of these\n")
string(APPEND doc "loops`. At most 50 errors are printed, a diagnostic so folded counting once.\n")
string(APPEND doc "\n")
string(APPEND doc "The data race warnings have switches (on `check`, `compile`, `dot` and `run`):\n")
string(APPEND doc "`-Werror=race` makes W0303 and W0305 errors; `-Wno-possible-race` leaves out W0305, the\n")
string(APPEND doc "races that are only possible because a pointer passed to a kernel, a host function or a\n")
string(APPEND doc "captured function is assumed to reach the end of its buffer, while W0303 still reports\n")
string(APPEND doc "those that are certain, between extents that are known (copies, memsets, views, a GEMM's\n")
string(APPEND doc "matrices). See [language.md](language.md#data-races).\n\n")
string(APPEND doc "A graph whose parameters configure its nodes is checked once for each different set of\n")
string(APPEND doc "values its calls give it, up to 4096 sets a graph; W0901 names the call past which the\n")
string(APPEND doc "sets go unchecked. The runtime still folds every call's nodes when it builds the graph,\n")
string(APPEND doc "so a broken rule there is reported then, at the node, with the same code.\n")

# Every code belongs to a family listed above, so none is left out of the page.
foreach(row ${rows})
  string(REGEX MATCH "^GRAPHC_DIAG\\(([A-Z][0-9][0-9])" _ "${row}")
  set(prefix ${CMAKE_MATCH_1})
  if(NOT families MATCHES "${prefix}:")
    message(FATAL_ERROR "codes.def family ${prefix}xx has no section in diagnostics_md.cmake")
  endif()
endforeach()

foreach(family ${families})
  string(REPLACE ":" ";" parts "${family}")
  list(GET parts 0 prefix)
  list(GET parts 1 title)
  set(table "")
  foreach(row ${rows})
    if(NOT row MATCHES "^GRAPHC_DIAG\\(([A-Z][0-9]+), ([a-z]+), ([a-z_0-9]+), \"(.*)\"\\)$")
      message(FATAL_ERROR "cannot read codes.def row: ${row}")
    endif()
    set(code ${CMAKE_MATCH_1})
    set(severity ${CMAKE_MATCH_2})
    set(format "${CMAKE_MATCH_4}")
    if(NOT code MATCHES "^${prefix}")
      continue()
    endif()
    if(code STREQUAL "E0006")
      set(format "(what is wrong with the YAML, in words: a tab in a line's indentation, a line indented to fit no block above it, an unclosed '{' or '['; else yaml-cpp's message)")
    elseif(format STREQUAL "{}")
      set(format "(the grammar's message for the rule that failed, with what was expected)")
    endif()
    string(REPLACE "{}" "…" format "${format}")
    string(REPLACE "\\n" " " format "${format}")
    string(REPLACE "|" "\\|" format "${format}")
    string(APPEND table "| ${code} | ${severity} | ${format} |\n")
  endforeach()
  if(table)
    string(APPEND doc "\n## ${title}\n\n| code | severity | message |\n| --- | --- | --- |\n${table}")
  endif()
endforeach()

# Retired codes (`// RETIRED(CODE): why` in either file): never reused, so listed with why.
read_table("^// RETIRED\\(" retired)
if(retired)
  string(APPEND doc "\n## Retired codes\n\nNo longer reported, and never given to another diagnostic.\n\n")
  string(APPEND doc "| code | why |\n| --- | --- |\n")
  foreach(row ${retired})
    if(NOT row MATCHES "^// RETIRED\\(([A-Z][0-9]+)\\): (.*)$")
      message(FATAL_ERROR "cannot read codes.def retired row: ${row}")
    endif()
    string(APPEND doc "| ${CMAKE_MATCH_1} | ${CMAKE_MATCH_2} |\n")
  endforeach()
endif()

if(DEFINED ENV{GRAPHC_UPDATE_GOLDENS} AND "$ENV{GRAPHC_UPDATE_GOLDENS}" STREQUAL "1")
  file(WRITE ${DOC} "${doc}")
  message(STATUS "updated ${DOC}")
  return()
endif()
if(NOT EXISTS ${DOC})
  message(FATAL_ERROR "missing ${DOC}; run with GRAPHC_UPDATE_GOLDENS=1")
endif()
file(READ ${DOC} current)
if(NOT current STREQUAL doc)
  message(FATAL_ERROR "${DOC} is not what codes.def says; run with GRAPHC_UPDATE_GOLDENS=1 and review git diff")
endif()
