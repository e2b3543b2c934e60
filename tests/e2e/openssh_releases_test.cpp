// `ssh-tune host` with each OpenSSH release the tests have (the system's 9.2 and
// Debian's 10.0, tools/fetch-openssh) as the user's client and as the server, in
// every pairing: a verdict timed with that client, and no connection of ssh-tune's
// that closes before authenticating (sshd >= 9.8 penalises those); and 10.0 at both ends of a 150 ms path.
#include "tests/support/openssh_release.hpp"
#include "tests/support/shell.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/test_host.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace sshtune::testing {
namespace {

using sshtune::testing::count_of;

struct Pairing {
  OpensshRelease client;
  OpensshRelease server;
};

// The user's environment: HOME and XDG dirs in the host's folder, `ssh` the client release's (on PATH and
// as SSHTUNE_SSH, so the config engine and the trials read the same ssh).
std::string environment(const TestHost& host, const OpensshRelease& client) {
  const std::string dir = host.dir().string();
  const std::string bin = client.ssh.parent_path().string();
  return "HOME=" + shell_quoted(host.home().string()) + " XDG_CACHE_HOME=" + shell_quoted(dir + "/cache") +
         " XDG_CONFIG_HOME=" + shell_quoted(dir + "/config") + " PATH=" + shell_quoted(bin) + ":\"$PATH\"" +
         " SSHTUNE_SSH=" + shell_quoted(client.ssh.string()) + " ";
}

class OpensshReleases : public ::testing::TestWithParam<std::pair<bool, bool>> {
 protected:
  // The pairing the parameter names (true: 10.0), or nullopt when 10.0 is not unpacked.
  static std::optional<Pairing> pairing() {
    const auto [client_10, server_10] = GetParam();
    const auto ten = openssh_10();
    if ((client_10 || server_10) && !ten) return std::nullopt;
    return Pairing{client_10 ? *ten : system_openssh(), server_10 ? *ten : system_openssh()};
  }
};

TEST_P(OpensshReleases, HostGivesAVerdictTimedWithTheClientAndNoPreauthClose) {
  const auto releases = pairing();
  if (!releases) GTEST_SKIP() << openssh_10_unavailable_reason();
  TestHostOptions options;
  if (!releases->server.root.empty()) options.openssh_root = releases->server.root;
  std::string error;
  const auto host = TestHost::start(options, error);
  ASSERT_NE(host, nullptr) << error;
  std::string out;
  const int status = run_shell(
      environment(*host, releases->client) + SSHTUNE_BINARY + " host " + TestHost::alias() + " --json --fresh 2>&1",
      out);
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json json = nlohmann::json::parse(out.substr(out.find('{')));
  EXPECT_EQ(json["recommendation"]["expected_client"], "openssh") << json.dump(2);
  ASSERT_FALSE(json["recommendation"]["ciphers"].empty()) << json.dump(2);
  const std::string log = sshtune::testing::read_file(host->dir() / "sshd.log");
  EXPECT_EQ(count_of(log, "[preauth]"), 0) << log;
  EXPECT_EQ(count_of(log, "penalty"), 0) << log;
}

// OpenSSH 10.0 at both ends of a 150 ms path, at the default budget: the window verdict and the
// sessions past it, the ladder's 8 sessions (opened ahead, staggered) included, with nothing that
// sshd 10's PerSourcePenalties would count.
TEST(OpensshTenLongPath, AWindowVerdictAndParallelSessionsWithNoPenalty) {
  const auto ten = openssh_10();
  if (!ten) GTEST_SKIP() << openssh_10_unavailable_reason();
  TestHostOptions options;
  options.openssh_root = ten->root;
  options.delay_ms = 75;
  std::string error;
  const auto host = TestHost::start(options, error);
  ASSERT_NE(host, nullptr) << error;
  std::string out;
  const int status =
      run_shell(environment(*host, *ten) + SSHTUNE_BINARY + " host " + TestHost::alias() + " --json --fresh 2>&1", out);
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json json = nlohmann::json::parse(out.substr(out.find('{')));
  EXPECT_EQ(json["link"]["bottleneck"], "window") << json.dump(2);
  ASSERT_FALSE(json["parallel"].is_null()) << json.dump(2);
  EXPECT_GE(json["parallel"]["streams"].get<int>(), 4) << json.dump(2);
  bool eight = false;
  for (const auto& trial : json["trials"]) eight |= trial["kind"] == "parallel" && trial["streams"] == 8;
  EXPECT_TRUE(eight) << "the ladder's first step, 8 sessions opened ahead\n" << json.dump(2);
  const std::string log = sshtune::testing::read_file(host->dir() / "sshd.log");
  EXPECT_GE(count_of(log, "Accepted publickey"), 8) << "the ladder's sessions log in to this sshd\n" << log;
  EXPECT_EQ(count_of(log, "[preauth]"), 0) << log;
  EXPECT_EQ(count_of(log, "penalty"), 0) << log;
  EXPECT_EQ(count_of(log, "drop connection"), 0) << "MaxStartups or a penalty refused one\n" << log;
}

std::string pairing_name(const ::testing::TestParamInfo<std::pair<bool, bool>>& info) {
  return std::string(info.param.first ? "Client10" : "Client92") + (info.param.second ? "Server10" : "Server92");
}

INSTANTIATE_TEST_SUITE_P(EveryPairing, OpensshReleases,
                         ::testing::Values(std::pair{false, false}, std::pair{false, true}, std::pair{true, false},
                                           std::pair{true, true}),
                         pairing_name);

}  // namespace
}  // namespace sshtune::testing
