# Warnings ride on an INTERFACE target that every project target links PRIVATE,
# so nothing leaks into consumers and no global flag is set.
add_library(ariadne_warnings INTERFACE)
target_compile_options(ariadne_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion
  -Wnon-virtual-dtor -Wold-style-cast -Wcast-align -Woverloaded-virtual
  -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough -Wunused
  # GCC's own, of those cpp-best-practices' cmake_template turns on (clang knows
  # them not). Left out: -Wnull-dereference (GCC 12 warns inside Asio and
  # libstdc++ at -O2) and -Wuseless-cast (it calls the size_t casts that keep
  # -Wconversion quiet on 32-bit targets useless on 64-bit ones).
  $<$<CXX_COMPILER_ID:GNU>:-Wmisleading-indentation -Wduplicated-cond -Wduplicated-branches
                           -Wlogical-op>
  $<$<BOOL:${ARIADNE_WERROR}>:-Werror>)

# Sanitizers are switched on by the asan preset through this INTERFACE target too.
option(ARIADNE_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
add_library(ariadne_sanitizers INTERFACE)
if(ARIADNE_SANITIZE)
  target_compile_options(ariadne_sanitizers INTERFACE
    -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(ariadne_sanitizers INTERFACE -fsanitize=address,undefined)
endif()

# The fuzz preset: every target instrumented for libFuzzer's coverage and
# checked by the sanitizers; the fuzz executables link libFuzzer itself.
if(ARIADNE_LIBFUZZER)
  target_compile_options(ariadne_sanitizers INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
    -fno-sanitize-recover=all)
  target_link_options(ariadne_sanitizers INTERFACE -fsanitize=address,undefined)
endif()

add_library(ariadne_options INTERFACE)
target_link_libraries(ariadne_options INTERFACE ariadne_warnings ariadne_sanitizers)
