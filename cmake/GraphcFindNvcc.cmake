# Where nvcc is when the user names no CUDA compiler (CMAKE_CUDA_COMPILER, CUDACXX): the
# toolkit a user points at (CUDAToolkit_ROOT, as a CMake or an environment variable, then
# CUDA_PATH), then PATH, then /usr/local/cuda, where the toolkit's installers put it and
# where FindCUDAToolkit finds NVRTC anyway. Without this, a plain configure on a machine
# whose PATH lacks the toolkit's bin/ quietly built no runtime. The compiler found is handed
# to check_language and enable_language through CUDACXX, as a user would.
if(NOT CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX})
  find_program(GRAPHC_NVCC nvcc
               HINTS ${CUDAToolkit_ROOT}/bin $ENV{CUDAToolkit_ROOT}/bin $ENV{CUDA_PATH}/bin
               PATHS /usr/local/cuda/bin
               NO_CMAKE_SYSTEM_PATH  # /usr/local/cuda before the system's other folders
               DOC "The CUDA compiler graphc builds its runtime with")
  if(GRAPHC_NVCC)
    set(ENV{CUDACXX} ${GRAPHC_NVCC})
  endif()
endif()
