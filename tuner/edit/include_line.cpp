#include "tuner/edit/include_line.hpp"

#include "tuner/sshconfig/parser.hpp"

#include <algorithm>

namespace sshtune::edit {
namespace {

// Where ssh looks for an Include argument in a user config (reference §3).
std::filesystem::path resolve_argument(const std::string& argument, const std::filesystem::path& home) {
  if (argument == "~" || argument.starts_with("~/")) {
    return (home / argument.substr(std::min<std::size_t>(argument.size(), 2))).lexically_normal();
  }
  const std::filesystem::path path(argument);
  return (path.is_absolute() ? path : home / ".ssh" / path).lexically_normal();
}

std::string file_eol(const sshconfig::ConfigFile& file) {
  const auto it = std::find_if(file.lines.begin(), file.lines.end(), [](const auto& l) { return !l.eol.empty(); });
  return it == file.lines.end() ? "\n" : it->eol;
}

}  // namespace

Result<std::string> include_directive(const std::filesystem::path& managed, const std::filesystem::path& home) {
  const auto absolute = std::filesystem::absolute(managed).lexically_normal();
  const std::string text = absolute.string();
  if (text.find_first_of(" \t\"'\\#*?[") != std::string::npos) {
    return Error{ErrorKind::invalid_input,
                 text + ": ssh-tune cannot write an Include line for a path with blanks, quotes or glob characters"};
  }
  const auto relative = absolute.lexically_relative(std::filesystem::absolute(home).lexically_normal());
  if (!home.empty() && !relative.empty() && !relative.string().starts_with("..")) {
    return "Include ~/" + relative.string();
  }
  return "Include " + text;
}

std::optional<std::size_t> find_include(const sshconfig::ConfigFile& file, const std::filesystem::path& managed,
                                        const std::filesystem::path& home) {
  const auto wanted = std::filesystem::absolute(managed).lexically_normal();
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    const auto& line = file.lines[i];
    if (line.kind == sshconfig::LineKind::directive && line.keyword_lower == "include" && line.args.size() == 1 &&
        resolve_argument(line.args.front().value, home) == wanted) {
      return i;
    }
  }
  return std::nullopt;
}

std::string with_include(const sshconfig::ConfigFile& file, const std::string& directive) {
  return directive + file_eol(file) + sshconfig::print(file);
}

std::string without_line(const sshconfig::ConfigFile& file, std::size_t index) {
  std::string text;
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    if (i != index) {
      text += file.lines[i].text + file.lines[i].eol;
    }
  }
  return text;
}

}  // namespace sshtune::edit
