# Embeds a text file in the program as a C++ string, at build time:
#   cmake -DINPUT=file -DOUTPUT=file.cpp -DNAME=kName -P embed_text.cmake
# writes `extern const char* const kName;` defined as the file's text in a
# raw string (namespace queens). The output is rewritten only when it
# changes, so an unchanged text rebuilds nothing.
file(READ ${INPUT} text)
if(text MATCHES "\\)queens_text\"")
  message(FATAL_ERROR "${INPUT} holds the raw string's end, )queens_text\"")
endif()
get_filename_component(source ${INPUT} NAME)
string(CONCAT embedded "// Made at build time by cmake/embed_text.cmake from ${source}.\n"
                       "namespace queens {\nextern const char* const ${NAME};\n"
                       "const char* const ${NAME} = R\"queens_text(${text})queens_text\";\n"
                       "}  // namespace queens\n")
set(old "")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL embedded)
  file(WRITE ${OUTPUT} "${embedded}")
endif()
