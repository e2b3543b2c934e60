#include "tuner/edit/managed_file.hpp"
#include "tuner/edit/text_lines.hpp"

#include "base/message.hpp"

#include <algorithm>
#include <cctype>

namespace sshtune::edit {
namespace {

constexpr std::string_view k_begin = "# ssh-tune: begin ";
constexpr std::string_view k_end = "# ssh-tune: end ";
constexpr std::string_view k_created = "# ssh-tune: created ";
constexpr std::string_view k_catch_all = "Host *";

// "# ssh-tune: begin HOST (written ...)" → "HOST".
std::string begin_host(const std::string& line) {
  const std::string rest = line.substr(k_begin.size());
  return rest.substr(0, rest.find(' '));
}

Error parse_error(const std::filesystem::path& path, std::size_t index, const std::string& what) {
  return Error{ErrorKind::invalid_input, path.string() + ":" + std::to_string(index + 1) + ": " + what};
}

bool is_blank(const std::string& line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
}

ManagedBlock* find_block(ManagedFile& file, const std::string& host) {
  const auto it = std::find_if(file.blocks.begin(), file.blocks.end(), [&](const auto& b) { return b.host == host; });
  return it == file.blocks.end() ? nullptr : &*it;
}

// Reads the block starting at lines[index]; advances index past its end marker.
Result<ManagedBlock> read_block(const std::vector<std::string>& lines, std::size_t& index,
                                const std::filesystem::path& path) {
  ManagedBlock block{begin_host(lines[index]), {lines[index]}, index + 1};
  const std::string end_marker = std::string(k_end) + block.host;
  const std::size_t start = index;
  for (++index; index < lines.size(); ++index) {
    if (lines[index].starts_with(k_begin)) {
      break;
    }
    block.lines.push_back(lines[index]);
    if (lines[index] == end_marker) {
      ++index;
      return block;
    }
  }
  return parse_error(path, start, "block for '" + block.host + "' has no '" + end_marker + "' line");
}

// "    Ciphers x" → "ciphers": the keyword of a config line, lower-cased.
std::string keyword_of(const std::string& line) {
  const auto start = line.find_first_not_of(" \t");
  if (start == std::string::npos) return {};
  const auto end = line.find_first_of(" \t=", start);
  std::string word = line.substr(start, end == std::string::npos ? std::string::npos : end - start);
  std::transform(word.begin(), word.end(), word.begin(), [](unsigned char c) { return std::tolower(c); });
  return word;
}

// True for the lines render_block writes between the markers (whatever their values).
bool written_by_us(const ManagedBlock& block, const std::string& line) {
  const std::string keyword = keyword_of(line);
  return is_blank(line) || line == "Host " + block.host || keyword == "ciphers" || keyword == "compression";
}

// `generated` (a freshly rendered block) with `old`'s foreign lines before its end marker.
ManagedBlock with_foreign_lines(const ManagedBlock& generated, const ManagedBlock& old) {
  ManagedBlock merged = generated;
  merged.first_line = old.first_line;
  for (const ForeignLine& line : foreign_lines(old)) {
    merged.lines.insert(merged.lines.end() - 1, line.text);
  }
  return merged;
}

}  // namespace

std::vector<ForeignLine> foreign_lines(const ManagedBlock& block) {
  std::vector<ForeignLine> found;
  for (std::size_t i = 1; i + 1 < block.lines.size(); ++i) {
    if (!written_by_us(block, block.lines[i])) found.push_back(ForeignLine{block.first_line + i, block.lines[i]});
  }
  return found;
}

Result<ManagedFile> parse_managed(const std::string& text, const std::filesystem::path& path) {
  ManagedFile file;
  const auto lines = split_lines(text);
  for (std::size_t index = 0; index < lines.size();) {
    const std::string& line = lines[index];
    if (line.starts_with(k_begin)) {
      const std::size_t start = index;
      SSHTUNE_TRY(block, read_block(lines, index, path));
      if (find_block(file, block.host) != nullptr) {
        return parse_error(path, start, "a second block for '" + block.host + "'");
      }
      file.blocks.push_back(std::move(block));
      continue;
    }
    if (line.starts_with("#") && file.blocks.empty()) {
      file.header.push_back(line);
    } else if (!is_blank(line) && line != k_catch_all) {
      return parse_error(
          path, index, "line outside the ssh-tune blocks; ssh-tune rewrites this file, so move it to your own config");
    }
    ++index;
  }
  return file;
}

std::string render_managed(const ManagedFile& file) {
  if (file.blocks.empty()) {
    return {};
  }
  std::string text;
  for (const auto& line : file.header) {
    text += line + "\n";
  }
  for (const auto& block : file.blocks) {
    text += "\n";
    for (const auto& line : block.lines) {
      text += line + "\n";
    }
  }
  return text + "\n" + std::string(k_catch_all) + "\n";
}

ManagedFile new_managed(const std::filesystem::path& config, bool created_config) {
  ManagedFile file;
  file.header = {"# Managed by ssh-tune: one block per host, included from the top of " + config.string() + ".",
                 "# Change with 'ssh-tune apply HOST ...'; remove with 'ssh-tune revert HOST' or '--all'."};
  if (created_config) {
    file.header.push_back(std::string(k_created) + config.string());
  }
  return file;
}

bool records_created_config(const ManagedFile& file) {
  return std::any_of(file.header.begin(), file.header.end(),
                     [](const std::string& line) { return line.starts_with(k_created); });
}

ManagedBlock render_block(const HostSettings& settings, const std::string& ciphers_value,
                          const std::string& written_at) {
  const std::string compression = settings.compression ? "yes" : "no";
  return ManagedBlock{settings.host,
                      {std::string(k_begin) + settings.host + " (written " + written_at +
                           "; ciphers=" + join_names(settings.ciphers) + "; compression=" + compression + ")",
                       "Host " + settings.host, "    Ciphers " + ciphers_value, "    Compression " + compression,
                       std::string(k_end) + settings.host}};
}

bool put_block(ManagedFile& file, const ManagedBlock& block) {
  ManagedBlock* existing = find_block(file, block.host);
  if (existing == nullptr) {
    file.blocks.push_back(block);
    return true;
  }
  const ManagedBlock merged = with_foreign_lines(block, *existing);
  // Same settings: keep the old block, with its original timestamp, byte for byte.
  if (std::equal(existing->lines.begin() + 1, existing->lines.end(), merged.lines.begin() + 1, merged.lines.end())) {
    return false;
  }
  *existing = merged;
  return true;
}

Result<bool> drop_block(ManagedFile& file, const std::string& host, const std::filesystem::path& path) {
  const ManagedBlock* block = find_block(file, host);
  if (block == nullptr) return false;
  const auto foreign = foreign_lines(*block);
  if (!foreign.empty()) {
    return Error{ErrorKind::invalid_input,
                 path.string() + ":" + std::to_string(foreign.front().line) + ": '" +
                     quote_input(foreign.front().text.substr(foreign.front().text.find_first_not_of(" \t"))) +
                     "' was added by hand to the block for " + host +
                     "; move it to your own config, then run the command again (nothing was changed)"};
  }
  std::erase_if(file.blocks, [&](const ManagedBlock& b) { return b.host == host; });
  return true;
}

}  // namespace sshtune::edit
