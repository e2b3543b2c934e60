// The fleet's summary table, JSON array and progress lines.
#include "tuner/cli/fleet_view.hpp"
#include "tuner/cli/host_view.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace sshtune::cli {
namespace {

host::FleetResult tuned(const std::string& host, double expected, std::optional<double> now, bool compression = false) {
  host::FleetResult result;
  result.host = host;
  host::HostOutcome outcome;
  outcome.entry.host = host;
  outcome.entry.target = "10.0.0.5:22";
  outcome.target = outcome.entry.target;
  outcome.entry.decision.ciphers = {"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"};
  outcome.entry.decision.compression = compression;
  outcome.entry.decision.bottleneck = compression ? rules::Bottleneck::link : rules::Bottleneck::cpu;
  outcome.entry.decision.expected_mb_per_s = expected;
  outcome.entry.decision.current_mb_per_s = now;
  outcome.entry.decision.current_cipher = "chacha20-poly1305@openssh.com";
  result.outcome = outcome;
  result.snippets = {{"ssh", "ssh -c aes128-gcm@openssh.com " + host + "\n"}};
  return result;
}

host::FleetResult failed(const std::string& host, const std::string& message) {
  host::FleetResult result;
  result.host = host;
  result.error = Error{ErrorKind::remote, message};
  return result;
}

const std::vector<host::FleetResult>& sample_fleet() {
  static const std::vector<host::FleetResult> fleet{tuned("web", 330, 240), failed("down", "down: connect: refused"),
                                                    tuned("archive-01", 10.9, std::nullopt, true)};
  return fleet;
}

TEST(FleetView, TableHasOneRowPerHostInRunOrder) {
  std::ostringstream out;
  print_fleet_table(out, sample_fleet());
  EXPECT_EQ(out.str(),
            "host        bottleneck  choice                  compression  steady    steady now  gain\n"
            "web         cpu         aes128-gcm@openssh.com  no           330 MB/s  240 MB/s    1.38x\n"
            "down        failed: down: connect: refused\n"
            "archive-01  link        aes128-gcm@openssh.com  yes          11 MB/s   ?           -\n"
            "3 hosts: 2 tuned, 1 failed\n");
}

TEST(FleetView, JsonIsTheSingleHostObjectsPlusError) {
  const auto json = fleet_json(sample_fleet());
  ASSERT_TRUE(json.is_array());
  ASSERT_EQ(json.size(), 3u);
  auto first = json[0];
  EXPECT_TRUE(first.at("error").is_null());
  first.erase("error");
  EXPECT_EQ(first, host_json(*sample_fleet()[0].outcome, sample_fleet()[0].snippets));
  EXPECT_EQ(json[1], (nlohmann::json{{"host", "down"}, {"error", "down: connect: refused"}}));
  EXPECT_EQ(json[2].at("host"), "archive-01");
  EXPECT_EQ(json[2].at("recommendation").at("compression"), true);
  EXPECT_TRUE(json[2].at("recommendation").at("current_mb_per_s").is_null());
}

TEST(FleetView, EmptyFleetIsAnEmptyArray) { EXPECT_EQ(fleet_json({}).dump(), "[]"); }

TEST(FleetView, ProgressLines) {
  EXPECT_EQ(fleet_started_line(1, 16, "web"), "[2/16] web");
  EXPECT_EQ(fleet_finished_line(0, 3, sample_fleet()[0]),
            "[1/3] web: aes128-gcm@openssh.com, compression no, 330 MB/s steady");
  EXPECT_EQ(fleet_finished_line(1, 3, sample_fleet()[1]), "[2/3] down: failed: down: connect: refused");
}

TEST(FleetView, GainNeedsAKnownCurrentSpeed) {
  rules::Decision decision;
  decision.expected_mb_per_s = 100;
  EXPECT_EQ(gain_text(decision), "-");
  decision.current_mb_per_s = 0;
  EXPECT_EQ(gain_text(decision), "-");
  decision.current_mb_per_s = 40;
  EXPECT_EQ(gain_text(decision), "2.50x");
}

}  // namespace
}  // namespace sshtune::cli
