# Project-wide compile settings and the helper that declares one library per folder.

add_library(sshtune_settings INTERFACE)
target_compile_options(sshtune_settings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor)
if(SSHTUNE_WERROR)
  target_compile_options(sshtune_settings INTERFACE -Werror)
endif()
target_include_directories(sshtune_settings INTERFACE ${PROJECT_SOURCE_DIR})
target_compile_definitions(sshtune_settings INTERFACE
  SSHTUNE_VERSION="${PROJECT_VERSION}"
  SSHTUNE_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
  SSHTUNE_DATA_DIR="${CMAKE_INSTALL_FULL_DATADIR}/ssh-tune")

if(SSHTUNE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

# sshtune_library(NAME DIR [DEPS...]): a static library of every *.cpp directly
# in DIR except main.cpp. Globbing keeps folders independent of each other.
function(sshtune_library name dir)
  file(GLOB sources CONFIGURE_DEPENDS ${dir}/*.cpp)
  list(FILTER sources EXCLUDE REGEX "/main\\.cpp$")
  if(sources)
    add_library(${name} STATIC ${sources})
    target_link_libraries(${name} PUBLIC sshtune_settings ${ARGN})
  else()
    # A folder with headers only (or nothing yet) still takes part in the graph.
    add_library(${name} INTERFACE)
    target_link_libraries(${name} INTERFACE sshtune_settings ${ARGN})
  endif()
endfunction()
