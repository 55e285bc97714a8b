# The CUDA architectures graphc builds device code for when the user names none (neither
# CMAKE_CUDA_ARCHITECTURES nor the CUDAARCHS environment variable): the compute
# capabilities of this machine's GPUs as nvidia-smi reports them (what CMake's `native`
# means, but as numbers, which tests/gpu needs for its PTX module), else 90, the
# architecture graphc is tested on (H100, H200). CMake's own default would be nvcc's
# oldest architecture (sm_75 for CUDA 13). Device code that needs sm_90 (programmatic
# dependent launch) is guarded by __CUDA_ARCH__, so other architectures build too.
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
  set(graphc_cuda_architectures 90)
  find_program(GRAPHC_NVIDIA_SMI nvidia-smi)
  if(GRAPHC_NVIDIA_SMI)
    execute_process(COMMAND ${GRAPHC_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                    RESULT_VARIABLE smi_status OUTPUT_VARIABLE smi_caps ERROR_QUIET
                    OUTPUT_STRIP_TRAILING_WHITESPACE TIMEOUT 30)
    if(smi_status EQUAL 0 AND smi_caps MATCHES "^[0-9]+\\.[0-9]+")
      string(REGEX MATCHALL "[0-9]+\\.[0-9]+" smi_caps "${smi_caps}")
      list(TRANSFORM smi_caps REPLACE "\\." "")
      list(REMOVE_DUPLICATES smi_caps)
      set(graphc_cuda_architectures ${smi_caps})
    endif()
  endif()
  set(CMAKE_CUDA_ARCHITECTURES "${graphc_cuda_architectures}" CACHE STRING
      "CUDA architectures (graphc's default: this machine's GPUs, else 90)")
  message(STATUS "graphc: CUDA architectures ${CMAKE_CUDA_ARCHITECTURES} (set CMAKE_CUDA_ARCHITECTURES to choose)")
endif()
