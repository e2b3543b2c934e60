#pragma once
// The one escaping of values put into text that a program reads back: a shell
// (the printed rsync/scp/sftp/ssh lines, a ProxyCommand ssh-tune builds) or ssh
// reading ssh_config (the ssh_config snippet). Every template field goes through
// escape_field for its template's target, so a value becomes exactly one word or
// token however it is spelled; values are also validated where they enter
// ssh-tune (tuner/sshconfig/names.hpp, the cache checks), this is the second wall.

#include <string>
#include <string_view>

namespace sshtune::templates {

// What reads the rendered text.
enum class Target {
  ssh_config,  // ssh parsing ssh_config (argv_split: quotes, backslash escapes, '#' comments)
  shell,       // a POSIX shell (sh, bash, zsh, dash) reading a command line
};

// What a field is in its template.
enum class FieldRole {
  argument,  // a word of a command or a keyword's argument: a host, a cipher list, a flag
  text,      // free text inside a comment: a date, a banner, a path
};

// `value` as one POSIX shell word with the same bytes: unchanged when it is only
// [A-Za-z0-9_@%+=:,./-] (and not empty), else in single quotes with each ' as '\''.
std::string shell_word(std::string_view value);

// `value` as one ssh_config argument with the same bytes: unchanged when it is
// printable ASCII without space, quotes, '\' or '#' (and not empty), else in
// double quotes with " and \ escaped by a backslash.
std::string ssh_config_token(std::string_view value);

// A field value as rendered: control characters and non-ASCII bytes escaped so
// none reaches a terminal or starts a new line (base/message.hpp), then an
// argument as a shell word (shell target) or an ssh_config token, and text (which
// only comments hold, in both targets) as it is.
// An empty value stays empty, so {{#name}} sections still test for emptiness.
std::string escape_field(std::string_view value, FieldRole role, Target target);

}  // namespace sshtune::templates
