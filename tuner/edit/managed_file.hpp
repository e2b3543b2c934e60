#pragma once
// The managed file (e.g. ~/.ssh/ssh-tune.conf): a header, one marked block per
// host and a closing bare "Host *" line. ssh-tune owns this file and rewrites it
// whole, but keeps every block it does not touch byte for byte.

#include "base/result.hpp"
#include "tuner/edit/host_settings.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace sshtune::edit {

// One host's block, from "# ssh-tune: begin HOST (...)" to "# ssh-tune: end HOST".
struct ManagedBlock {
  std::string host;
  std::vector<std::string> lines;  // raw, without line terminators, markers included
  std::size_t first_line = 0;      // 1-based line of the begin marker in the file it was read from; 0 when new
};

// A line someone added to a block by hand (anything but the markers, the block's
// own Host line, its Ciphers and Compression lines, and blank lines), with its
// 1-based line number in the file the block was read from.
struct ForeignLine {
  std::size_t line = 0;
  std::string text;
};

// The lines of `block` that ssh-tune did not write, in order.
std::vector<ForeignLine> foreign_lines(const ManagedBlock& block);

struct ManagedFile {
  std::vector<std::string> header;  // comment lines above the first block
  std::vector<ManagedBlock> blocks;
};

// Parses a managed file; errors name "PATH:LINE". Lines outside blocks other than
// header comments, blank lines and the closing "Host *" are refused, so a rewrite
// never drops something a person added.
Result<ManagedFile> parse_managed(const std::string& text, const std::filesystem::path& path);

// The text of `file`: header, blocks separated by blank lines, then "Host *" so
// nothing after the file could be captured by the last block. Empty when there are no blocks.
std::string render_managed(const ManagedFile& file);

// A fresh managed file for blocks included from `config`. `created_config` records
// that ssh-tune created `config`, so revert can remove it again.
ManagedFile new_managed(const std::filesystem::path& config, bool created_config);

// True when the header says ssh-tune created the including config file.
bool records_created_config(const ManagedFile& file);

// The block for `settings`, writing `ciphers_value` (see ciphers_value()) and the
// time it was written, e.g. "2026-11-30T05:40Z".
ManagedBlock render_block(const HostSettings& settings, const std::string& ciphers_value,
                          const std::string& written_at);

// Puts `block` in place of the block for the same host (or appends it), keeping
// the old block's foreign lines (see foreign_lines) before its end marker, so a
// line added by hand survives every apply. Returns false, changing nothing, when
// the existing block already has the same settings.
bool put_block(ManagedFile& file, const ManagedBlock& block);

// Removes the block for `host` (false when there is none). Error (invalid_input),
// removing nothing, when the block holds a line added by hand, naming it:
// "PATH:7: 'ProxyJump bastion' was added by hand to the block for e1; move it to
// your own config, then run the command again (nothing was changed)".
Result<bool> drop_block(ManagedFile& file, const std::string& host, const std::filesystem::path& path);

}  // namespace sshtune::edit
