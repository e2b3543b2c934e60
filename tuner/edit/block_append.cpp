#include "tuner/edit/block_append.hpp"

#include "tuner/edit/host_settings.hpp"
#include "tuner/sshconfig/names.hpp"
#include "tuner/sshconfig/tokenizer.hpp"

namespace sshtune::edit {
namespace {

Result<void> check_directive(const std::string& directive) {
  if (directive.empty() || directive.find_first_of("\"'\\#\r\n") != std::string::npos) {
    return Error{ErrorKind::invalid_input, "'" + directive + "' is not a plain ssh_config directive"};
  }
  return ok();
}

std::string line_end_of(const sshconfig::ConfigFile& file) {
  return !file.lines.empty() && file.lines.front().eol == "\r\n" ? "\r\n" : "\n";
}

void add_line(sshconfig::ConfigFile& file, std::string text, const std::string& eol) {
  sshconfig::ConfigLine line;
  line.text = std::move(text);
  line.eol = eol;
  line.number = file.lines.size() + 1;
  sshconfig::tokenize_line(line);
  file.lines.push_back(std::move(line));
}

}  // namespace

Result<std::size_t> append_host_block(sshconfig::ConfigFile& file, const std::string& host,
                                      const std::vector<std::string>& directives) {
  SSHTUNE_TRYV(sshconfig::check_host_alias(host));
  for (const std::string& directive : directives) {
    SSHTUNE_TRYV(check_directive(directive));
  }
  const std::string eol = line_end_of(file);
  const bool empty_file = file.lines.size() == 1 && file.lines[0].text.empty() && file.lines[0].eol.empty();
  if (empty_file) file.lines.clear();
  if (!file.lines.empty() && file.lines.back().eol.empty()) file.lines.back().eol = eol;
  if (!file.lines.empty() && file.lines.back().kind != sshconfig::LineKind::blank) add_line(file, "", eol);
  add_line(file, "Host " + host, eol);
  const std::size_t header = file.lines.size();
  for (const std::string& directive : directives) add_line(file, "    " + directive, eol);
  return header;
}

}  // namespace sshtune::edit
