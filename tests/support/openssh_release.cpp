#include "tests/support/openssh_release.hpp"

#include "base/read_file.hpp"

#include <unistd.h>

namespace sshtune::testing {
namespace {

// Set by tests/CMakeLists.txt: the build tree's folder tools/fetch-openssh fills.
const std::filesystem::path k_openssh_10_dir = SSHTUNE_OPENSSH10_DIR;

// Set by tests/CMakeLists.txt: the build tree's folders are this prefix and the release's name.
const std::string k_openssh_dir_prefix = SSHTUNE_OPENSSH_DIR_PREFIX;

// The reason DIR/UNAVAILABLE holds, without its final newlines ("" when there is none).
std::string written_reason(const std::filesystem::path& dir) {
  const auto reason = read_file(dir / "UNAVAILABLE");
  if (!reason) return "";
  std::string text = reason.value();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

bool executable(const std::filesystem::path& path) { return access(path.c_str(), X_OK) == 0; }

}  // namespace

OpensshRelease system_openssh() {
  return {"system", {}, "/usr/bin/ssh", "/usr/sbin/sshd", {}, {}, "/usr/lib/openssh/sftp-server"};
}

std::optional<OpensshRelease> openssh_10() {
  const std::filesystem::path& dir = k_openssh_10_dir;
  OpensshRelease release{"10.0",
                         dir,
                         dir / "usr/bin/ssh",
                         dir / "usr/sbin/sshd",
                         dir / "usr/lib/openssh/sshd-session",
                         dir / "usr/lib/openssh/sshd-auth",
                         dir / "usr/lib/openssh/sftp-server"};
  for (const auto& program : {release.ssh, release.sshd, release.sshd_session, release.sshd_auth}) {
    if (!executable(program)) return std::nullopt;
  }
  return release;
}

std::string openssh_10_unavailable_reason() {
  const std::string reason = written_reason(k_openssh_10_dir);
  if (!reason.empty()) return "OpenSSH 10.0 unavailable: " + reason;
  return "OpenSSH 10.0 is not unpacked in " + k_openssh_10_dir.string() + " (run tools/fetch-openssh)";
}

std::optional<OpensshRelease> openssh_client(const std::string& name) {
  const std::filesystem::path dir = k_openssh_dir_prefix + name;
  if (!executable(dir / "ssh")) return std::nullopt;
  return OpensshRelease{name, dir, dir / "ssh", {}, {}, {}, {}};
}

std::string openssh_client_unavailable_reason(const std::string& name) {
  const std::filesystem::path dir = k_openssh_dir_prefix + name;
  const std::string reason = written_reason(dir);
  if (!reason.empty()) return "OpenSSH " + name + " unavailable: " + reason;
  return "OpenSSH " + name + " is not unpacked in " + dir.string() + " (run tools/fetch-openssh --release " + name +
         ")";
}

std::vector<OpensshRelease> available_openssh_releases() {
  std::vector<OpensshRelease> releases{system_openssh()};
  if (auto ten = openssh_10()) releases.push_back(*ten);
  return releases;
}

}  // namespace sshtune::testing
