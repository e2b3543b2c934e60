// Seeded random configurations (400 by default, 3 queries each), each query run
// through a real `ssh -G` (the system's 9.2, and 10.0 when unpacked) and through
// ssh-tune's evaluator told that release; every printed line must agree, and so
// must whether ssh accepts the query. The evaluator must also say exactly the same
// when the queries share one ConfigCache, as the audit's hosts do. Every generated file must also round-trip
// through the parser. SSHTUNE_DIFF_N sets the number of configurations; they run
// in four shards per release (separate tests) so ctest -j runs them side by side.

#include "tests/differential/generator.hpp"
#include "tests/differential/harness.hpp"
#include "tests/differential/releases.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <iostream>
#include <tuple>

namespace sshtune::differential {
namespace {

const unsigned k_scenarios =
    std::getenv("SSHTUNE_DIFF_N") ? static_cast<unsigned>(std::atoi(std::getenv("SSHTUNE_DIFF_N"))) : 400;
constexpr int k_queries_per_scenario = 3;
constexpr unsigned k_shards = 4;

struct Tally {
  int compared = 0;
  int invalid = 0;
  int failures = 0;
};

std::string scenario_text(const Scenario& scenario) {
  std::string all = "config:\n" + scenario.config + "\nfiles:\n";
  for (const auto& [name, text] : scenario.files) all += "--- " + name + "\n" + text;
  return all;
}

// Writes the scenario's files and checks that each round-trips.
std::filesystem::path write_scenario(const testing::TempDir& dir, const Scenario& scenario, unsigned seed) {
  for (const auto& [name, text] : scenario.files) {
    dir.write(name, text);
    EXPECT_EQ(sshconfig::print(sshconfig::parse(text, name)), text) << "round trip of " << name << " seed " << seed;
  }
  EXPECT_EQ(sshconfig::print(sshconfig::parse(scenario.config, "gen.conf")), scenario.config) << "seed " << seed;
  return dir.write("gen.conf", scenario.config);
}

void run_scenario(unsigned seed, const Release& release, Tally& tally) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", (dir.path() / "home").string());
  Generator generator(seed, *release.client);
  const Scenario scenario = generator.scenario(dir.path().string(), k_queries_per_scenario);
  const std::filesystem::path path = write_scenario(dir, scenario, seed);
  std::vector<std::future<Outcome>> ssh_runs;
  for (const Query& query : scenario.queries) {
    ssh_runs.push_back(
        std::async(std::launch::async, [&release, &path, query] { return run_ssh(release.ssh, path, query); }));
  }
  sshconfig::ConfigCache cache(*release.client);
  for (const Query& query : scenario.queries) {
    EXPECT_EQ(evaluation_text(path, query, *release.client, &cache),
              evaluation_text(path, query, *release.client, nullptr))
        << "seed " << seed << " query " << describe(query) << " through a cache\n"
        << scenario_text(scenario);
  }
  for (std::size_t i = 0; i < scenario.queries.size(); ++i) {
    const Outcome ssh = ssh_runs[i].get();
    const std::string report = compare(ssh, run_ours(path, scenario.queries[i], *release.client));
    ++tally.compared;
    tally.invalid += ssh.invalid ? 1 : 0;
    if (!report.empty() && ++tally.failures <= 5) {
      ADD_FAILURE() << "seed " << seed << " query " << describe(scenario.queries[i]) << "\n"
                    << report << scenario_text(scenario);
    }
  }
}

// (release name, shard).
class GeneratedConfigs : public ::testing::TestWithParam<std::tuple<std::string, unsigned>> {};

TEST_P(GeneratedConfigs, EveryLineAgreesWithSshG) {
  const auto& [name, shard] = GetParam();
  std::string why;
  const std::optional<Release> release = release_named(name, why);
  if (!release) GTEST_SKIP() << why;
  testing::ScopedEnv variable(k_diff_var, "/tmp/sshtune-diff");
  testing::ScopedEnv number(k_diff_num, "1");
  const auto start = std::chrono::steady_clock::now();
  const unsigned first = shard * k_scenarios / k_shards + 1;
  const unsigned last = (shard + 1) * k_scenarios / k_shards;
  Tally tally;
  for (unsigned seed = first; seed <= last; ++seed) run_scenario(seed, *release, tally);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(tally.failures, 0);
  EXPECT_GE(tally.compared, static_cast<int>((last - first + 1) * k_queries_per_scenario));
  std::cout << "[ differential ] " << release->client->version() << " shard " << shard << ": " << tally.compared
            << " queries over configs " << first << ".." << last << ", " << tally.compared - tally.invalid
            << " accepted by ssh, " << tally.compared - tally.failures << " agreed, " << seconds << " s\n";
}

INSTANTIATE_TEST_SUITE_P(Shards, GeneratedConfigs,
                         ::testing::Combine(::testing::ValuesIn(all_release_names()), ::testing::Range(0u, k_shards)),
                         [](const auto& param_info) {
                           return test_name_of(std::get<0>(param_info.param)) + "_" +
                                  std::to_string(std::get<1>(param_info.param));
                         });

}  // namespace
}  // namespace sshtune::differential
