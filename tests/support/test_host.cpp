#include "tests/support/test_host.hpp"
#include "tests/support/shell.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

namespace sshtune::testing {
namespace {

std::string script() { return std::string(SSHTUNE_SOURCE_DIR) + "/tools/test-host"; }

// The whole number in `path`, or nullopt when it is missing or not a number.
std::optional<int> number_in(const std::filesystem::path& path) {
  std::ifstream in(path);
  int value = 0;
  if (in >> value) {
    return value;
  }
  return std::nullopt;
}

// The first word in `path`, or "" when it is missing or empty.
std::string first_word(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string word;
  in >> word;
  return word;
}

}  // namespace

std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

bool process_alive(int pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("State:", 0) == 0) {
      return line.find('Z') == std::string::npos;
    }
  }
  return false;
}

int listen_on_loopback(int& port, int backlog) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(fd, backlog) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    if (fd >= 0) {
      close(fd);
    }
    return -1;
  }
  port = ntohs(address.sin_port);
  return fd;
}

namespace {

// Why a namespace host cannot be made (`tools` missing, netns refused), or nullopt.
std::optional<std::string> namespace_host_refused(const std::string& tool) {
  std::string output;
  if (run_shell("command -v ip && command -v " + tool + " && test -x /usr/sbin/sshd", output) != 0) {
    return "ip, " + tool + " or /usr/sbin/sshd is missing";
  }
  if (run_shell("ip netns add st-probe-$$ && ip netns del st-probe-$$", output) != 0) {
    return "network namespaces are not available: " + output;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> TestHost::shaped_unavailable_reason() {
  if (geteuid() != 0) {
    return "a shaped host needs root (ip netns, tc)";
  }
  return namespace_host_refused("tc");
}

std::optional<std::string> TestHost::tun_unavailable_reason() {
  if (geteuid() != 0) {
    return "a TUN link needs root (ip netns, /dev/net/tun)";
  }
  const int tun = open("/dev/net/tun", O_RDWR | O_CLOEXEC);
  if (tun < 0) {
    return "/dev/net/tun cannot be opened";
  }
  close(tun);
  return namespace_host_refused("python3");
}

std::unique_ptr<TestHost> TestHost::start(const std::optional<std::string>& rate, std::string& error,
                                          const std::vector<std::string>& sshd_lines) {
  TestHostOptions options;
  options.rate = rate;
  options.sshd_lines = sshd_lines;
  return start(options, error);
}

std::unique_ptr<TestHost> TestHost::start(const TestHostOptions& options, std::string& error) {
  std::unique_ptr<TestHost> host(new TestHost());
  std::string command = script() + " start " + shell_quoted(host->dir().string());
  if (options.rate) {
    command += " --shaped " + shell_quoted(*options.rate);
  }
  if (options.delay_ms) {
    command += " --delay " + std::to_string(*options.delay_ms);
  }
  if (options.tun) {
    command += " --tun";
  }
  for (const auto& [flag, value] : {std::pair{"--rate", options.link_rate}, std::pair{"--loss", options.link_loss},
                                    std::pair{"--queue", options.link_queue}, std::pair{"--cc", options.link_cc}}) {
    if (value) {
      command += std::string(" ") + flag + " " + shell_quoted(*value);
    }
  }
  if (options.openssh_root) {
    command += " --openssh " + shell_quoted(options.openssh_root->string());
  }
  if (options.plain_shell) {
    command += " --plain-shell";
  }
  for (const auto& line : options.sshd_lines) {
    command += " " + shell_quoted(line);
  }
  if (run_shell(command, error) != 0) {
    return nullptr;
  }
  return host;
}

std::optional<int> TestHost::relay_pid() const { return number_in(dir() / "relay.pid"); }

std::optional<int> TestHost::relay_port() const { return number_in(dir() / "relay.port"); }

std::optional<int> TestHost::link_pid() const { return number_in(dir() / "link.pid"); }

std::string TestHost::netns() const { return first_word(dir() / "netns"); }

std::string TestHost::address() const { return first_word(dir() / "address"); }

bool TestHost::stop(std::string& error) {
  return run_shell(script() + " stop " + shell_quoted(dir().string()), error) == 0;
}

TestHost::~TestHost() {
  std::string ignored;
  run_shell(script() + " stop " + shell_quoted(dir().string()), ignored);
}

}  // namespace sshtune::testing
