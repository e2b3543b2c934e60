#pragma once
// Precise edits of single lines of a parsed ssh_config file (what `audit --fix`
// writes). Each edit changes only the bytes it must — a value, entries of a
// list, or the start of a line — and tokenises the line again, so edits of one
// line compose and sshconfig::print() gives every other byte as it was read.
// Lines are numbered from 1, as ssh reports them; errors name "FILE:LINE".

#include "base/result.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <string>
#include <vector>

namespace sshtune::edit {

// Replaces the arguments of the directive on line `number` — from the first
// argument's first byte to the last argument's last byte — with `value`.
// Indentation, the keyword's spelling, '=' or blanks, a trailing comment and the
// line end stay. `value` must be one plain token (no blanks, quotes, backslashes
// or '#'); an error for a line that is no directive or has no argument.
Result<void> replace_value(sshconfig::ConfigFile& file, std::size_t number, const std::string& value);

// What remove_list_entries() did.
enum class ListEdit {
  removed,      // the names are gone from the list
  would_empty,  // no name would be left: nothing was changed
};

// Removes every occurrence of each of `names` from the comma list that is the
// one argument of line `number` (Ciphers, MACs, ...). The list's '+', '-' or
// '^' prefix, the other entries in their order, and quotes around the whole
// argument stay. An error if the line has not exactly one argument or lists
// none of `names`.
Result<ListEdit> remove_list_entries(sshconfig::ConfigFile& file, std::size_t number,
                                     const std::vector<std::string>& names);

// Turns the directive on line `number` into a comment, keeping its indentation:
// "# ORIGINAL  # REASON". `reason` is one line of text.
Result<void> comment_out(sshconfig::ConfigFile& file, std::size_t number, const std::string& reason);

}  // namespace sshtune::edit
