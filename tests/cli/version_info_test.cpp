// `ssh-tune --version` and the `versions` object of the JSON views.

#include "tests/support/cli_run.hpp"
#include "tuner/cli/version_info.hpp"

#include <gtest/gtest.h>

#include <regex>
#include <sstream>

namespace sshtune::cli {
namespace {

TEST(VersionInfo, VersionNamesLibsshOpensslAndTheLocalOpensshClient) {
  const testing::CliRun r = testing::run({"--version"});
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(std::regex_search(r.out, std::regex("^ssh-tune [0-9.]+\n"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\nlibssh   [0-9]+\\.[0-9]+\\.[0-9]+.* \\(built with [0-9.]+\\)\n")))
      << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\nOpenSSL  OpenSSL [0-9]+\\.[0-9]+\\.[0-9]+"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\nOpenSSH  OpenSSH_[0-9]+\\.[0-9]+.* \\(ssh -V\\)\n"))) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\ndata     /.*\n$"))) << r.out;
}

TEST(VersionInfo, JsonCarriesTheNumbersAndNullForWhatIsUnknown) {
  VersionInfo info;
  info.ssh_tune = "1.2.3";
  info.libssh = "0.10.6/openssl/zlib";
  info.openssl = "3.0.19";
  const nlohmann::json json = versions_json(info);
  EXPECT_EQ(json, nlohmann::json::parse(R"({"ssh_tune":"1.2.3","libssh":"0.10.6","openssl":"3.0.19","openssh":null})"));
}

TEST(VersionInfo, TextSaysWhatWasNotFound) {
  VersionInfo info;
  info.ssh_tune = "1.2.3";
  std::ostringstream out;
  print_version(out, info);
  EXPECT_NE(out.str().find("OpenSSH  not found (no ssh on PATH) (ssh -V)\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("data     not found\n"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace sshtune::cli
