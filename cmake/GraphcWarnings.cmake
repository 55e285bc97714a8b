# graphc's warning flags on graphc's own targets only (never forced on consumers), and
# -Werror only with GRAPHC_WERROR (CI and scripts/ turn it on; off for anyone building
# from source). Under the sanitizers GCC's flow analysis reports -Wmaybe-uninitialized
# inside the standard library (std::regex's std::function members) that plain builds do
# not: those stay warnings off.
function(graphc_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<BOOL:${GRAPHC_WERROR}>>:-Werror>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>,$<BOOL:${GRAPHC_SANITIZE}>>:-Wno-maybe-uninitialized>
    $<$<AND:$<COMPILE_LANGUAGE:CUDA>,$<BOOL:${GRAPHC_WERROR}>>:-Werror=all-warnings>)
endfunction()
