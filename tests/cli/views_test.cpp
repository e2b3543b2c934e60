#include "tuner/cli/cpu_view.hpp"
#include "tuner/cli/host_view.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

namespace sshtune::cli {
namespace {

const rules::Catalog& catalog() {
  static const rules::Catalog shipped =
      rules::load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value();
  return shipped;
}

host::HostOutcome sample_outcome() {
  host::HostOutcome outcome;
  host::CachedHost& e = outcome.entry;
  e.host = "web";
  e.target = "10.0.0.5:2222";
  e.rtt_ms = 0.1234;
  e.server_banner = "SSH-2.0-OpenSSH_9.2p1";
  e.trials = {{host::TrialRole::upload, "aes128-gcm@openssh.com", false, 812.34, 400'000'000, 0.49246},
              {host::TrialRole::zlib_sample, "aes128-gcm@openssh.com", true, 35.0, 10'000'000, 0.28}};
  e.decision.ciphers = {"aes128-gcm@openssh.com", "aes256-gcm@openssh.com"};
  e.decision.expected_mb_per_s = 812.34;
  e.decision.current_cipher = "chacha20-poly1305@openssh.com";
  e.decision.current_mb_per_s = 470.06;
  e.decision.reasons = {"the ciphers' trials differ"};
  outcome.target = e.target;
  outcome.elapsed_s = 3.14159;
  return outcome;
}

TEST(HostView, JsonCarriesTheStableFields) {
  const auto json = host_json(sample_outcome(), {{"ssh", "ssh -c x web\n"}});
  EXPECT_EQ(json.at("host"), "web");
  EXPECT_EQ(json.at("link").at("class"), "cpu-bound");
  EXPECT_EQ(json.at("link").at("bottleneck"), "cpu");
  EXPECT_DOUBLE_EQ(json.at("link").at("rtt_ms").get<double>(), 0.123);
  EXPECT_EQ(json.at("recommendation").at("ciphers")[0], "aes128-gcm@openssh.com");
  EXPECT_DOUBLE_EQ(json.at("recommendation").at("expected_mb_per_s").get<double>(), 812.3);
  EXPECT_DOUBLE_EQ(json.at("recommendation").at("current_mb_per_s").get<double>(), 470.1);
  EXPECT_TRUE(json.at("recommendation").at("rsync_compress").is_null());
  ASSERT_EQ(json.at("trials").size(), 2u);
  EXPECT_EQ(json.at("trials")[1].at("kind"), "upload-zlib-sample");
  EXPECT_DOUBLE_EQ(json.at("trials")[0].at("seconds").get<double>(), 0.4925);
  EXPECT_EQ(json.at("direction"), "upload");
  EXPECT_EQ(json.at("snippets").at("ssh"), "ssh -c x web\n");
  EXPECT_DOUBLE_EQ(json.at("elapsed_s").get<double>(), 3.142);
}

TEST(HostView, JsonNamesEachWaysWindowAndBothEndsTcpLimits) {
  host::HostOutcome outcome = sample_outcome();
  outcome.entry.local_tcp = {6291456, 4194304};
  outcome.entry.decision.windows.upload =
      rules::SessionWindow{rules::WindowLimit::server_receive, 1048576, 2097152, 16777216};
  outcome.entry.decision.windows.download = rules::SessionWindow{rules::WindowLimit::channel, 2097152};
  const auto link = host_json(outcome, {}).at("link");
  EXPECT_EQ(link.at("windows").at("upload"), nlohmann::json::parse(R"({"limit": "server-receive", "bytes": 1048576,
                                                                       "buffer_max": 2097152, "advised_max": 16777216})"));
  EXPECT_EQ(link.at("windows").at("download"), nlohmann::json::parse(R"({"limit": "channel", "bytes": 2097152})"));
  EXPECT_EQ(link.at("tcp_buffers"), nlohmann::json::parse(R"({"local": {"receive_max": 6291456, "send_max": 4194304},
                                                              "server": {"receive_max": null, "send_max": null}})"));
  EXPECT_TRUE(host_json(sample_outcome(), {}).at("link").at("windows").at("upload").is_null());
}

TEST(HostView, VerdictLeadsWithTheChoiceAndTheComparison) {
  std::ostringstream out;
  print_verdict(out, sample_outcome(), {});
  const std::string text = out.str();
  EXPECT_TRUE(text.starts_with("web (10.0.0.5:2222): cpu-bound, bottleneck cpu, RTT 0.12 ms\n")) << text;
  EXPECT_NE(text.find("recommended: Ciphers aes128-gcm@openssh.com (then 1 more), Compression no\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("in effect now: chacha20-poly1305@openssh.com, 470 MB/s"), std::string::npos) << text;
  EXPECT_NE(text.find("aes128-gcm@openssh.com +zlib, your data"), std::string::npos) << text;
}

TEST(HostView, AFreshVerdictEndsWithItsTimeAndTheSetUpOutsideTheBudget) {
  host::HostOutcome outcome = sample_outcome();
  outcome.elapsed_s = 7.42, outcome.setup_s = 2.41;
  std::ostringstream out;
  print_verdict(out, outcome, {});
  EXPECT_TRUE(
      out.str().ends_with("\n(measured in 7.4 s, 2.4 s of it set-up outside the budget: connections "
                          "opening, remote shells and new sessions starting)\n"))
      << out.str();
  outcome.passes = {{host::MeasuringPass::tools, std::chrono::milliseconds(0), std::chrono::milliseconds(2140),
                     std::chrono::milliseconds(0)}};
  std::ostringstream tools;
  print_verdict(tools, outcome, {});
  EXPECT_TRUE(tools.str().ends_with("new sessions starting; then the copy tools' trials, 2.1 s)\n")) << tools.str();
  outcome.from_cache = true;
  std::ostringstream cached;
  print_verdict(cached, outcome, {});
  EXPECT_EQ(cached.str().find("measured in"), std::string::npos) << "a cached verdict took no time now";
}

// sample_outcome() with its figures from the user's ssh, whose sessions each lost `start_s` at the start.
host::HostOutcome outcome_with_start(double start_s) {
  host::HostOutcome outcome = sample_outcome();
  for (auto& trial : outcome.entry.trials) trial.client = probes::TrialClient::openssh, trial.start_s = start_s;
  outcome.entry.decision.expected_source = rules::FigureSource::openssh;
  return outcome;
}

TEST(HostView, EveryFigureSaysItIsASteadyStream) {
  host::HostOutcome outcome = sample_outcome();
  outcome.entry.decision.parallel = rules::ParallelAdvice{4, 3000, 812.34};
  std::ostringstream out;
  print_verdict(out, outcome, {});
  EXPECT_NE(out.str().find("\nexpected:    812 MB/s steady by the libssh survey  (in effect now: "
                           "chacha20-poly1305@openssh.com, 470 MB/s steady by the libssh survey; 1.73x)\n"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("\nparallel:    4 sessions at once move 3000 MB/s steady (one session: 812 MB/s); "),
            std::string::npos)
      << out.str();
}

TEST(HostView, AWholeCopyIsTimedNowAdvisedAndWithTheAdvisedSessions) {
  host::HostOutcome outcome = outcome_with_start(0.9);
  outcome.entry.session_setup_s = 0.35;
  outcome.entry.decision.parallel = rules::ParallelAdvice{4, 3000, 812.34};
  outcome.copy = {4'000'000'000, host::CopySize::From::size_flag};
  std::ostringstream out;
  print_verdict(out, outcome, {});
  // 1.25 s lost, then 4 GB at 470.06, 812.34 and 3000 MB/s.
  EXPECT_NE(out.str().find("\ncopy:        3.7 GiB (--size): 9.76 s now, 6.17 s advised, 2.58 s with 4 sessions "
                           "(set-up 0.35 s, start 0.90 s, then 812 MB/s steady)\n"),
            std::string::npos)
      << out.str();
  const auto copy = host_json(outcome, {}).at("recommendation").at("copy");
  EXPECT_EQ(copy.at("bytes"), 4'000'000'000u);
  EXPECT_EQ(copy.at("size_from"), "size");
  EXPECT_DOUBLE_EQ(copy.at("setup_s").get<double>(), 0.35);
  EXPECT_DOUBLE_EQ(copy.at("start_s").get<double>(), 0.9);
  EXPECT_DOUBLE_EQ(copy.at("now_s").get<double>(), 9.76);
  EXPECT_DOUBLE_EQ(copy.at("advised_s").get<double>(), 6.17);
  EXPECT_EQ(copy.at("parallel_streams"), 4);
  EXPECT_DOUBLE_EQ(copy.at("parallel_s").get<double>(), 2.58);
  EXPECT_FALSE(copy.at("at_least").get<bool>());
  const auto json = host_json(outcome_with_start(0.9), {});
  EXPECT_DOUBLE_EQ(json.at("recommendation").at("session_start_s").get<double>(), 0.9);
  EXPECT_DOUBLE_EQ(json.at("recommendation").at("expected_1gb_copy_mb_per_s").get<double>(), 469.3);
  EXPECT_DOUBLE_EQ(json.at("trials")[0].at("start_s").get<double>(), 0.9);
}

TEST(HostView, TheBigFileSplitIsTimedWithItsLogInsAndHashesAndSaysFromWhatSizeItPays) {
  host::HostOutcome outcome = outcome_with_start(0.2);
  outcome.entry.session_setup_s = 0.6;
  outcome.entry.decision.expected_mb_per_s = 50;
  outcome.entry.decision.parallel = rules::ParallelAdvice{8, 200, 50};
  host::CachedTrial step{
      host::TrialRole::parallel, "aes128-gcm@openssh.com", false, 200, 200'000'000, 1, probes::TrialClient::openssh, 8};
  step.setup_s = 1.9;
  outcome.entry.trials.push_back(step);
  outcome.hash_mb_per_s = 400;
  outcome.copy = {1'000'000'000, host::CopySize::From::size_flag};
  std::ostringstream out;
  print_verdict(out, outcome, {});
  EXPECT_NE(out.str().find(", 7.10 s with 8 sessions, 10 s as one file split over them (pays from 145.0 MiB) "),
            std::string::npos)
      << out.str();
  outcome.copy = {100'000'000, host::CopySize::From::size_flag};
  std::ostringstream small;
  print_verdict(small, outcome, {});
  EXPECT_NE(small.str().find(" as one file split over them (one session is faster below 145.0 MiB) "),
            std::string::npos)
      << small.str();
  const auto copy = host_json(outcome, {}).at("recommendation").at("copy");
  EXPECT_DOUBLE_EQ(copy.at("parallel_setup_s").get<double>(), 1.9);
  EXPECT_DOUBLE_EQ(copy.at("hash_mb_per_s").get<double>(), 400);
  EXPECT_NEAR(copy.at("big_file_pays_from_bytes").get<double>(), 152e6, 1e6);
  EXPECT_TRUE(copy.at("big_file_s").is_number());
}

// A CPU-bound loopback: 1 GB at 812 MB/s after 0.35 s of set-up and 0.1 s of start; each tool copied
// 200 MB, beside a lone log-in of 0.3 s.
host::HostOutcome tools_outcome() {
  host::HostOutcome outcome = outcome_with_start(0.1);
  outcome.entry.session_setup_s = 0.35;
  outcome.copy = {1'000'000'000, host::CopySize::From::size_flag};
  const std::pair<host::TrialRole, double> runs[] = {
      {host::TrialRole::rsync, 1.4}, {host::TrialRole::scp, 0.8}, {host::TrialRole::sftp, 0.9}};
  for (const auto& [role, seconds] : runs) {
    host::CachedTrial trial{role,    "aes128-gcm@openssh.com",    false, 200 / seconds, 200'000'000,
                            seconds, probes::TrialClient::openssh};
    trial.setup_s = 0.3;
    outcome.entry.trials.push_back(trial);
  }
  return outcome;
}

TEST(HostView, EachCopyToolIsTimedFromItsOwnRunWhereTheCpuSetsThePace) {
  const host::HostOutcome outcome = tools_outcome();
  std::ostringstream out;
  print_verdict(out, outcome, {});
  // scp: 0.4 s fixed, then 200 MB in 0.4 s: 1 GB in 2.0 s more.
  EXPECT_NE(out.str().find("\ntools:       scp 2.40 s, sftp 2.90 s, rsync 5.40 s (each timed as printed, 190.7 MiB: "
                           "where the CPU sets the pace, their own work counts)\n"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("  scp as printed, whole, 190.7 MiB "), std::string::npos) << out.str();
  const auto tools = host_json(outcome, {}).at("recommendation").at("copy").at("tools");
  EXPECT_DOUBLE_EQ(tools.at("scp").at("s").get<double>(), 2.4);
  EXPECT_TRUE(tools.at("rsync").at("timed").get<bool>());
  host::HostOutcome no_rsync = outcome;
  std::erase_if(no_rsync.entry.trials, [](const host::CachedTrial& t) { return t.kind == host::TrialRole::rsync; });
  std::ostringstream missing;
  print_verdict(missing, no_rsync, {});
  EXPECT_NE(missing.str().find("their own work counts; rsync not timed)\n"), std::string::npos) << missing.str();
  EXPECT_TRUE(host_json(no_rsync, {}).at("recommendation").at("copy").at("tools").at("rsync").is_null());
}

TEST(HostView, WhereTheLinkSetsThePaceTheToolsTakeTheAdvisedTime) {
  host::HostOutcome outcome = tools_outcome();
  std::erase_if(outcome.entry.trials, [](const host::CachedTrial& t) { return host::tool_of(t.kind).has_value(); });
  outcome.entry.decision.bottleneck = rules::Bottleneck::link;
  std::ostringstream out;
  print_verdict(out, outcome, {});
  EXPECT_NE(out.str().find("\ntools:       scp 1.68 s, sftp 1.68 s, rsync 1.68 s: the link, not their own work, "
                           "sets the pace\n"),
            std::string::npos)
      << out.str();
  EXPECT_FALSE(host_json(outcome, {}).at("recommendation").at("copy").at("tools").at("sftp").at("timed").get<bool>());
  outcome.entry.decision.bottleneck = rules::Bottleneck::cpu;
  outcome.entry.direction = host::Direction::download;
  std::ostringstream download;
  print_verdict(download, outcome, {});
  EXPECT_NE(download.str().find("\ntools:       scp, sftp and rsync not timed (they are timed on uploads)\n"),
            std::string::npos)
      << download.str();
  EXPECT_TRUE(host_json(outcome, {}).at("recommendation").at("copy").at("tools").at("scp").is_null());
}

TEST(HostView, JsonSaysWhatEachMeasuringStepWasGivenAndSpent) {
  host::HostOutcome outcome = sample_outcome();
  outcome.passes = {{host::MeasuringPass::survey, std::chrono::milliseconds(1750), std::chrono::milliseconds(1134),
                     std::chrono::milliseconds(0)},
                    {host::MeasuringPass::ladder, std::chrono::milliseconds(1000), std::chrono::milliseconds(800),
                     std::chrono::milliseconds(120)}};
  const auto passes = host_json(outcome, {}).at("passes");
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_EQ(passes[0].at("pass"), "survey");
  EXPECT_DOUBLE_EQ(passes[0].at("given_s").get<double>(), 1.75);
  EXPECT_DOUBLE_EQ(passes[0].at("spent_s").get<double>(), 1.134);
  EXPECT_EQ(passes[1].at("pass"), "ladder");
  EXPECT_DOUBLE_EQ(passes[1].at("setup_s").get<double>(), 0.12);
  EXPECT_TRUE(host_json(sample_outcome(), {}).at("passes").empty()) << "a cached verdict measured nothing";
}

TEST(HostView, AWholeCopyNamesWhatWasNotMeasuredAndIsThenALowerBound) {
  host::HostOutcome outcome = sample_outcome();  // the survey's figures: no session of your ssh started
  outcome.entry.decision.current_mb_per_s.reset();
  std::ostringstream out;
  print_verdict(out, outcome, {});
  EXPECT_NE(out.str().find("\ncopy:        1.0 GiB (--size sets it): at least: now not measured, 1.32 s advised "
                           "(set-up not measured (no remote command ran), start not measured (no new session of "
                           "your ssh was timed), then 812 MB/s steady)\n"),
            std::string::npos)
      << out.str();
  const auto copy = host_json(outcome, {}).at("recommendation").at("copy");
  EXPECT_EQ(copy.at("size_from"), "standard");
  EXPECT_TRUE(copy.at("setup_s").is_null());
  EXPECT_TRUE(copy.at("start_s").is_null());
  EXPECT_TRUE(copy.at("now_s").is_null());
  EXPECT_TRUE(copy.at("parallel_s").is_null());
  EXPECT_TRUE(copy.at("big_file_s").is_null()) << "no parallel advice, no hash measured";
  EXPECT_TRUE(copy.at("at_least").get<bool>());
  EXPECT_TRUE(host_json(sample_outcome(), {}).at("recommendation").at("session_start_s").is_null());
  EXPECT_FALSE(host_json(sample_outcome(), {}).at("trials")[0].contains("start_s"));
}

TEST(CpuView, JsonListsCiphersWithTiersAndCompression) {
  CpuFindings findings;
  findings.cpu.arch = "x86_64";
  findings.cpu.model = "Test CPU";
  findings.cpu.features = {{"aes", true, true, false}, {"avx2", true, true, true}};
  probes::CipherSpeed gcm;
  gcm.name = "aes128-gcm@openssh.com";
  gcm.aead = true;
  gcm.available = true;
  gcm.mb_per_s = 2269.44;
  findings.ciphers = {gcm};
  findings.compression = {{"zlib", 6, "ssh Compression=yes", 0.31234, 40.06, 300, 1u << 20}};
  const auto json = cpu_json(findings, catalog());
  EXPECT_EQ(json.at("cpu").at("arch"), "x86_64");
  EXPECT_EQ(json.at("cpu").at("features"), nlohmann::json::array({"aes"}));  // avx2 is masked
  EXPECT_EQ(json.at("ciphers")[0].at("name"), "aes128-gcm@openssh.com");
  EXPECT_TRUE(json.at("ciphers")[0].at("mac").is_null());
  EXPECT_DOUBLE_EQ(json.at("ciphers")[0].at("mb_per_s").get<double>(), 2269.4);
  EXPECT_EQ(json.at("ciphers")[0].at("tier"), "recommended");
  EXPECT_EQ(json.at("compression")[0].at("codec"), "zlib");
  EXPECT_DOUBLE_EQ(json.at("compression")[0].at("ratio").get<double>(), 0.312);
}

}  // namespace
}  // namespace sshtune::cli
