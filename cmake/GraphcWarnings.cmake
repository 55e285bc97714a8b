# graphc's warning flags on graphc's own targets only (never forced on consumers), and
# -Werror only with GRAPHC_WERROR (CI and scripts/ turn it on; off for anyone building
# from source). Under the sanitizers GCC's flow analysis reports -Wmaybe-uninitialized
# inside the standard library (std::regex's std::function members) that plain builds do
# not: those stay warnings off. In a unity build (GRAPHC_UNITY_BUILD) every .cpp is an
# included file of its batch, so GCC's -Wsubobject-linkage, meant for headers, reports each
# file's own class that holds a type of its anonymous namespace: off there.
function(graphc_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${GRAPHC_WERROR}>>:-Werror>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>,$<BOOL:${GRAPHC_SANITIZE}>>:-Wno-maybe-uninitialized>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>,$<BOOL:$<TARGET_PROPERTY:UNITY_BUILD>>>:-Wno-subobject-linkage>
    $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<BOOL:${GRAPHC_WERROR}>>:-Werror=all-warnings>)
endfunction()
