#include "tests/support/sshd_fixture.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

namespace sshtune::testing {
namespace {

constexpr const char* k_ssh_keygen = "/usr/bin/ssh-keygen";
constexpr const char* k_privsep_dir = "/run/sshd";

Error fixture_error(const std::string& what) { return Error{ErrorKind::io, "sshd fixture: " + what}; }

// Runs argv[0] with stdout/stderr to /dev/null and returns its exit status (-1 if it could not run).
int run_quietly(const std::vector<std::string>& argv) {
  const pid_t pid = fork();
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_RDWR);
    dup2(null_fd, 0);
    dup2(null_fd, 1);
    dup2(null_fd, 2);
    std::vector<char*> args;
    for (const auto& arg : argv) {
      args.push_back(const_cast<char*>(arg.c_str()));
    }
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) {
    return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

Result<void> make_key(const std::filesystem::path& path, const std::string& comment) {
  if (run_quietly({k_ssh_keygen, "-q", "-t", "ed25519", "-N", "", "-C", comment, "-f", path.string()}) != 0) {
    return fixture_error("ssh-keygen failed for " + path.string());
  }
  return ok();
}

// Asks the kernel for a free loopback port. Another process may take it before sshd binds;
// start() retries in that case.
Result<std::uint16_t> free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  const bool bound = fd >= 0 && bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                     getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0;
  if (fd >= 0) {
    close(fd);
  }
  if (!bound) {
    return fixture_error("no free loopback port");
  }
  return static_cast<std::uint16_t>(ntohs(address.sin_port));
}

// Whether a socket listens on 127.0.0.1:port, read from /proc/net/tcp rather than by connecting: a
// connection closed before authenticating costs the address a penalty with OpenSSH >= 9.8's sshd.
bool listening_on(std::uint16_t port) {
  char local[32];
  std::snprintf(local, sizeof local, "0100007F:%04X", port);
  std::istringstream table(read_file("/proc/net/tcp"));
  for (std::string line; std::getline(table, line);) {
    std::istringstream fields(line);
    std::string slot, address, remote, state;
    if (fields >> slot >> address >> remote >> state && address == local && state == "0A") return true;
  }
  return false;
}

// Parent pid of every process, read from /proc/PID/stat (the field after the command name).
std::multimap<pid_t, pid_t> children_by_parent() {
  std::multimap<pid_t, pid_t> children;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ignored)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) {
      continue;
    }
    const std::string stat = read_file(entry.path() / "stat");
    const auto close_paren = stat.rfind(')');
    if (close_paren == std::string::npos) {
      continue;
    }
    std::istringstream fields(stat.substr(close_paren + 1));
    std::string state;
    pid_t parent = 0;
    fields >> state >> parent;
    children.emplace(parent, static_cast<pid_t>(std::stol(name)));
  }
  return children;
}

// `root` and all its descendants, parents first.
std::vector<pid_t> process_tree(pid_t root) {
  const auto children = children_by_parent();
  std::vector<pid_t> tree{root};
  for (std::size_t i = 0; i < tree.size(); ++i) {
    const auto [begin, end] = children.equal_range(tree[i]);
    for (auto it = begin; it != end; ++it) {
      tree.push_back(it->second);
    }
  }
  return tree;
}

// What sshd_config says besides the listener and the keys: a release's own helpers and the limits.
struct ConfigChoices {
  const OpensshRelease& release;
  SshdLimits limits;
};

std::string sshd_config_text(const std::filesystem::path& dir, std::uint16_t port,
                             const std::vector<std::string>& extra_config, const ConfigChoices& choices) {
  std::ostringstream text;
  for (const auto& line : extra_config) {
    text << line << "\n";
  }
  if (!choices.release.sshd_session.empty())
    text << "SshdSessionPath " << choices.release.sshd_session.string() << "\n";
  if (!choices.release.sshd_auth.empty()) text << "SshdAuthPath " << choices.release.sshd_auth.string() << "\n";
  if (choices.limits == SshdLimits::relaxed) text << "MaxStartups 100\n";
  text << "SetEnv HOME=" << (dir / "remote-home").string() << "\n";  // see SshdFixture: a plain remote shell
  text << "Port " << port << "\nListenAddress 127.0.0.1\n"
       << "HostKey " << (dir / "ssh_host_ed25519_key").string() << "\n"
       << "AuthorizedKeysFile " << (dir / "authorized_keys").string() << "\n"
       << "PidFile none\nUsePAM no\nStrictModes no\nPermitRootLogin yes\nUseDNS no\n"
       << "PubkeyAuthentication yes\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
       << "PrintMotd no\nX11Forwarding no\nLoginGraceTime 30\n"
       << "Subsystem sftp internal-sftp\n";
  return text.str();
}

std::string client_config_text(const SshdFixture& sshd) {
  std::ostringstream text;
  text << "Host " << SshdFixture::host_alias() << "\n  HostName " << sshd.host() << "\n  Port " << sshd.port()
       << "\n  User " << sshd.user() << "\n  IdentityFile " << sshd.client_key().string()
       << "\n  IdentitiesOnly yes\n  UserKnownHostsFile " << sshd.known_hosts().string()
       << "\n  GlobalKnownHostsFile /dev/null\n  StrictHostKeyChecking yes\n  BatchMode yes\n"
       << "  PasswordAuthentication no\n  LogLevel ERROR\n";
  return text.str();
}

}  // namespace

std::optional<std::string> SshdFixture::unavailable_reason(const OpensshRelease& release) {
  if (release.name != system_openssh().name && !openssh_10()) {
    return openssh_10_unavailable_reason();
  }
  if (access(release.sshd.c_str(), X_OK) != 0) {
    return release.sshd.string() + " is not installed (package openssh-server)";
  }
  if (access(k_ssh_keygen, X_OK) != 0) {
    return std::string(k_ssh_keygen) + " is not installed (package openssh-client)";
  }
  if (!std::filesystem::is_directory(k_privsep_dir) && mkdir(k_privsep_dir, 0755) != 0) {
    return std::string("sshd needs ") + k_privsep_dir + " and it cannot be created";
  }
  if (getpwuid(getuid()) == nullptr) {
    return "the current user has no passwd entry";
  }
  return std::nullopt;
}

Result<std::unique_ptr<SshdFixture>> SshdFixture::start(const std::vector<std::string>& extra_config) {
  return start(system_openssh(), extra_config);
}

Result<std::unique_ptr<SshdFixture>> SshdFixture::start(const OpensshRelease& release,
                                                        const std::vector<std::string>& extra_config,
                                                        SshdLimits limits) {
  if (auto reason = unavailable_reason(release)) {
    return fixture_error(*reason);
  }
  Error last = fixture_error("not started");
  for (int attempt = 0; attempt < 3; ++attempt) {
    std::unique_ptr<SshdFixture> sshd(new SshdFixture());
    sshd->m_release = release;
    sshd->m_limits = limits;
    sshd->m_user = getpwuid(getuid())->pw_name;
    SSHTUNE_TRY(port, free_port());
    sshd->m_port = port;
    SSHTUNE_TRYV(sshd->write_files(extra_config));
    SSHTUNE_TRYV(sshd->launch());
    auto listening = sshd->wait_until_listening();
    if (listening) {
      return sshd;
    }
    last = listening.error();
  }
  return last;
}

Result<void> SshdFixture::write_files(const std::vector<std::string>& extra_config) {
  SSHTUNE_TRYV(make_key(dir() / "ssh_host_ed25519_key", "sshtune-test-host"));
  SSHTUNE_TRYV(make_key(client_key(), "sshtune-test-client"));
  m_dir.write("authorized_keys", read_file(client_key().string() + ".pub"));
  const std::string host_key = read_file(host_public_key());
  m_dir.write("known_hosts", "[" + m_host + "]:" + std::to_string(m_port) + " " + host_key);
  std::filesystem::create_directories(dir() / "remote-home");
  m_dir.write("sshd_config", sshd_config_text(dir(), m_port, extra_config, {m_release, m_limits}));
  m_dir.write("ssh_config", client_config_text(*this));
  return ok();
}

Result<void> SshdFixture::launch() {
  const std::string log_path = (dir() / "sshd.log").string();
  const std::string config_path = (dir() / "sshd_config").string();
  const std::string sshd = m_release.sshd.string();
  m_pid = fork();
  if (m_pid == 0) {
    const int log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    const int null_fd = open("/dev/null", O_RDONLY);
    dup2(null_fd, 0);
    dup2(log_fd, 1);
    dup2(log_fd, 2);
    // sshd re-executes itself and therefore needs its absolute path.
    execl(sshd.c_str(), sshd.c_str(), "-D", "-e", "-f", config_path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  if (m_pid < 0) {
    return fixture_error("fork failed");
  }
  return ok();
}

Result<void> SshdFixture::wait_until_listening() {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
      m_pid = -1;
      return fixture_error("sshd exited at start: " + log());
    }
    if (listening_on(m_port)) {
      return ok();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  stop();
  return fixture_error("sshd did not listen on port " + std::to_string(m_port) + " within 10 s: " + log());
}

std::string SshdFixture::log() const { return read_file(dir() / "sshd.log"); }

void SshdFixture::stop() {
  if (m_pid <= 0) {
    return;
  }
  const auto tree = process_tree(m_pid);
  for (const pid_t pid : tree) {
    kill(pid, SIGTERM);
  }
  for (int i = 0; i < 200; ++i) {
    if (waitpid(m_pid, nullptr, WNOHANG) == m_pid) {
      m_pid = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  kill_all();
}

void SshdFixture::kill_all() {
  if (m_pid <= 0) {
    return;
  }
  for (const pid_t pid : process_tree(m_pid)) {
    kill(pid, SIGKILL);
  }
  waitpid(m_pid, nullptr, 0);
  m_pid = -1;
}

SshdFixture::~SshdFixture() { stop(); }

}  // namespace sshtune::testing
