# Tests of the samples (samples/X), included by tests/gpu/CMakeLists.txt. Per sample:
#   sample.X.check         label sample  `graphc check X.graph` accepts it
#   sample.X.compile       label sample  `graphc compile X.graph -o DIR` writes the C++
#   sample.X.generated     label gpu     the generated-path program against the CPU reference
#   sample.X.runtime       label gpu     the runtime-path program (Program::load) against it
#   sample.X.same_numbers  label gpu     graphc run, the runtime and the generated program
#                                        print the same output buffer, byte for byte
# and for the YAML form samples/X/X.yaml, which every sample ships too:
#   sample.X.yaml.same_ir       label sample  X.yaml has the IR of X.graph
#   sample.X.yaml.runtime       label gpu     the runtime-path program loads X.yaml
#   sample.X.yaml.same_numbers  label gpu     graphc run and the runtime program on X.yaml
#                                             print what the generated program prints
# Without a CUDA device the gpu tests skip: the programs exit 77 (SKIP_RETURN_CODE) and the
# comparison script prints "SKIP: no CUDA device" (SKIP_REGULAR_EXPRESSION).

set(graphc_samples_dir ${PROJECT_SOURCE_DIR}/samples)

# graphc_same_numbers_test(TEST NAME GRAPH BUFFER OUTPUT GRAPH_NAME [GENERATED]): graphc run
# and the runtime program of sample NAME on GRAPH (either form) print BUFFER as the
# generated program (sample_NAME_generated, or target GENERATED) does
# (samples/common/compare_paths.cmake; outputs in samples/NAME/OUTPUT).
function(graphc_same_numbers_test test name graph buffer output graph_name)
  set(generated sample_${name}_generated)
  if(ARGC GREATER 6)
    set(generated ${ARGV6})
  endif()
  add_test(NAME ${test}
           COMMAND ${CMAKE_COMMAND}
                   -DGRAPHC=$<TARGET_FILE:graphc>
                   -DGRAPH=${graph}
                   -DBUFFER=${buffer}
                   -DRUNTIME_PROGRAM=$<TARGET_FILE:sample_${name}_runtime>
                   -DGENERATED_PROGRAM=$<TARGET_FILE:${generated}>
                   -DOUTPUT_DIR=${CMAKE_CURRENT_BINARY_DIR}/samples/${name}/${output}
                   -DGRAPH_NAME=${graph_name}
                   -P ${graphc_samples_dir}/common/compare_paths.cmake)
  set_tests_properties(${test} PROPERTIES
                       LABELS gpu SKIP_REGULAR_EXPRESSION "SKIP: no CUDA device"
                       ENVIRONMENT "GRAPHC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/nvrtc-cache")
endfunction()

# graphc_sample_tests(NAME OUTPUT_BUFFER [GRAPH_NAME] [FOLDER DIR]): the tests of
# samples/NAME (or of NAME.graph in samples/DIR, a variant of that sample, whose programs are
# sample_NAME_*), whose result is the buffer OUTPUT_BUFFER; GRAPH_NAME picks the graph
# `graphc run` runs in a file of several graphs.
function(graphc_sample_tests name buffer)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "FOLDER" "")
  set(folder ${name})
  if(arg_FOLDER)
    set(folder ${arg_FOLDER})
  endif()
  set(graph ${graphc_samples_dir}/${folder}/${name}.graph)
  set(graph_name "${arg_UNPARSED_ARGUMENTS}")

  add_test(NAME sample.${name}.check COMMAND graphc check ${graph})
  add_test(NAME sample.${name}.compile
           COMMAND graphc compile ${graph} -o ${CMAKE_CURRENT_BINARY_DIR}/samples/${name})
  set_tests_properties(sample.${name}.check sample.${name}.compile PROPERTIES LABELS sample)

  add_test(NAME sample.${name}.generated COMMAND sample_${name}_generated)
  add_test(NAME sample.${name}.runtime COMMAND sample_${name}_runtime ${graph})
  set_tests_properties(sample.${name}.generated PROPERTIES LABELS gpu SKIP_RETURN_CODE 77)
  set_tests_properties(sample.${name}.runtime PROPERTIES LABELS gpu SKIP_RETURN_CODE 77
                       ENVIRONMENT "GRAPHC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/nvrtc-cache")

  graphc_same_numbers_test(sample.${name}.same_numbers ${name} ${graph} ${buffer} same_numbers "${graph_name}")
  set(yaml ${graphc_samples_dir}/${folder}/${name}.yaml)
  add_test(NAME sample.${name}.yaml.same_ir
           COMMAND ${CMAKE_COMMAND} -DGRAPHC=$<TARGET_FILE:graphc> -DA=${graph} -DB=${yaml}
                   -P ${PROJECT_SOURCE_DIR}/tests/golden/convert/same_ir.cmake)
  set_tests_properties(sample.${name}.yaml.same_ir PROPERTIES LABELS sample)
  add_test(NAME sample.${name}.yaml.runtime COMMAND sample_${name}_runtime ${yaml})
  set_tests_properties(sample.${name}.yaml.runtime PROPERTIES LABELS gpu SKIP_RETURN_CODE 77
                       ENVIRONMENT "GRAPHC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/nvrtc-cache")
  graphc_same_numbers_test(sample.${name}.yaml.same_numbers ${name} ${yaml} ${buffer} yaml_same_numbers "${graph_name}")
endfunction()

graphc_sample_tests(train_step h_data)
graphc_sample_tests(diamond h_out)
graphc_sample_tests(heat2d h_out)
graphc_sample_tests(cg_solver h_x)

# cg_solver's variant on the libraries' kernels, cg_solver_library.graph (cusparse.spmv and
# cuBLAS level 1 built-ins): checked, compiled, and on the GPU run by its generated program,
# by the sample's runtime program (which takes the graph's path) and by graphc run, each
# against the CPU reference or the generated program's numbers; its YAML form the same.
set(cgl_graph ${graphc_samples_dir}/cg_solver/cg_solver_library.graph)
set(cgl_yaml ${graphc_samples_dir}/cg_solver/cg_solver_library.yaml)
add_test(NAME sample.cg_solver_library.check COMMAND graphc check ${cgl_graph})
add_test(NAME sample.cg_solver_library.compile
         COMMAND graphc compile ${cgl_graph} -o ${CMAKE_CURRENT_BINARY_DIR}/samples/cg_solver_library)
add_test(NAME sample.cg_solver_library.yaml.same_ir
         COMMAND ${CMAKE_COMMAND} -DGRAPHC=$<TARGET_FILE:graphc> -DA=${cgl_graph} -DB=${cgl_yaml}
                 -P ${PROJECT_SOURCE_DIR}/tests/golden/convert/same_ir.cmake)
set_tests_properties(sample.cg_solver_library.check sample.cg_solver_library.compile
                     sample.cg_solver_library.yaml.same_ir PROPERTIES LABELS sample)
add_test(NAME sample.cg_solver_library.generated COMMAND sample_cg_solver_library_generated)
add_test(NAME sample.cg_solver_library.runtime COMMAND sample_cg_solver_runtime ${cgl_graph})
add_test(NAME sample.cg_solver_library.yaml.runtime COMMAND sample_cg_solver_runtime ${cgl_yaml})
set_tests_properties(sample.cg_solver_library.generated sample.cg_solver_library.runtime
                     sample.cg_solver_library.yaml.runtime PROPERTIES LABELS gpu SKIP_RETURN_CODE 77
                     ENVIRONMENT "GRAPHC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/nvrtc-cache")
graphc_same_numbers_test(sample.cg_solver_library.same_numbers cg_solver ${cgl_graph} h_x library_same_numbers ""
                         sample_cg_solver_library_generated)
graphc_same_numbers_test(sample.cg_solver_library.yaml.same_numbers cg_solver ${cgl_yaml} h_x
                         library_yaml_same_numbers "" sample_cg_solver_library_generated)
graphc_sample_tests(branching h_out)
graphc_sample_tests(pdl_pipeline out pdl)
graphc_sample_tests(graph_memory h_out)
graphc_sample_tests(device_launch h_out)
graphc_sample_tests(moe_router h_y)
graphc_sample_tests(layer_stack h_out)
graphc_sample_tests(transformer_decode h_out decode)
graphc_sample_tests(transformer_decode_bf16 h_out decode FOLDER transformer_decode)

# tp_decode runs one graph per rank, a rank per GPU, so its programs need two GPUs (label
# multi_gpu); graphc checks it for 2 ranks (tp_decode.args), in both forms, for 1, 4 and 8
# (the world sizes its benchmark scales over), and refuses 3, 5, 6 and 7, which do not divide
# its widths (E0258 at its exact_div).
set(tp_graph ${graphc_samples_dir}/tp_decode/tp_decode.graph)
set(tp_yaml ${graphc_samples_dir}/tp_decode/tp_decode.yaml)
add_test(NAME sample.tp_decode.check COMMAND graphc check --world-size 2 ${tp_graph})
add_test(NAME sample.tp_decode.check_world_sizes
         COMMAND sh -c "for n in 1 4 8; do $<TARGET_FILE:graphc> check --world-size $n ${tp_graph} || exit 1; done")
add_test(NAME sample.tp_decode.check_indivisible_world_sizes
         COMMAND sh -c "for n in 3 5 6 7; do $<TARGET_FILE:graphc> check --world-size $n ${tp_graph} 2>&1 | grep -q E0258 || exit 1; done")
add_test(NAME sample.tp_decode.compile
         COMMAND graphc compile --world-size 2 ${tp_graph} -o ${CMAKE_CURRENT_BINARY_DIR}/samples/tp_decode)
add_test(NAME sample.tp_decode.yaml.same_ir
         COMMAND ${CMAKE_COMMAND} -DGRAPHC=$<TARGET_FILE:graphc> -DA=${tp_graph} -DB=${tp_yaml}
                 -DGRAPHC_ARGS=--world-size=2 -P ${PROJECT_SOURCE_DIR}/tests/golden/convert/same_ir.cmake)
set_tests_properties(sample.tp_decode.check sample.tp_decode.check_world_sizes
                     sample.tp_decode.check_indivisible_world_sizes sample.tp_decode.compile
                     sample.tp_decode.yaml.same_ir PROPERTIES LABELS sample)
add_test(NAME sample.tp_decode.generated COMMAND sample_tp_decode_generated)
add_test(NAME sample.tp_decode.runtime COMMAND sample_tp_decode_runtime ${tp_graph})
add_test(NAME sample.tp_decode.yaml.runtime COMMAND sample_tp_decode_runtime ${tp_yaml})
set_tests_properties(sample.tp_decode.generated sample.tp_decode.runtime sample.tp_decode.yaml.runtime
                     PROPERTIES LABELS multi_gpu SKIP_RETURN_CODE 77 TIMEOUT 600
                     ENVIRONMENT "GRAPHC_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/nvrtc-cache;NCCL_NVLS_ENABLE=0")
