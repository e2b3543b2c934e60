// >= 300 seeded random configurations, each evaluated for several hosts by the
// real `ssh -G` and by ssh-tune; they must agree on every compared keyword and on
// whether the configuration is valid. Every generated file must also round-trip.

#include "tests/differential/generator.hpp"
#include "tests/differential/harness.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <gtest/gtest.h>

#include <future>
#include <cstdlib>
#include <map>

namespace sshtune::differential {
namespace {

const unsigned k_scenarios = std::getenv("SSHTUNE_DIFF_N") ? static_cast<unsigned>(std::atoi(std::getenv("SSHTUNE_DIFF_N"))) : 320;

TEST(GeneratedConfigs, AgreeWithSshGAndRoundTrip) {
  const Result<const ClientCapabilities*> client = local_client_capabilities();
  ASSERT_TRUE(client) << client.error().message;
  int compared = 0;
  int invalid = 0;
  int failures = 0;
  std::map<std::string, int> reasons;  // why configurations were invalid (a coverage summary)
  for (unsigned seed = 1; seed <= k_scenarios; ++seed) {
    testing::TempDir dir;
    testing::ScopedEnv home("HOME", (dir.path() / "home").string());
    Generator generator(seed);
    const Scenario scenario = generator.scenario(dir.path().string());
    for (const auto& [name, text] : scenario.files) {
      dir.write(name, text);
      EXPECT_EQ(config::print(config::parse(text, name)), text) << "round trip of " << name << " seed " << seed;
    }
    const auto path = dir.write("gen.conf", scenario.config);
    EXPECT_EQ(config::print(config::parse(scenario.config, "gen.conf")), scenario.config) << "seed " << seed;
    std::vector<std::future<Outcome>> ssh_runs;
    for (const std::string& host : scenario.hosts) {
      ssh_runs.push_back(std::async(std::launch::async, [&path, host] { return run_ssh(path, host); }));
    }
    for (std::size_t i = 0; i < scenario.hosts.size(); ++i) {
      const std::string& host = scenario.hosts[i];
      const Outcome ssh = ssh_runs[i].get();
      const Outcome ours = run_ours(path, host, *client.value());
      const std::string report = compare(ssh, ours);
      ++compared;
      invalid += ssh.invalid ? 1 : 0;
      if (ours.invalid) {
        const std::size_t colon = ours.raw.rfind(": ");
        ++reasons[colon == std::string::npos ? ours.raw : ours.raw.substr(colon + 2, 24)];
      }
      if (!report.empty() && ++failures <= 5) {
        ADD_FAILURE() << "seed " << seed << " host " << host << "\n" << report << "config:\n" << scenario.config
                      << "\nfiles:\n"
                      << [&] {
                           std::string all;
                           for (const auto& [n, t] : scenario.files) all += "--- " + n + "\n" + t;
                           return all;
                         }();
      }
    }
  }
  EXPECT_EQ(failures, 0);
  std::cout << "[ differential ] " << compared << " comparisons over " << k_scenarios << " configs, " << invalid
            << " invalid per ssh, " << (compared - failures) << " agreed\n";
  for (const auto& [reason, count] : reasons) std::cout << "[ differential ]   invalid: " << count << " x " << reason << "\n";
}

}  // namespace
}  // namespace sshtune::differential
