#pragma once
// OpenSSH 9.2's line tokenisers, reproduced byte for byte: strdelim() (keyword
// extraction and the Match re-split) and argv_split() (ordinary arguments).

#include "base/openssh_version.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::sshconfig {

// A cursor over a line for strdelim(); `pos` == npos plays the role of ssh's NULL pointer.
struct DelimCursor {
  std::string text;
  std::size_t pos = 0;
};

// misc.c strdelim(): the next token (only '"' quotes; splits on blanks and one '=').
// nullopt when the cursor is exhausted (NULL) or a quote is unmatched. Without
// `split_equals`, strdelimw(): '=' is part of a token.
std::optional<std::string> strdelim(DelimCursor& cursor, bool split_equals = true);

// The length of `line` after ssh's trailing-whitespace strip (" \t\r\n\f"; never below 1 char).
std::size_t stripped_length(std::string_view line);

// Result of argv_split(s, terminate_on_comment=1): tokens with raw offsets relative
// to `s`, or failure on an unclosed quote ("invalid quotes").
struct SplitResult {
  std::vector<Token> tokens;
  bool ok = true;
};

// misc.c argv_split(): '"' and '\'' quote (also mid-token); escapes \" \' \\ and,
// outside quotes, "\ "; a token starting with '#' ends the line.
SplitResult argv_split(std::string_view s);

// Fills the tokenised fields of `line` from line.text (kind, keyword, rest, args).
void tokenize_line(ConfigLine& line);

// The line as `release` reads its arguments: from 8.5 on `line` itself (argv_split);
// before 8.5, when ssh split them with strdelim() (only '"' quotes, no escapes, '='
// splits but for SetEnv's strdelimw(), a '#' after a value is one more argument,
// not a comment, and an empty argument ends the list), a copy kept in `copy` with
// args split that way.
const ConfigLine& as_read(const ConfigLine& line, const OpensshVersion& release, std::optional<ConfigLine>& copy);

}  // namespace sshtune::sshconfig
