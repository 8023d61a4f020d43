# Makes the man page queens.1 from the text of `queens --help` and
# `queens --version`, as help2man does, so that the page and --help never
# say different things.
#   cmake -DPROGRAM=path/to/queens -DOUT=queens.1 -P manpage.cmake
execute_process(COMMAND ${PROGRAM} --help OUTPUT_VARIABLE help RESULT_VARIABLE status)
execute_process(COMMAND ${PROGRAM} --version OUTPUT_VARIABLE version)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} --help failed")
endif()
string(REGEX MATCH "^[^\n]*" versionLine "${version}")

# roff: a backslash is \e, a hyphen \-, and a line may not start with . or '.
function(roff text result)
  string(REPLACE "<semicolon>" ";" text "${text}")
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${result} "${text}" PARENT_SCOPE)
endfunction()

string(REPLACE ";" "<semicolon>" help "${help}")  # a CMake list splits at ';'
string(REPLACE "\n" ";" lines "${help}")
set(page ".TH QUEENS 1 \"\" \"${versionLine}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\nqueens \\- count the placements of N non-attacking queens on boards with reserved squares\n")
set(section synopsis)
string(APPEND page ".SH SYNOPSIS\n")
foreach(line IN LISTS lines)
  if(line MATCHES "^Full documentation:")  # SEE ALSO says where, and the page is this one
    break()
  endif()
  roff("${line}" text)
  if(section STREQUAL synopsis)
    if(line MATCHES "^(usage|   or): +(.*)$")
      roff("${CMAKE_MATCH_2}" text)
      string(APPEND page "${text}\n.br\n")
      continue()
    endif()
    set(section description)
    string(APPEND page ".SH DESCRIPTION\n")
  endif()
  if(line STREQUAL "")
    string(APPEND page ".PP\n")
  elseif(line MATCHES "^  (-[^ ].*[^ ])  +(.*)$")  # an option and the start of what it does
    roff("${CMAKE_MATCH_1}" option)
    roff("${CMAKE_MATCH_2}" what)
    string(APPEND page ".TP\n.B ${option}\n${what}\n")
  elseif(line MATCHES "^  example: (.*)$")  # a command line, a paragraph of its own, unfilled
    roff("${CMAKE_MATCH_1}" example)
    string(APPEND page ".PP\nExample:\n.nf\n.RS\n${example}\n.RE\n.fi\n")
  elseif(line MATCHES "^                 ([a-z][a-z-]*)  +(.*)$")  # a method and what it does
    roff("${CMAKE_MATCH_1}" method)
    roff("${CMAKE_MATCH_2}" what)
    string(APPEND page ".br\n\\fB${method}\\fR: ${what}\n")
  elseif(line MATCHES "^                 ([a-z][^ ]*( [^ ]+)*:)$")  # a heading of methods
    roff("${CMAKE_MATCH_1}" heading)
    string(APPEND page ".br\n${heading}\n")
  elseif(line MATCHES "^  (-[^ ]*( [A-Z.]+)?)$")  # an option whose text starts below it
    roff("${CMAKE_MATCH_1}" option)
    string(APPEND page ".TP\n.B ${option}\n")
  else()
    string(REGEX REPLACE "^ +" "" text "${text}")
    string(APPEND page "${text}\n")
  endif()
endforeach()
string(APPEND page ".SH SEE ALSO\nThe README.md and docs/ installed with queens: the input format, each\n"
                   "option in full, the recipes for GNU parallel, Slurm and Kubernetes, and how\n"
                   "the engines work.\n")
file(WRITE ${OUT} "${page}")
