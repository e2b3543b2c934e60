#pragma once
// The character set ssh-tune's output may use: UTF-8 where the locale's codeset
// is UTF-8, plain ASCII everywhere else. Decides how the signs ssh-tune writes
// itself ("×", "→", bar blocks) are shown; input quoted in messages is escaped
// either way (base/message.hpp), and JSON is always UTF-8.

namespace sshtune {

enum class Charset { utf8, ascii };

// The charset of LC_CTYPE as setlocale(LC_CTYPE, "") would choose it from LC_ALL,
// else LC_CTYPE, else LANG: utf8 when that locale's codeset (nl_langinfo CODESET)
// is UTF-8. A locale that is not installed counts by its name ("xx_YY.UTF-8" is
// utf8), as OpenSSH's own fallback to C.UTF-8 does. The process's locale is left
// as it was.
Charset output_charset();

}  // namespace sshtune
