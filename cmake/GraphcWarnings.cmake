# Warnings as errors on graphc's own targets only (never forced on consumers). Under the
# sanitizers GCC's flow analysis reports -Wmaybe-uninitialized inside the standard library
# (std::regex's std::function members) that plain builds do not: those stay warnings off.
function(graphc_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Werror -Wno-missing-field-initializers>
    $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>,$<BOOL:${GRAPHC_SANITIZE}>>:-Wno-maybe-uninitialized>
    $<$<COMPILE_LANGUAGE:CUDA>:-Werror=all-warnings>)
endfunction()
