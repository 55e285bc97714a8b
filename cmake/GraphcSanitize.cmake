# GRAPHC_SANITIZE=ON: AddressSanitizer + UndefinedBehaviorSanitizer on every C++ target
# (host code; device code and nvcc-compiled host stubs are not instrumented). Any report
# aborts the process, so a sanitizer finding fails the test that hit it. scripts/test (and
# so CI) builds this way.
# GRAPHC_FUZZ=ON (clang only): the same sanitizers plus libFuzzer's coverage on every C++
# target, and the tests/fuzz targets linked with libFuzzer; scripts/fuzz builds this way.
option(GRAPHC_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(GRAPHC_FUZZ "Build the fuzz targets with libFuzzer (clang), sanitizers on" OFF)
if(GRAPHC_SANITIZE OR GRAPHC_FUZZ)
  set(graphc_sanitizers address,undefined)
  if(GRAPHC_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      message(FATAL_ERROR "GRAPHC_FUZZ needs clang (libFuzzer): configure with CXX=clang++")
    endif()
    set(graphc_sanitizers fuzzer-no-link,${graphc_sanitizers})
  endif()
  add_compile_options(
    "$<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${graphc_sanitizers};-fno-sanitize-recover=all;-fno-omit-frame-pointer>")
  add_link_options("$<$<LINK_LANGUAGE:CXX>:-fsanitize=${graphc_sanitizers}>")
  # Programs linked at a fixed address (-no-pie): a sanitized position-independent graphc
  # carries 2.5 million relative relocations, which the loader applies at every start
  # (0.55 s of `graphc --version` on a 2-core machine, 0.25 s without them), and the tests
  # start graphc thousands of times. Libraries and the Python module stay position-independent.
  add_link_options("$<$<AND:$<LINK_LANGUAGE:CXX>,$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>>:-no-pie>")
  # Debian's GCC links --as-needed unless sanitizing; without it every program would need
  # libcuda.so.1 (the CUDA toolkit's stub is on the link line), which a machine without a
  # GPU driver lacks.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_link_options("$<$<LINK_LANGUAGE:CXX>:-Wl,--as-needed>")
  endif()
endif()

# graphc_export_sanitizers(target): a sanitized graphc's installed libraries need the
# sanitizer runtime (and, with GCC, --as-needed as above) in every program that links them,
# so the package passes the link flags on through `target`.
function(graphc_export_sanitizers target)
  if(GRAPHC_SANITIZE OR GRAPHC_FUZZ)
    set(flags -fsanitize=${graphc_sanitizers})
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      list(APPEND flags -Wl,--as-needed)
    endif()
    target_link_options(${target} INTERFACE "$<INSTALL_INTERFACE:$<$<LINK_LANGUAGE:CXX>:${flags}>>")
  endif()
endfunction()
