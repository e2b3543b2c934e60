#include "tuner/edit/ssh_client.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>

namespace sshtune::edit {

Result<SshVersion> parse_ssh_version(const std::string& banner) {
  SshVersion version;
  if (std::sscanf(banner.c_str(), "OpenSSH_%d.%d", &version.major, &version.minor) != 2) {
    return Error{ErrorKind::unsupported,
                 "ssh -V: not an OpenSSH client ('" + banner.substr(0, banner.find('\n')) + "')"};
  }
  return version;
}

std::string dump_value(const std::string& dump, const std::string& keyword) {
  std::istringstream lines(dump);
  const std::string prefix = keyword + " ";
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with(prefix)) {
      return line.substr(prefix.size());
    }
  }
  return {};
}

std::vector<std::string> as_config_owner(const std::filesystem::path& config, std::vector<std::string> argv) {
  struct stat st {};
  if (::geteuid() != 0 || ::stat(config.c_str(), &st) != 0 || st.st_uid == 0) return argv;
  std::vector<std::string> command{"setpriv", "--reuid=" + std::to_string(st.st_uid),
                                   "--regid=" + std::to_string(st.st_gid), "--clear-groups"};
  command.insert(command.end(), argv.begin(), argv.end());
  return command;
}

Result<ProcessResult> RealSshClient::dump_config(const std::filesystem::path& config, const std::string& host) {
  return run_process(as_config_owner(config, {m_program, "-G", "-F", config.string(), "--", host}));
}

}  // namespace sshtune::edit
