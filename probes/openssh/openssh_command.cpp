// The remote side of an OpenSSH trial and what it prints.
#include "probes/openssh/openssh_command.hpp"

#include "base/strings.hpp"

#include <charconv>
#include <optional>

namespace sshtune::probes {
namespace {

// A decimal "seconds.fraction" clock reading.
std::optional<double> parse_decimal(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string quoted_count(std::uint64_t bytes) { return std::to_string(bytes); }

}  // namespace

std::uint64_t upload_warm_up(const TrialSpec& spec) {
  return spec.warm_up_bytes + (upload_timed_here(spec) ? k_held_read_ahead : 0);  // a held memory file's read-ahead
}

std::string openssh_remote_command(const TrialSpec& spec) {
  const std::string marker = "printf " + std::string(k_start_marker) + "; ";
  if (spec.kind == TrialKind::download) {
    // A pipe and && rather than $(...): csh-family and older fish login shells run this too.
    return marker + "head -c 1 | grep -q " + std::string(k_download_go) + " && exec head -c " +
           quoted_count(spec.warm_up_bytes + spec.byte_cap) + " /dev/zero";
  }
  if (upload_timed_here(spec)) return marker + "exec wc -c";
  return marker + "head -c " + quoted_count(upload_warm_up(spec)) +
         " >/dev/null && date +%s.%N && wc -c && date +%s.%N";
}

std::vector<std::string> openssh_command_argv(const OpensshTarget& target, const std::vector<std::string>& extra,
                                              const std::string& command) {
  std::vector<std::string> argv{target.program};
  argv.insert(argv.end(), target.options.begin(), target.options.end());
  argv.insert(argv.end(), target.session_options.begin(), target.session_options.end());
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.insert(argv.end(), {"--", target.destination, command});
  return argv;
}

std::vector<std::string> openssh_trial_argv(const OpensshTarget& target, const TrialSpec& spec) {
  std::vector<std::string> extra{"-o", std::string("Compression=") + (spec.compression ? "yes" : "no")};
  if (!spec.cipher.empty()) extra.insert(extra.end(), {"-c", spec.cipher});
  return openssh_command_argv(target, extra, openssh_remote_command(spec));
}

std::optional<ServerInterval> server_interval(std::string_view output) {
  std::vector<double> values;
  for (std::size_t start = 0; start < output.size();) {
    const std::size_t end = std::min(output.find('\n', start), output.size());
    if (end > start) {
      const auto value = parse_decimal(trim(output.substr(start, end - start)));
      if (!value) return std::nullopt;
      values.push_back(*value);
    }
    start = end + 1;
  }
  if (values.size() != 3 || values[2] <= values[0] || values[1] < 0) return std::nullopt;
  return ServerInterval{static_cast<std::uint64_t>(values[1]), values[2] - values[0], values[0]};
}

std::optional<std::uint64_t> server_count(std::string_view output) {
  const std::string_view count = trim(output);
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), value);
  if (count.empty() || error != std::errc() || end != count.data() + count.size()) return std::nullopt;
  return value;
}

}  // namespace sshtune::probes
