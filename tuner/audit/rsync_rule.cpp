#include "tuner/audit/rsync_rule.hpp"

#include "tuner/sshconfig/pattern.hpp"

#include <sstream>
#include <vector>

namespace sshtune::audit {
namespace {

// True for "-C", a flag group containing C ("-4C"), or "-oCompression=yes" / "-o Compression yes".
bool enables_compression(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.size() > 1 && word[0] == '-' && word[1] != '-' && word[1] != 'o' && word.find('C') != std::string::npos) {
      return true;
    }
    std::string option = word.starts_with("-o") && word.size() > 2 ? word.substr(2) : "";
    if (word == "-o" && i + 1 < words.size()) option = words[i + 1] + (i + 2 < words.size() ? " " + words[i + 2] : "");
    const std::string lower = sshconfig::ascii_lower(option);
    if (lower.starts_with("compression=yes") || lower.starts_with("compression yes")) return true;
  }
  return false;
}

}  // namespace

std::optional<Finding> audit_rsync_rsh(const std::optional<std::string>& rsync_rsh) {
  if (!rsync_rsh) return std::nullopt;
  std::istringstream stream(*rsync_rsh);
  std::vector<std::string> words;
  for (std::string word; stream >> word;) words.push_back(word);
  if (!enables_compression(words)) return std::nullopt;
  return Finding{Severity::warn,
                 RuleId::compression_rsync_stacked,
                 "",
                 0,
                 "environment RSYNC_RSH",
                 "RSYNC_RSH='" + *rsync_rsh +
                     "' turns on ssh compression for every rsync; with rsync -z the data "
                     "is compressed twice, which is slower and never smaller",
                 "drop -C / Compression=yes from RSYNC_RSH and let rsync compress (-z, --compress-choice=zstd)"};
}

std::optional<Finding> audit_rsync_stacking(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts) {
  if (evaluation.value("compression") != "yes" || facts.rsync_compress.value_or("").empty()) return std::nullopt;
  if (facts.compression_pays.value_or(false)) return std::nullopt;  // the advice for ssh itself
  const sshconfig::Origin origin = evaluation.origin("compression");
  return Finding{
      Severity::warn,
      RuleId::compression_rsync_stacked,
      origin.file,
      origin.line,
      evaluation.host,
      "Compression yes is in effect for " + evaluation.host +
          ", whose measured recommendation is rsync's "
          "own compression (" +
          *facts.rsync_compress + "); under rsync -z the data is compressed twice",
      "set Compression no for " + evaluation.host + " and use rsync --compress-choice=" + *facts.rsync_compress};
}

}  // namespace sshtune::audit
