#include "probes/core/remote_tools.hpp"

#include <algorithm>
#include <sstream>

namespace sshtune::probes {
namespace {

// The words of the indented lines after the heading `title` (e.g. "Compress list:").
std::vector<std::string> section_words(std::string_view output, std::string_view title) {
  std::vector<std::string> words;
  std::istringstream lines{std::string(output)};
  std::string line;
  bool inside = false;
  while (std::getline(lines, line)) {
    if (inside && (line.empty() || (line[0] != ' ' && line[0] != '\t'))) {
      break;
    }
    if (inside) {
      std::istringstream split(line);
      for (std::string word; split >> word;) {
        words.push_back(word);
      }
    }
    inside = inside || line.starts_with(title);
  }
  return words;
}

}  // namespace

RemoteTools parse_rsync_version(std::string_view output) {
  RemoteTools tools;
  std::istringstream first_line{std::string(output.substr(0, output.find('\n')))};
  std::string rsync_word, version_word, version, protocol_word, protocol_version_word;
  int protocol = 0;
  first_line >> rsync_word >> version_word >> version >> protocol_word >> protocol_version_word >> protocol;
  if (rsync_word != "rsync" || version_word != "version" || version.empty()) {
    return tools;
  }
  tools.rsync_version = version;
  tools.rsync_protocol = protocol_word == "protocol" ? protocol : 0;
  tools.rsync_compress_choices = section_words(output, "Compress list:");
  tools.rsync_zstd = std::find(tools.rsync_compress_choices.begin(), tools.rsync_compress_choices.end(), "zstd") !=
                     tools.rsync_compress_choices.end();
  return tools;
}

RemoteTools parse_remote_tools(std::string_view output) {
  RemoteTools tools = parse_rsync_version(output);
  tools.tcp = parse_tcp_buffer_lines(output);
  return tools;
}

}  // namespace sshtune::probes
