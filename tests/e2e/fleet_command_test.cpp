// `ssh-tune host` over many hosts, end to end: the built binary against two real
// sshds on loopback (alpha, beta) with a closed port (down) between them, named
// on the command line, in a --hosts file and through --all.
#include "base/process.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/test_host.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <fstream>
#include <memory>
#include <regex>

namespace {

using sshtune::ProcessResult;
using sshtune::testing::read_file;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;
using sshtune::testing::TestHost;

// A loopback port nothing listens on (bound, then closed).
int closed_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), size);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  ::close(fd);
  return ntohs(address.sin_port);
}

// The host's own client block under another alias.
std::string block_for(const TestHost& host, const std::string& alias) {
  return std::regex_replace(read_file(host.ssh_config()), std::regex("^Host testhost"), "Host " + alias) + "\n";
}

class FleetCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    m_alpha = TestHost::start(std::nullopt, error);
    ASSERT_NE(m_alpha, nullptr) << error;
    m_beta = TestHost::start(std::nullopt, error);
    ASSERT_NE(m_beta, nullptr) << error;
    m_config =
        m_home.write(".ssh/config", block_for(*m_alpha, "alpha") + "Host down\n    HostName 127.0.0.1\n    Port " +
                                        std::to_string(closed_port()) + "\n\n" + block_for(*m_beta, "beta") +
                                        "Host *.lan !bastion\n    ServerAliveInterval 5\n\nHost *\n");
  }

  ProcessResult tool(std::vector<std::string> args) const {
    args.insert(args.begin(), SSHTUNE_BINARY);
    return sshtune::run_process(args).value();
  }

  TempDir m_home;
  ScopedEnv m_home_env{"HOME", m_home.path().string()};
  ScopedEnv m_cache{"XDG_CACHE_HOME", (m_home.path() / "cache").string()};
  ScopedEnv m_rules{"XDG_CONFIG_HOME", (m_home.path() / "xdg").string()};
  std::unique_ptr<TestHost> m_alpha;
  std::unique_ptr<TestHost> m_beta;
  std::filesystem::path m_config;
};

// Every field of one tuned host's object, as `host --json` prints it, plus "error": null.
void expect_tuned(const nlohmann::json& host, const std::string& alias) {
  SCOPED_TRACE(alias + ": " + host.dump(2));
  EXPECT_EQ(host.at("host"), alias);
  EXPECT_TRUE(host.at("error").is_null());
  EXPECT_TRUE(host.at("target").get<std::string>().starts_with("127.0.0.1:"));
  const auto& link = host.at("link");
  EXPECT_TRUE(link.at("class") == "cpu-bound" || link.at("class") == "link-bound");
  EXPECT_TRUE(link.at("bottleneck") == "cpu" || link.at("bottleneck") == "link" || link.at("bottleneck") == "window");
  EXPECT_GT(link.at("rtt_ms").get<double>(), 0);
  EXPECT_TRUE(host.at("server").at("banner").get<std::string>().starts_with("SSH-2.0-OpenSSH"));
  EXPECT_FALSE(host.at("server").at("ciphers").empty());
  ASSERT_FALSE(host.at("trials").empty());
  for (const auto& trial : host.at("trials")) {
    EXPECT_FALSE(trial.at("cipher").get<std::string>().empty());
    EXPECT_GT(trial.at("mb_per_s").get<double>(), 0);
    EXPECT_GT(trial.at("bytes").get<std::uint64_t>(), 0u);
  }
  const auto& recommendation = host.at("recommendation");
  ASSERT_FALSE(recommendation.at("ciphers").empty());
  EXPECT_TRUE(recommendation.at("ciphers")[0].get<std::string>().find('@') != std::string::npos ||
              recommendation.at("ciphers")[0].get<std::string>().starts_with("aes"));
  EXPECT_TRUE(recommendation.at("compression").is_boolean());
  EXPECT_GT(recommendation.at("expected_mb_per_s").get<double>(), 0);
  EXPECT_FALSE(recommendation.at("reasons").empty());
  for (const char* key : {"ssh_config", "rsync", "scp", "sftp", "ssh"}) {
    EXPECT_NE(host.at("snippets").at(key).get<std::string>().find(alias), std::string::npos) << key;
  }
  EXPECT_TRUE(host.at("from_cache").is_boolean());
  EXPECT_EQ(host.at("direction"), "upload");
}

TEST_F(FleetCommand, ADownHostInTheMiddleIsReportedAndTheRestAreTuned) {
  const auto run = tool({"host", "alpha", "down", "beta", "--json", "--fresh", "--budget", "2"});
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  ASSERT_TRUE(json.is_array());
  ASSERT_EQ(json.size(), 3u) << json.dump(2);
  expect_tuned(json[0], "alpha");
  EXPECT_EQ(json[0].at("from_cache"), false);
  EXPECT_EQ(json[1].size(), 2u) << json[1].dump();
  EXPECT_EQ(json[1].at("host"), "down");
  EXPECT_TRUE(json[1].at("error").get<std::string>().starts_with("down: ")) << json[1].dump();
  expect_tuned(json[2], "beta");

  // The same names again come from the cache; the table has a row per host.
  const auto table = tool({"host", "alpha", "down", "beta"});
  EXPECT_EQ(table.exit_code, 1);
  EXPECT_TRUE(table.out.starts_with("host   bottleneck  choice")) << table.out;
  EXPECT_TRUE(std::regex_search(table.out, std::regex("\nalpha  (cpu|link|window) +\\S+ +(yes|no) +"))) << table.out;
  EXPECT_NE(table.out.find("\ndown   failed: down: "), std::string::npos) << table.out;
  EXPECT_TRUE(std::regex_search(table.out, std::regex("\nbeta   (cpu|link|window) +"))) << table.out;
  EXPECT_TRUE(table.out.ends_with("3 hosts: 2 tuned, 1 failed\n")) << table.out;

  const auto reachable = tool({"host", "alpha", "beta", "--json"});
  EXPECT_EQ(reachable.exit_code, 0) << reachable.err;
  EXPECT_EQ(nlohmann::json::parse(reachable.out).at(1).at("from_cache"), true);
  const auto single = tool({"host", "alpha", "--json"});
  EXPECT_EQ(single.exit_code, 0);
  EXPECT_TRUE(nlohmann::json::parse(single.out).is_object());  // one name keeps today's output
}

TEST_F(FleetCommand, HostsFileWritesEveryTunedHostInOneEdit) {
  const auto before = read_file(m_config);
  const auto hosts = m_home.write("fleet.txt", "# the fleet\nalpha\n\nroot@down   # the broken one\nbeta\n");
  const auto dry = tool({"host", "--hosts", hosts.string(), "--dry-run", "--budget", "2"});
  EXPECT_EQ(dry.exit_code, 1) << dry.err;
  EXPECT_NE(dry.out.find("+Host alpha\n"), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("+Host beta\n"), std::string::npos) << dry.out;
  EXPECT_EQ(dry.out.find("+Host down"), std::string::npos) << dry.out;
  EXPECT_EQ(read_file(m_config), before);
  EXPECT_FALSE(std::filesystem::exists(m_home.path() / ".ssh/ssh-tune.conf"));

  const auto write = tool({"host", "--hosts", hosts.string(), "--write", "--budget", "2"});
  EXPECT_EQ(write.exit_code, 1) << write.err;
  const std::string managed = (m_home.path() / ".ssh/ssh-tune.conf").string();
  // One edit: each file written once, both hosts in it.
  EXPECT_NE(write.out.find("wrote " + managed + "\nwrote " + m_config.string() + "\n"), std::string::npos) << write.out;
  EXPECT_EQ(write.out.find("wrote " + managed, write.out.find("wrote " + managed) + 1), std::string::npos);
  const std::string text = read_file(managed);
  EXPECT_NE(text.find("Host alpha\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Host beta\n"), std::string::npos) << text;
  EXPECT_EQ(read_file(m_config), "Include ~/.ssh/ssh-tune.conf\n" + before);
  const auto again = tool({"host", "--hosts", hosts.string(), "--dry-run"});
  EXPECT_TRUE(again.out.ends_with("dry run: nothing would change\n")) << again.out;

  const auto reverted = tool({"revert", "alpha", "beta"});
  EXPECT_EQ(reverted.exit_code, 0) << reverted.err;
  EXPECT_EQ(read_file(m_config), before);
  EXPECT_FALSE(std::filesystem::exists(managed));
}

TEST_F(FleetCommand, AllTunesEveryConcreteAliasAndSaysWhatItSkips) {
  const auto run = tool({"host", "--all", "--json", "--budget", "2"});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "note: --all skips what is not one concrete host (patterns, negations): *.lan, !bastion, *\n");
  const auto json = nlohmann::json::parse(run.out);
  ASSERT_EQ(json.size(), 3u) << json.dump(2);
  EXPECT_EQ(json[0].at("host"), "alpha");
  EXPECT_EQ(json[1].at("host"), "down");
  EXPECT_FALSE(json[1].at("error").is_null());
  EXPECT_EQ(json[2].at("host"), "beta");
  EXPECT_TRUE(json[2].at("error").is_null());
}

TEST(FleetUsage, BadHostsFileLineIsAUsageErrorNamingTheLine) {
  TempDir dir;
  const auto hosts = dir.write("fleet.txt", "web\nweb db\n");
  const auto run = sshtune::run_process({SSHTUNE_BINARY, "host", "--hosts", hosts.string()}).value();
  EXPECT_EQ(run.exit_code, 64);
  EXPECT_EQ(run.err, "ssh-tune: " + hosts.string() + ":2: expected one [user@]host[:port], not 'web db'\n");
  EXPECT_EQ(run.out, "");
}

}  // namespace
