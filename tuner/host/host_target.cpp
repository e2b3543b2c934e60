#include "tuner/host/host_target.hpp"
#include "base/paths.hpp"
#include "base/strings.hpp"
#include "templates/escape.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <iterator>
#include <sstream>

namespace sshtune::host {
namespace {

// ~ and %d in the paths the probes open are the home ssh-tune reads under (base/paths.hpp),
// so a HOME pointed elsewhere (as tests do) finds its own keys and known_hosts.
std::string home_directory() { return home_dir().string(); }

// Expands ssh's path tokens the way ssh does for IdentityFile and friends.
std::string expand_tokens(const std::string& text, const probes::RemoteTarget& target) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    switch (text[++i]) {
      case 'd': out += home_directory(); break;
      case 'u': out += local_user_name(); break;
      case 'h': out += target.hostname; break;
      case 'r': out += target.user; break;
      case 'p': out += std::to_string(target.port); break;
      case '%': out += '%'; break;
      default: out += '%', out += text[i]; break;
    }
  }
  if (out.starts_with("~/") || out == "~") {
    out = home_directory() + out.substr(1);
  }
  return out;
}

Result<std::uint16_t> parse_port(const std::string& text, const std::string& host) {
  char* end = nullptr;
  const long port = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || port < 1 || port > 65535) {
    return Error{ErrorKind::usage, host + ": bad port '" + text + "'"};
  }
  return static_cast<std::uint16_t>(port);
}

// `ssh -W` through the ProxyJump hops, as ssh builds it: the last hop runs -W to
// the target, earlier hops are its own -J. Every value is one shell word (the
// command runs under sh -c) and `--` ends the options before the last hop.
std::string jump_command(const std::string& hops, const probes::RemoteTarget& target,
                         const TargetOverrides& overrides) {
  const auto comma = hops.rfind(',');
  std::string command = "ssh -o BatchMode=yes";
  if (overrides.config_file) command += " -F " + templates::shell_word(*overrides.config_file);
  if (comma != std::string::npos) command += " -J " + templates::shell_word(hops.substr(0, comma));
  std::string last = hops.substr(comma == std::string::npos ? 0 : comma + 1);
  if (last.find(':') != std::string::npos && !last.starts_with("ssh://")) {
    last = "ssh://" + last;  // ProxyJump's [user@]host:port is ssh's URI form on a command line
  }
  const std::string forward = "[" + target.hostname + "]:" + std::to_string(target.port);
  return command + " -W " + templates::shell_word(forward) + " -- " + templates::shell_word(last);
}

std::string proxy_command(const sshconfig::Evaluation& evaluation, const probes::RemoteTarget& target,
                          const TargetOverrides& overrides) {
  if (auto command = evaluation.value("proxycommand"); command && *command != "none") {
    return expand_tokens(*command, target);
  }
  auto jump = evaluation.value("proxyjump");
  if (!jump || *jump == "none") {
    return "";
  }
  return jump_command(*jump, target, overrides);
}

void add_paths(std::vector<std::filesystem::path>& paths, const std::vector<std::string>& values,
               const probes::RemoteTarget& target) {
  for (const auto& value : values) {
    for (const auto& word : split_words(value)) {
      if (word != "none") {
        paths.emplace_back(expand_tokens(word, target));
      }
    }
  }
}

}  // namespace

sshconfig::EvalRequest eval_request(const std::string& host, const TargetOverrides& overrides) {
  sshconfig::EvalRequest request;
  request.host = host;
  request.user = overrides.user;
  request.port = overrides.port;
  if (overrides.config_file) {
    request.config_file = *overrides.config_file;
  }
  if (overrides.identity_file) {
    request.options.push_back("IdentityFile=" + *overrides.identity_file);
  }
  return request;
}

Result<probes::RemoteTarget> resolve_target(const sshconfig::Evaluation& evaluation, const TargetOverrides& overrides) {
  probes::RemoteTarget target;
  target.hostname = evaluation.value("hostname").value_or(evaluation.host);
  SSHTUNE_TRY(port, parse_port(evaluation.value("port").value_or("22"), evaluation.host));
  target.port = port;
  target.user = evaluation.value("user").value_or(local_user_name());
  add_paths(target.identity_files, evaluation.values("identityfile"), target);
  add_paths(target.known_hosts_files, evaluation.values("userknownhostsfile"), target);
  add_paths(target.known_hosts_files, evaluation.values("globalknownhostsfile"), target);
  if (auto timeout = evaluation.value("connecttimeout"); timeout && *timeout != "none") {
    target.timeout = std::chrono::seconds(std::max(1L, std::strtol(timeout->c_str(), nullptr, 10)));
  }
  target.proxy_command = proxy_command(evaluation, target, overrides);
  target.accept_new = overrides.accept_new;
  return target;
}

}  // namespace sshtune::host
