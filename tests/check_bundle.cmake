# Fails when the committed solution.cpp is not what src/bundle.cpp makes of
# src/judge/, and shows the first differences.
#   cmake -DBUNDLE=... -DENTRY=... -DCOMMITTED=... -P check_bundle.cmake
string(RANDOM LENGTH 8 suffix)
set(made "${CMAKE_CURRENT_BINARY_DIR}/solution-bundled-${suffix}.cpp")
execute_process(COMMAND ${BUNDLE} ${ENTRY} ${made} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "bundle failed with status ${status}")
endif()
file(READ ${made} madeText)
file(READ ${COMMITTED} committedText)
if(NOT madeText STREQUAL committedText)
  execute_process(COMMAND diff -u ${COMMITTED} ${made} OUTPUT_VARIABLE difference)
  file(REMOVE ${made})
  message(FATAL_ERROR "solution.cpp differs from what src/judge/ makes; run\n"
                      "  cmake --build build --target bundle_solution\n${difference}")
endif()
file(REMOVE ${made})
message(STATUS "solution.cpp is what src/judge/ makes")
