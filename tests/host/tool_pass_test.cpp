// The copy tools' pass: scp, sftp and rsync timed as printed where the CPU sets the pace, and only there.
#include "tests/host/host_fixtures.hpp"
#include "tuner/host/pipeline.hpp"
#include "tuner/host/tool_pass.hpp"

#include <gtest/gtest.h>

namespace sshtune::host {
namespace {

using testing::FakeHostWorld;
using testing::ScopedEnv;
using testing::TempDir;

class ToolPass : public ::testing::Test {
 protected:
  ToolPass() {
    m_request.host = "web";
    m_request.overrides.config_file = m_dir.write("config", "Host web\n  HostName 10.0.0.5\n").string();
    testing::script_speeds(m_world.runner, {{"aes128-gcm@openssh.com", 300}, {"chacha20-poly1305@openssh.com", 200}});
    testing::script_client_speeds(m_world.client,
                                  {{"aes128-gcm@openssh.com", 250}, {"chacha20-poly1305@openssh.com", 180}}, 0.5);
  }

  // A decision whose setting the CPU holds at `mb_per_s`.
  static rules::Decision cpu_bound(double mb_per_s) {
    rules::Decision decision;
    decision.ciphers = {"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"};
    decision.bottleneck = rules::Bottleneck::cpu;
    decision.expected_mb_per_s = mb_per_s;
    return decision;
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  FakeHostWorld m_world;
  HostEnvironment m_env = m_world.environment();
  HostRequest m_request;
};

TEST_F(ToolPass, TheFileIsWhatTheAdvisedSettingStreamsInTheToolStreamTime) {
  // 200 ms at 1000 MB/s: 200 MB, rounded up to whole MiB.
  EXPECT_EQ(tool_trial_bytes(cpu_bound(1000), m_env.policy), std::uint64_t{191} << 20);
  EXPECT_EQ(tool_trial_bytes(cpu_bound(10), m_env.policy), std::uint64_t{16} << 20) << "never under 16 MiB";
  EXPECT_EQ(tool_trial_bytes(cpu_bound(1e5), m_env.policy), std::uint64_t{1} << 30) << "never over 1 GiB";
}

TEST_F(ToolPass, EachToolIsTimedAsPrintedAndFiledAsATrial) {
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  Measurement m;
  m.sample = std::make_shared<const std::string>("the data the trials carried");
  time_copy_tools(m_request, resolved, cpu_bound(1000), m_env, m);
  ASSERT_EQ(m_world.tool_calls.size(), 1u);
  const auto& specs = m_world.tool_calls[0];
  ASSERT_EQ(specs.size(), 3u);
  EXPECT_EQ(specs[0].tool, CopyTool::scp);
  EXPECT_EQ(specs[1].tool, CopyTool::sftp);
  EXPECT_EQ(specs[2].tool, CopyTool::rsync);
  EXPECT_EQ(specs[1].ciphers, "^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com") << "as -c prints it for 9.2";
  EXPECT_EQ(specs[1].payload, m.sample) << "the data the trials carried, not read again";
  ASSERT_EQ(m.trials.size(), 3u);
  EXPECT_EQ(m.trials[0].kind, TrialRole::scp);
  EXPECT_DOUBLE_EQ(m.trials[0].seconds, 2.0);
  EXPECT_EQ(m.trials[0].bytes, std::uint64_t{191} << 20);
  EXPECT_EQ(m.trials[0].setup_s, 0.25) << "the lone log-in timed beside the tools";
  EXPECT_EQ(m.trials[1].cipher, "aes128-gcm@openssh.com");
  ASSERT_EQ(m.passes.size(), 1u);
  EXPECT_EQ(m.passes[0].pass, MeasuringPass::tools);
}

TEST_F(ToolPass, AFailingToolIsANoteAndTheOthersCount) {
  m_world.tool_seconds = {Error{ErrorKind::remote, "scp: Connection closed"}, 2.0, 3.0};
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  Measurement m;
  time_copy_tools(m_request, resolved, cpu_bound(1000), m_env, m);
  ASSERT_EQ(m.trials.size(), 2u);
  EXPECT_EQ(m.notes, std::vector<std::string>{"scp not timed: scp: Connection closed"});
}

TEST_F(ToolPass, NothingRunsWhereTheLinkSetsThePaceOrTheCopyIsADownload) {
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  Measurement m;
  rules::Decision link = cpu_bound(100);
  link.bottleneck = rules::Bottleneck::link;
  time_copy_tools(m_request, resolved, link, m_env, m);
  m_request.direction = Direction::download;
  time_copy_tools(m_request, resolved, cpu_bound(1000), m_env, m);
  EXPECT_TRUE(m_world.tool_calls.empty());
  EXPECT_TRUE(m.trials.empty());
  EXPECT_TRUE(m.passes.empty());
}

TEST_F(ToolPass, TuneHostCachesTheToolsTrials) {
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_TRUE(outcome) << outcome.error().message;
  ASSERT_EQ(outcome.value().entry.decision.bottleneck, rules::Bottleneck::cpu);
  int tools = 0;
  for (const CachedTrial& trial : m_world.cache.at("web").trials) tools += tool_of(trial.kind).has_value();
  EXPECT_EQ(tools, 3);
}

}  // namespace
}  // namespace sshtune::host
