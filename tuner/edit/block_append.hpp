#pragma once
// Appending a Host block to a parsed ssh_config file (what `audit --fix` does when
// it moves a setting out of `Host *` into the blocks of the hosts it suits). The
// lines already there keep their bytes, except that a last line without a line
// end gets one.

#include "base/result.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace sshtune::edit {

// Appends a blank line (unless the file is empty or ends with one), "Host HOST",
// and each of `directives` indented by four spaces, with the file's line ending
// (CRLF when its first line has one). Returns the number of the new Host line.
// `host` must be one plain alias (check_host_alias); a directive must be
// "Keyword value" of plain words (no quotes, '#' or backslash). On error the file
// is unchanged.
Result<std::size_t> append_host_block(sshconfig::ConfigFile& file, const std::string& host,
                                      const std::vector<std::string>& directives);

}  // namespace sshtune::edit
