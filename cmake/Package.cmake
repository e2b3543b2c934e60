# What `cmake --install` puts where, and the Debian package built from it.
#
#   tools/package [BUILD_DIR]         builds BUILD_DIR/package/ssh-tune_VERSION_ARCH.deb
#   cmake --build build --target package   the same through CMake's own target
#
# The package installs under /usr: the binary and its ssh-tune-ssh link, the man
# pages (gzip'd, as Debian wants), rules and templates under /usr/share/ssh-tune
# (where base/data_path.cpp finds them next to the binary), the bash and zsh
# completions, and README.md, NEWS.md and the copyright file in CMAKE_INSTALL_DOCDIR
# (copyright, in DEP-5 format, is where Debian looks for the licence); the man pages are
# the user's whole reference. Depends come from dpkg-shlibdeps over the binary (libssh,
# OpenSSL, Boost.Program_options, zstd, lz4, zlib, libstdc++), plus openssh-client, whose
# ssh ssh-tune runs.

# Man pages, compressed the way Debian does (-n: no name or time stamp inside).
foreach(page ssh-tune.1 ssh-tune-rules.5)
  add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/man/${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/man
    COMMAND gzip -9n -c ${PROJECT_SOURCE_DIR}/man/${page} > ${PROJECT_BINARY_DIR}/man/${page}.gz
    DEPENDS ${PROJECT_SOURCE_DIR}/man/${page} VERBATIM)
  list(APPEND sshtune_man_pages ${PROJECT_BINARY_DIR}/man/${page}.gz)
endforeach()
add_custom_target(man_pages ALL DEPENDS ${sshtune_man_pages})
install(FILES ${PROJECT_BINARY_DIR}/man/ssh-tune.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_BINARY_DIR}/man/ssh-tune-rules.5.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man5)

install(DIRECTORY rules/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ssh-tune/rules FILES_MATCHING PATTERN "*.toml")
install(DIRECTORY templates/ DESTINATION ${CMAKE_INSTALL_DATADIR}/ssh-tune/templates FILES_MATCHING PATTERN "*.tmpl")

# Completions where bash-completion and zsh look for them; ssh-tune-ssh loads the same file.
install(FILES completions/ssh-tune.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME ssh-tune)
install(CODE "file(CREATE_LINK ssh-tune \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_DATADIR}/bash-completion/completions/ssh-tune-ssh\" SYMBOLIC)")
install(FILES completions/_ssh-tune DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

install(FILES README.md NEWS.md packaging/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ssh-tune)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "ssh-tune maintainers <maintainers@users.noreply.a-seed-962a2372.example>")
# packaging/description.txt: the summary line, then the long description.
file(STRINGS ${PROJECT_SOURCE_DIR}/packaging/description.txt sshtune_description)
list(POP_FRONT sshtune_description CPACK_PACKAGE_DESCRIPTION_SUMMARY)
list(JOIN sshtune_description "\n" CPACK_DEBIAN_PACKAGE_DESCRIPTION)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION net)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "openssh-client")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion, rsync")
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/package)
include(CPack)
