# `cmake --install` makes graphc a CMake package: after it, a project's
#
#   find_package(graphc REQUIRED)
#
# gives graphc::graphc (the CLI), graphc::compiler (parse, validate, emit), graphc::runtime
# (load and build graphs at run time, with CUDA), graphc::generated (what generated code
# includes) and graphc_add_graph() (cmake/GraphcAddGraph.cmake). add_subdirectory() of the
# source tree gives the same names (as ALIAS targets).
include(CMakePackageConfigHelpers)

set(graphc_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/graphc)
install(EXPORT graphcTargets NAMESPACE graphc:: DESTINATION ${graphc_cmake_dir})
configure_package_config_file(cmake/graphcConfig.cmake.in ${PROJECT_BINARY_DIR}/graphcConfig.cmake
                              INSTALL_DESTINATION ${graphc_cmake_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/graphcConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/graphcConfig.cmake ${PROJECT_BINARY_DIR}/graphcConfigVersion.cmake
              cmake/GraphcAddGraph.cmake
        DESTINATION ${graphc_cmake_dir})
