// One client of each OpenSSH family the tests have (bullseye's 8.4, the system's 9.2, Debian's 10.0 and
// sid's newest, tools/fetch-openssh) as the user's ssh against a lab sshd (the system's): `host --write`
// gives a verdict timed with that client and writes a block that client's own `ssh -G` accepts and shows,
// and the client then connects with it. A client that is not unpacked skips with its reason.
#include "tests/support/openssh_release.hpp"
#include "tests/support/shell.hpp"
#include "tests/support/test_host.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

namespace sshtune::testing {
namespace {

// The release named by the parameter, or nullopt (with `why`) when it is not unpacked.
std::optional<OpensshRelease> client_named(const std::string& name, std::string& why) {
  if (name == "9.2") return system_openssh();
  if (name == "10.0") {
    why = openssh_10_unavailable_reason();
    return openssh_10();
  }
  why = openssh_client_unavailable_reason(name);
  return openssh_client(name);
}

class ClientFamilies : public ::testing::TestWithParam<std::string> {};

TEST_P(ClientFamilies, HostWritesWhatThatClientAcceptsAndConnectsWith) {
  std::string why;
  const auto client = client_named(GetParam(), why);
  if (!client) GTEST_SKIP() << why;
  std::string error;
  const auto host = TestHost::start(TestHostOptions{}, error);
  ASSERT_NE(host, nullptr) << error;
  const std::string dir = host->dir().string();
  const std::string env = "HOME=" + shell_quoted(host->home().string()) +
                          " XDG_CACHE_HOME=" + shell_quoted(dir + "/cache") +
                          " XDG_CONFIG_HOME=" + shell_quoted(dir + "/config") +
                          " PATH=" + shell_quoted(client->ssh.parent_path().string()) +
                          ":\"$PATH\" SSHTUNE_SSH=" + shell_quoted(client->ssh.string()) + " ";
  std::string out;
  ASSERT_EQ(run_shell(env + SSHTUNE_BINARY + " host " + TestHost::alias() + " --json --fresh --write 2>/dev/null", out),
            0)
      << out;
  // --write prints what it wrote after the JSON.
  const nlohmann::json json = nlohmann::json::parse(out.substr(0, out.rfind("\n}") + 2));
  EXPECT_EQ(json["recommendation"]["expected_client"], "openssh") << json.dump(2);
  const std::string first = json["recommendation"]["ciphers"][0];
  const std::string ssh = env + shell_quoted(client->ssh.string()) + " -F " + shell_quoted(host->ssh_config().string());
  ASSERT_EQ(run_shell(ssh + " -G " + TestHost::alias() + " 2>&1", out), 0) << out;
  EXPECT_NE(out.find("\nciphers " + first), std::string::npos) << first << "\n" << out;
  EXPECT_EQ(run_shell(ssh + " -o BatchMode=yes " + TestHost::alias() + " echo connected 2>&1", out), 0) << out;
  EXPECT_NE(out.find("connected"), std::string::npos) << out;
  std::cout << GetParam() << ": " << first << " at " << json["recommendation"]["expected_mb_per_s"] << " MB/s\n";
}

// "OpenSSH84", "OpenSSH92", "OpenSSH100", "OpenSSHSid".
std::string family_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string name = param.param == "sid" ? "Sid" : param.param;
  std::erase(name, '.');
  return "OpenSSH" + name;
}

INSTANTIATE_TEST_SUITE_P(EveryFamily, ClientFamilies, ::testing::Values("8.4", "9.2", "10.0", "sid"), family_name);

}  // namespace
}  // namespace sshtune::testing
