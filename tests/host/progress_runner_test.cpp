#include "tests/support/fake_runner.hpp"
#include "tuner/host/progress_runner.hpp"
#include "tuner/host/trial_label.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace sshtune::host {
namespace {

TEST(ProgressRunner, ShowsEachTrialAndClearsTheLineAtTheEnd) {
  testing::FakeRunner inner;
  std::vector<std::string> shown;
  ProgressRunner runner(inner, [&shown](const std::string& what) { shown.push_back(what); });
  ASSERT_TRUE(runner.check_access());
  probes::TrialSpec spec;
  spec.cipher = "aes128-ctr";
  spec.compression = true;
  ASSERT_TRUE(runner.run(spec));
  runner.finish();
  ASSERT_GE(shown.size(), 3u);
  EXPECT_EQ(shown.front(), "connecting, checking the host key");
  EXPECT_NE(std::find(shown.begin(), shown.end(), "upload aes128-ctr +zlib"), shown.end());
  EXPECT_EQ(shown.back(), "") << "the status ends";
}

TEST(ProgressRunner, SilentWhenUnsetAndEachResultNamesThePayloadItCarried) {
  testing::FakeRunner inner;
  auto sample = std::make_shared<const std::string>("text text text");
  ProgressRunner runner(inner, {});
  probes::TrialSpec with_sample;
  with_sample.compression = true;
  with_sample.payload = sample;
  probes::TrialSpec random = with_sample;
  random.payload = std::make_shared<const std::string>("random");
  probes::TrialSpec plain;
  EXPECT_EQ(runner.run(with_sample).value().payload, sample);
  EXPECT_EQ(runner.run(random).value().payload, random.payload);
  EXPECT_EQ(runner.run(plain).value().payload, nullptr);
  EXPECT_FALSE(static_cast<bool>(inner.specs[0].on_progress));  // nothing to show, nothing wrapped
}

TEST(DescribeTrial, NamesWhatRuns) {
  probes::TrialSpec spec;
  spec.cipher = "aes256-ctr";
  EXPECT_EQ(describe_trial(spec), "upload aes256-ctr");
  spec.kind = probes::TrialKind::download;
  EXPECT_EQ(describe_trial(spec), "download aes256-ctr");
  spec.kind = probes::TrialKind::round_trips;
  EXPECT_EQ(describe_trial(spec), "round trips");
}

TEST(DescribeTrial, TheNotesNameAnOpensshTrialTheSameWay) {
  probes::TrialSpec spec;
  spec.cipher = "aes128-ctr";
  spec.compression = true;
  EXPECT_EQ(describe_trial(spec), "upload aes128-ctr +zlib");
  EXPECT_EQ(ssh_trial_label(spec), "ssh upload aes128-ctr +zlib");
  spec.kind = probes::TrialKind::download;
  EXPECT_EQ(ssh_trial_label(spec), "ssh download aes128-ctr +zlib");
}

}  // namespace
}  // namespace sshtune::host
