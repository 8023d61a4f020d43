# Runs PROGRAM as a judge does, INPUT on stdin, and compares what it prints.
#   cmake -DPROGRAM=path -DINPUT=file -DEXPECTED_OUTPUT=file [-DEXPECTED_ERROR=file]
#         [-DEXPECTED_STATUS=0] ["-DARGS=--opt ..."] -P run_case.cmake
# Fails (with the expected and actual text and their diff) unless the exit
# status, stdout and, when EXPECTED_ERROR is given, stderr all match exactly.
cmake_minimum_required(VERSION 3.16)
foreach(required PROGRAM INPUT EXPECTED_OUTPUT)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "run_case.cmake: -D${required}=... is required")
  endif()
endforeach()
if(NOT DEFINED EXPECTED_STATUS)
  set(EXPECTED_STATUS 0)
endif()

separate_arguments(arguments UNIX_COMMAND "${ARGS}")
execute_process(COMMAND "${PROGRAM}" ${arguments}
                INPUT_FILE "${INPUT}"
                OUTPUT_VARIABLE actualOutput
                ERROR_VARIABLE actualError
                RESULT_VARIABLE actualStatus)

set(failures "")

# Prints expected and actual text for one stream, with a diff when diff exists.
function(compare_stream stream expectedFile actualText)
  file(READ "${expectedFile}" expectedText)
  if(expectedText STREQUAL actualText)
    return()
  endif()
  get_filename_component(caseName "${INPUT}" NAME)
  set(actualFile "${CMAKE_CURRENT_BINARY_DIR}/${caseName}.actual-${stream}")
  file(WRITE "${actualFile}" "${actualText}")
  message("---- ${stream}: expected (${expectedFile})\n${expectedText}")
  message("---- ${stream}: actual\n${actualText}")
  find_program(DIFF diff)
  if(DIFF)
    execute_process(COMMAND "${DIFF}" -u "${expectedFile}" "${actualFile}" OUTPUT_VARIABLE difference)
    message("---- ${stream}: diff -u expected actual\n${difference}")
  endif()
  set(failures "${failures} ${stream}" PARENT_SCOPE)
endfunction()

compare_stream(stdout "${EXPECTED_OUTPUT}" "${actualOutput}")
if(DEFINED EXPECTED_ERROR)
  compare_stream(stderr "${EXPECTED_ERROR}" "${actualError}")
endif()
if(NOT actualStatus STREQUAL EXPECTED_STATUS)
  message("---- exit status: expected ${EXPECTED_STATUS}, got ${actualStatus}\n---- stderr:\n${actualError}")
  set(failures "${failures} status")
endif()
if(failures)
  message(FATAL_ERROR "${INPUT}: mismatch in${failures}")
endif()
