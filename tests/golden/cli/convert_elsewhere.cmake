# graphc convert -o into another folder: each relative module and import path is rewritten to
# name the same file from there, so `graphc check` passes on the output; an absolute one
# stays as written.
#   cmake -DGRAPHC=... -DSOURCE=<repository root> -DWORK=<dir> -P convert_elsewhere.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/yaml" "${WORK}/text" "${WORK}/absolute/in" "${WORK}/absolute/out")

# Runs graphc ARGN in SOURCE; fails unless it exits 0.
function(graphc)
  execute_process(COMMAND "${GRAPHC}" ${ARGN} WORKING_DIRECTORY "${SOURCE}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "graphc ${ARGN}: exit ${rc}\n${out}${err}")
  endif()
endfunction()

# `file` (of SOURCE) as a file in `folder` names it, symlinks resolved as the system does.
function(relative_to folder file out_var)
  file(REAL_PATH "${SOURCE}/${file}" target)
  file(REAL_PATH "${folder}" base)
  cmake_path(RELATIVE_PATH target BASE_DIRECTORY "${base}" OUTPUT_VARIABLE relative)
  set(${out_var} "${relative}" PARENT_SCOPE)
endfunction()

# Fails unless `file` holds the line `line`.
function(expect_line file line)
  file(STRINGS "${file}" lines)
  if(NOT line IN_LIST lines)
    file(READ "${file}" text)
    message(FATAL_ERROR "${file} has no line\n${line}\nit is:\n${text}")
  endif()
endfunction()

# A text file's module, into YAML in another folder (paths relative to the current folder).
graphc(convert samples/train_step/train_step.graph -o "${WORK}/yaml/train_step.yaml")
relative_to("${WORK}/yaml" samples/train_step/train_step_kernels.cu kernels)
expect_line("${WORK}/yaml/train_step.yaml" "modules: [${kernels}]")
graphc(check "${WORK}/yaml/train_step.yaml")

# A module and an import, into text in another folder.
graphc(convert tests/golden/dot/calls.graph -o "${WORK}/text/calls.graph")
relative_to("${WORK}/text" tests/golden/dot/k.cu module)
relative_to("${WORK}/text" tests/golden/dot/imports/layers.graph import)
expect_line("${WORK}/text/calls.graph" "module \"${module}\";")
expect_line("${WORK}/text/calls.graph" "import \"${import}\";")
graphc(check "${WORK}/text/calls.graph")

# An absolute module path names the same file from anywhere: kept as written.
set(absolute "${SOURCE}/samples/train_step/train_step_kernels.cu")
file(WRITE "${WORK}/absolute/in/absolute.graph"
     "module \"${absolute}\";\n\ngraph g {\n    buffer x : f32[4] device;\n    memset clear : x = 0;\n}\n")
graphc(convert "${WORK}/absolute/in/absolute.graph" -o "${WORK}/absolute/out/absolute.graph")
expect_line("${WORK}/absolute/out/absolute.graph" "module \"${absolute}\";")
graphc(check "${WORK}/absolute/out/absolute.graph")
message(STATUS "convert -o elsewhere: module and import paths name the same files")
