# One helper per kind of target, so that none forgets the project's options
# (warnings, sanitizers), and a check at the end that every target of the
# tree links them.

# ariadne_library(NAME SOURCES... [PUBLIC deps...] [PRIVATE deps...]):
# the static library ariadne_NAME, aliased ariadne::NAME, with includes from
# the repository root.
function(ariadne_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "PUBLIC;PRIVATE")
  add_library(ariadne_${name} STATIC ${arg_UNPARSED_ARGUMENTS})
  add_library(ariadne::${name} ALIAS ariadne_${name})
  target_include_directories(ariadne_${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(ariadne_${name} PUBLIC ${arg_PUBLIC} PRIVATE ${arg_PRIVATE} ariadne_options)
endfunction()

# ariadne_program(NAME SOURCES... [LINK deps...]): an executable.
function(ariadne_program name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "LINK")
  add_executable(${name} ${arg_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE ${arg_LINK} ariadne_options)
endfunction()

# Fails the configuration when a target of the tree (extern/ aside: other
# people's code, compiled as it is) does not link ariadne_options.
function(ariadne_check_options directory)
  get_property(targets DIRECTORY ${directory} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "EXECUTABLE")
      get_target_property(links ${target} LINK_LIBRARIES)
      if(NOT "ariadne_options" IN_LIST links)
        message(FATAL_ERROR "${target} (${directory}) does not link ariadne_options: "
                            "make it with ariadne_library or ariadne_program")
      endif()
    endif()
  endforeach()
  get_property(children DIRECTORY ${directory} PROPERTY SUBDIRECTORIES)
  foreach(child ${children})
    if(NOT child MATCHES "/extern/")
      ariadne_check_options(${child})
    endif()
  endforeach()
endfunction()
