# graphc run where there is no CUDA device (no GPU, or no driver) says so plainly and exits 3.
# Where nvidia-smi lists a device, it says "SKIP: a CUDA device is present" (the test's
# SKIP_REGULAR_EXPRESSION): there the GPU tests run graphc run for real.
#   cmake -DGRAPHC=... -DINPUT=<a .graph file> -P run_no_device.cmake
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND nvidia-smi -L RESULT_VARIABLE smi OUTPUT_QUIET ERROR_QUIET)
if(smi EQUAL 0)
  message(STATUS "SKIP: a CUDA device is present")
  return()
endif()
execute_process(COMMAND "${GRAPHC}" run "${INPUT}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
# What CUDA says: cudaErrorInsufficientDriver without a driver, cudaErrorNoDevice without a GPU.
set(expected "^graphc: error: no CUDA device: (CUDA driver version is insufficient for CUDA runtime version|no CUDA-capable device is detected)\n$")
if(NOT rc EQUAL 3 OR NOT out STREQUAL "" OR NOT err MATCHES "${expected}")
  message(FATAL_ERROR "graphc run ${INPUT} without a device: exit ${rc}, expected 3\n--- stdout\n${out}--- stderr\n${err}")
endif()
message(STATUS "graphc run without a device: ${err}")
