#pragma once
// A throwaway sshd started through tools/test-host (the same script the demo
// and the benchmarks use): on 127.0.0.1, or inside a network namespace behind a
// tbf-shaped veth pair or tools/tun-link (a lossy link); optionally behind
// tools/delay-relay (a long path).
// Stopped, with its relay and namespace, on destruction.

#include "tests/support/temp_dir.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::testing {

struct TestHostOptions {
  std::optional<std::string> rate;                    // e.g. "20mbit": a shaped namespace host (root)
  std::optional<int> delay_ms;                        // a delay relay in front: RTT about 2 * delay_ms
  std::vector<std::string> sshd_lines;                // extra sshd_config lines (first value wins)
  std::optional<std::filesystem::path> openssh_root;  // another release's unpacked root (openssh_release.hpp)
  // Sessions get an empty HOME, so the remote shell reads none of the rc files in the home of the account
  // running the tests (--plain-shell; sshd keeps only the first SetEnv, so an sshd_lines SetEnv replaces
  // it); false keeps that account's rc files, whatever they cost per session.
  bool plain_shell = true;
  // tools/tun-link instead of a relay (root, /dev/net/tun): sshd in a namespace, kernel TCP end to end,
  // delay_ms each way on the link itself. Its shaping, as tools/tun-link takes it (X or OUT/IN): megabits
  // per second, percent lost, the queue in KB, the congestion control of both ends ("cubic", "bbr").
  bool tun = false;
  std::optional<std::string> link_rate, link_loss, link_queue, link_cc;
};

class TestHost {
 public:
  // Why a shaped host cannot be made here (not root, no ip/tc/sshd, netns
  // refused), or nullopt when it can.
  static std::optional<std::string> shaped_unavailable_reason();
  // Why a tools/tun-link host cannot be made here (not root, no /dev/net/tun,
  // ip or sshd, netns refused), or nullopt when it can.
  static std::optional<std::string> tun_unavailable_reason();

  // Starts the host; `rate` (e.g. "20mbit") makes it a shaped namespace host.
  // nullptr when the script failed; `error` then holds its output.
  static std::unique_ptr<TestHost> start(const std::optional<std::string>& rate, std::string& error,
                                         const std::vector<std::string>& sshd_lines = {});
  // The same with every option, the delay among them.
  static std::unique_ptr<TestHost> start(const TestHostOptions& options, std::string& error);
  ~TestHost();
  TestHost(const TestHost&) = delete;
  TestHost& operator=(const TestHost&) = delete;

  const std::filesystem::path& dir() const { return m_dir.path(); }
  std::filesystem::path home() const { return dir() / "home"; }
  std::filesystem::path ssh_config() const { return home() / ".ssh" / "config"; }
  static constexpr const char* alias() { return "testhost"; }

  // The relay's pid and port (from DIR/relay.pid, DIR/relay.port); nullopt without --delay.
  std::optional<int> relay_pid() const;
  std::optional<int> relay_port() const;
  // The tun-link's pid (DIR/link.pid; nullopt without tun), the namespace's name and address (empty on loopback).
  std::optional<int> link_pid() const;
  std::string netns() const;
  std::string address() const;
  // Runs `tools/test-host stop` now (the destructor's second stop is harmless);
  // false with its output in `error` when it failed.
  bool stop(std::string& error);

 private:
  TestHost() = default;
  TempDir m_dir;
};

// `text` single-quoted for /bin/sh.
std::string shell_quoted(const std::string& text);

// Whether process `pid` runs (a zombie does not).
bool process_alive(int pid);

// A listening TCP socket on a free port of 127.0.0.1 (fd, -1 on failure); `port` receives the port.
int listen_on_loopback(int& port, int backlog = 64);

}  // namespace sshtune::testing
