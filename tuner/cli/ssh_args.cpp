#include "tuner/cli/ssh_args.hpp"

#include <algorithm>
#include <cctype>

namespace sshtune::cli {
namespace {

// ssh.c's getopt string in OpenSSH 9.2: letters followed by ':' take a value.
constexpr std::string_view k_getopt = "1246ab:c:e:fgi:kl:m:no:p:qstvxAB:CD:E:F:GI:J:KL:MNO:PQ:R:S:TVw:W:XYy";

bool takes_value(char option) {
  const auto at = k_getopt.find(option);
  return option != ':' && at != std::string_view::npos && at + 1 < k_getopt.size() && k_getopt[at + 1] == ':';
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// -F, -p, -l and -i: what a measurement of the same host needs.
void note_target_option(char option, std::string_view value, SshArgs& analysis) {
  if (option == 'F') analysis.config_file = std::string(value);
  if (option == 'p') analysis.port = std::string(value);
  if (option == 'l') analysis.user = std::string(value);
  if (option == 'i' && !analysis.identity) analysis.identity = std::string(value);
  if (option == 'J' || option == 'W') analysis.gave_route = true;
  if (option == 'G' || option == 'O' || option == 'Q' || option == 'V') analysis.no_connection = true;
}

void note_option(char option, std::string_view value, SshArgs& analysis) {
  note_target_option(option, value, analysis);
  if (option == 'c') analysis.gave_ciphers = true;
  if (option == 'C') analysis.gave_compression = true;
  if (option != 'o') return;
  const std::string keyword = option_keyword(value);
  if (keyword == "ciphers") analysis.gave_ciphers = true;
  if (keyword == "compression") analysis.gave_compression = true;
  if (keyword == "proxyjump" || keyword == "proxycommand") analysis.gave_route = true;
}

// One getopt run from `start` (BSD getopt: stops at the first non-option or
// after "--"). Returns the index of the first argument it did not consume.
std::size_t option_pass(const Args& args, std::size_t start, SshArgs& analysis) {
  std::size_t i = start;
  while (i < args.size()) {
    const std::string& word = args[i];
    if (word == "--") return i + 1;
    if (word.size() < 2 || word[0] != '-') return i;
    ++i;
    for (std::size_t j = 1; j < word.size(); ++j) {
      if (!takes_value(word[j])) {
        note_option(word[j], "", analysis);
        continue;
      }
      if (j + 1 < word.size()) {
        note_option(word[j], std::string_view(word).substr(j + 1), analysis);
      } else if (i < args.size()) {
        note_option(word[j], args[i++], analysis);
      }
      break;
    }
  }
  return i;
}

}  // namespace

std::string option_keyword(std::string_view option) {
  const auto start = option.find_first_not_of(" \t");
  if (start == std::string_view::npos) return "";
  const auto rest = option.substr(start);
  return lower(rest.substr(0, rest.find_first_of(" \t=")));
}

std::string destination_host(std::string_view destination) {
  if (!destination.starts_with("ssh://")) {
    const auto at = destination.rfind('@');
    return std::string(at == std::string_view::npos ? destination : destination.substr(at + 1));
  }
  std::string_view rest = destination.substr(6);
  rest = rest.substr(0, rest.find('/'));
  if (const auto at = rest.rfind('@'); at != std::string_view::npos) rest = rest.substr(at + 1);
  if (rest.starts_with('[')) {
    const auto close = rest.find(']');
    return std::string(rest.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1));
  }
  return std::string(rest.substr(0, rest.find(':')));
}

SshArgs analyse_ssh_args(const Args& args) {
  SshArgs analysis;
  const std::size_t stop = option_pass(args, 0, analysis);
  if (stop >= args.size()) return analysis;
  const bool terminated = stop >= 1 && args[stop - 1] == "--";
  analysis.destination_index = stop;
  analysis.destination = args[stop];
  analysis.host = destination_host(analysis.destination);
  const std::size_t command = terminated ? stop + 1 : option_pass(args, stop + 1, analysis);
  analysis.command.assign(args.begin() + static_cast<std::ptrdiff_t>(command), args.end());
  return analysis;
}

bool runs_rsync(const SshArgs& analysis) {
  if (analysis.command.empty()) return false;
  const std::string& first = analysis.command.front();
  const std::string program = first.substr(0, first.find_first_of(" \t"));
  const auto slash = program.rfind('/');
  return (slash == std::string::npos ? program : program.substr(slash + 1)) == "rsync";
}

Args tuned_ssh_args(const Args& args, const SshArgs& analysis, const SshTuning& tuning) {
  Args ours;
  if (!analysis.gave_ciphers && !tuning.ciphers.empty()) {
    ours.insert(ours.end(), {"-c", tuning.ciphers});
  }
  if (!analysis.gave_compression) {
    ours.insert(ours.end(), {"-o", std::string("Compression=") + (tuning.compression ? "yes" : "no")});
  }
  ours.insert(ours.end(), args.begin(), args.end());
  return ours;
}

}  // namespace sshtune::cli
