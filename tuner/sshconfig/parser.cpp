#include "tuner/sshconfig/parser.hpp"
#include "base/message.hpp"
#include "base/read_file.hpp"

#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/line_rules.hpp"
#include "tuner/sshconfig/tokenizer.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace sshtune::sshconfig {

std::string Diagnostic::to_string() const {
  // The message quotes the line's bytes (a keyword, a value): escaped and bounded, as ssh prints them.
  return escape_bytes(path) + ":" + std::to_string(line) + ": " + escape_within(message, k_max_quoted_input + 64);
}

ConfigFile parse(std::string_view text, std::string path) {
  ConfigFile file;
  file.path = std::move(path);
  file.lines.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t newline = text.find('\n', start);
    ConfigLine line;
    line.number = file.lines.size() + 1;
    if (newline == std::string_view::npos) {
      line.text = std::string(text.substr(start));
      start = text.size();
    } else {
      const bool crlf = newline > start && text[newline - 1] == '\r';
      line.text = std::string(text.substr(start, newline - start - (crlf ? 1 : 0)));
      line.eol = crlf ? "\r\n" : "\n";
      start = newline + 1;
    }
    tokenize_line(line);
    file.lines.push_back(std::move(line));
  }
  return file;
}

std::string print(const ConfigFile& file) {
  std::string out;
  for (const ConfigLine& line : file.lines) {
    out += line.text;
    out += line.eol;
  }
  return out;
}

std::vector<Block> blocks(const ConfigFile& file) {
  std::vector<Block> out{Block{std::nullopt, 0, 0}};
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    const std::string& keyword = file.lines[i].keyword_lower;
    if (keyword == "host" || keyword == "match") {
      out.push_back(Block{i, i, i});
    }
    out.back().last = i + 1;
  }
  return out;
}

std::vector<Diagnostic> check(const ConfigFile& file, const ClientCapabilities& client, const CheckOptions& options) {
  std::vector<Diagnostic> diagnostics;
  std::string ignore_unknown = options.ignore_unknown;
  for (const ConfigLine& line : file.lines) {
    const LineCheck result = check_line(line, client, ignore_unknown, options.user_config);
    if (result.error) {
      diagnostics.push_back(Diagnostic{file.path, line.number, *result.error});
    } else if (ignore_unknown.empty() && line.keyword_lower == "ignoreunknown" && !line.args.empty()) {
      ignore_unknown = line.args[0].value;
    }
  }
  return diagnostics;
}

Error diagnostics_error(const std::vector<Diagnostic>& diagnostics) {
  std::string message = diagnostics.empty() ? "invalid configuration" : diagnostics.front().to_string();
  if (diagnostics.size() > 1) {
    message += " (+" + std::to_string(diagnostics.size() - 1) + " more)";
  }
  return Error{ErrorKind::invalid_input, message};
}

Result<ConfigFile> parse_checked(std::string_view text, std::string path, const ClientCapabilities& client,
                                 const CheckOptions& options) {
  ConfigFile file = parse(text, std::move(path));
  const std::vector<Diagnostic> diagnostics = check(file, client, options);
  if (!diagnostics.empty()) {
    return diagnostics_error(diagnostics);
  }
  return file;
}

Result<ConfigFile> load_config(const std::filesystem::path& path, const ClientCapabilities& client,
                               const CheckOptions& options) {
  SSHTUNE_TRY(text, read_file(path));
  return parse_checked(text, path.string(), client, options);
}

}  // namespace sshtune::sshconfig
