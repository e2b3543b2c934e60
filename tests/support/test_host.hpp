#pragma once
// A throwaway sshd started through tools/test-host (the same script the demo
// and the benchmarks use): on 127.0.0.1, or inside a network namespace behind a
// tbf-shaped veth pair. Stopped, and its namespace removed, on destruction.

#include "tests/support/temp_dir.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::testing {

class TestHost {
 public:
  // Why a shaped host cannot be made here (not root, no ip/tc/sshd, netns
  // refused), or nullopt when it can.
  static std::optional<std::string> shaped_unavailable_reason();

  // Starts the host; `rate` (e.g. "20mbit") makes it a shaped namespace host.
  // nullptr when the script failed; `error` then holds its output.
  static std::unique_ptr<TestHost> start(const std::optional<std::string>& rate, std::string& error,
                                         const std::vector<std::string>& sshd_lines = {});
  ~TestHost();
  TestHost(const TestHost&) = delete;
  TestHost& operator=(const TestHost&) = delete;

  const std::filesystem::path& dir() const { return m_dir.path(); }
  std::filesystem::path home() const { return dir() / "home"; }
  std::filesystem::path ssh_config() const { return home() / ".ssh" / "config"; }
  static constexpr const char* alias() { return "testhost"; }

 private:
  TestHost() = default;
  TempDir m_dir;
};


}  // namespace sshtune::testing
