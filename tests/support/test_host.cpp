#include "tests/support/test_host.hpp"
#include "tests/support/shell.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

namespace sshtune::testing {
namespace {

std::string script() { return std::string(SSHTUNE_SOURCE_DIR) + "/tools/test-host"; }

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (const char c : text) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

}  // namespace

std::optional<std::string> TestHost::shaped_unavailable_reason() {
  if (geteuid() != 0) {
    return "a shaped host needs root (ip netns, tc)";
  }
  std::string output;
  if (run_shell("command -v ip && command -v tc && test -x /usr/sbin/sshd", output) != 0) {
    return "ip, tc or /usr/sbin/sshd is missing";
  }
  if (run_shell("ip netns add st-probe-$$ && ip netns del st-probe-$$", output) != 0) {
    return "network namespaces are not available: " + output;
  }
  return std::nullopt;
}

std::unique_ptr<TestHost> TestHost::start(const std::optional<std::string>& rate, std::string& error,
                                          const std::vector<std::string>& sshd_lines) {
  std::unique_ptr<TestHost> host(new TestHost());
  std::string command = script() + " start " + quoted(host->dir().string());
  if (rate) {
    command += " --shaped " + quoted(*rate);
  }
  for (const auto& line : sshd_lines) {
    command += " " + quoted(line);
  }
  if (run_shell(command, error) != 0) {
    return nullptr;
  }
  return host;
}

TestHost::~TestHost() {
  std::string ignored;
  run_shell(script() + " stop " + quoted(dir().string()), ignored);
}

}  // namespace sshtune::testing
