// The cache on disk (tuner/host/host_cache.hpp) attacked the way another account
// would: entries it owns, shared modes, a shared directory, a symlink. HOME and
// XDG_CACHE_HOME point into a temp dir; "another user" is uid 65534 (tests run as root).

#include "tuner/host/cache_validation.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/host/pipeline.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include "tests/support/fake_clock.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <ctime>

namespace sshtune::host {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

class HostCache : public ::testing::Test {
 protected:
  HostCache() {
    CachedHost entry;
    entry.host = "db1";
    entry.measured_unix = m_clock.unix_seconds();
    entry.decision.ciphers = {"aes128-gcm@openssh.com"};
    EXPECT_TRUE(save_cached_host(entry));
  }
  std::string load_error(const std::string& host = "db1") const {
    const auto loaded = load_cached_host(host, k_cache_max_age, m_rules, m_clock);
    if (!loaded) {
      // Every refusal ends with the way past it; the tests below compare what comes before.
      const std::string hint = " (ssh-tune host " + host + " --fresh measures again and replaces it)";
      const std::string& message = loaded.error().message;
      EXPECT_TRUE(message.ends_with(hint)) << message;
      return message.substr(0, message.size() - (message.ends_with(hint) ? hint.size() : 0));
    }
    return loaded.value() ? "loaded" : "absent";
  }
  std::string uid() const { return std::to_string(::geteuid()); }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  ScopedEnv m_cache{"XDG_CACHE_HOME", (m_dir.path() / "cache").string()};
  CacheRules m_rules{rules::load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value(),
                     rules::Policy{}, sshtune::testing::openssh_9_2_debian_snapshot().supported(AlgorithmKind::cipher)};
  std::filesystem::path m_entry = cache_path("db1");
  testing::FakeClock m_clock;
};

TEST_F(HostCache, SavedEntriesArePrivateAndLoad) {
  EXPECT_EQ(testing::mode_of(cache_dir()), 0700u);
  EXPECT_EQ(testing::mode_of(m_entry), 0600u);
  EXPECT_EQ(load_error(), "loaded");
  EXPECT_EQ(load_error("db2"), "absent");
}

TEST_F(HostCache, AnEntryIsFreshForItsMaxAgeOnTheClockItIsGiven) {
  m_clock.advance(k_cache_max_age - std::chrono::seconds(1));
  EXPECT_EQ(load_error(), "loaded");
  m_clock.advance(std::chrono::seconds(2));
  EXPECT_EQ(load_error(), "absent") << "older than the max age";
}

TEST_F(HostCache, ASamplePathWithANewlineStaysReadable) {
  HostRequest request;
  request.sample_path = "/data/a\nb";
  EXPECT_EQ(sample_label(request), "/data/a\\nb");
  CachedHost entry;
  entry.host = "db1";
  entry.measured_unix = m_clock.unix_seconds();
  entry.decision.ciphers = {"aes128-gcm@openssh.com"};
  entry.sample = sample_label(request);
  ASSERT_TRUE(save_cached_host(entry));
  EXPECT_EQ(load_error(), "loaded");
}

TEST_F(HostCache, AnEntryOwnedByAnotherUserIsRefused) {
  ASSERT_EQ(::chown(m_entry.c_str(), 65534, 65534), 0);
  EXPECT_EQ(load_error(), m_entry.string() + ": owned by uid 65534, not by uid " + uid() + "; refusing to use it");
}

TEST_F(HostCache, AWorldWritableEntryIsRefused) {
  std::filesystem::permissions(m_entry, std::filesystem::perms(0666));
  EXPECT_EQ(load_error(), m_entry.string() + ": writable by group or others (mode 0666); refusing to use it");
}

TEST_F(HostCache, AnEntryInASharedDirectoryIsRefused) {
  std::filesystem::permissions(cache_dir(), std::filesystem::perms(0777));
  EXPECT_EQ(load_error(), cache_dir().string() + ": writable by group or others (mode 0777); refusing to use it");
  std::filesystem::permissions(cache_dir(), std::filesystem::perms(0700));
  ASSERT_EQ(::chown(cache_dir().c_str(), 65534, 65534), 0);
  EXPECT_EQ(load_error(), cache_dir().string() + ": owned by uid 65534, not by uid " + uid() + "; refusing to use it");
}

TEST_F(HostCache, ASymlinkedEntryIsRefused) {
  const auto elsewhere = m_dir.path() / "planted.toml";
  std::filesystem::rename(m_entry, elsewhere);
  std::filesystem::create_symlink(elsewhere, m_entry);
  EXPECT_EQ(load_error(), m_entry.string() + ": is a symlink; refusing to use it");
}

TEST_F(HostCache, AForgedButPrivateEntryIsValidated) {
  std::string text = testing::read_file(m_entry);
  const auto at = text.find("'aes128-gcm@openssh.com'");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, std::string("'aes128-gcm@openssh.com'").size(), "'3des-cbc'");
  m_dir.write("cache/ssh-tune/db1.toml", text);
  EXPECT_EQ(load_error(), m_entry.string() +
                              ": decision.ciphers: 3des-cbc is deprecated, below the security floor ("
                              "acceptable or better); refusing to use it");
}

TEST_F(HostCache, SavingReplacesAnEntrySshTuneDidNotWrite) {
  ASSERT_EQ(::chown(m_entry.c_str(), 65534, 65534), 0);
  std::filesystem::permissions(m_entry, std::filesystem::perms(0666));
  std::filesystem::permissions(cache_dir(), std::filesystem::perms(0755));
  CachedHost entry;
  entry.host = "db1";
  entry.measured_unix = m_clock.unix_seconds();
  entry.decision.ciphers = {"aes256-gcm@openssh.com"};
  ASSERT_TRUE(save_cached_host(entry));
  struct stat st {};
  ASSERT_EQ(::stat(m_entry.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, ::geteuid());
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(testing::mode_of(cache_dir()), 0700u);
  EXPECT_EQ(load_error(), "loaded");
}

TEST_F(HostCache, SavingRefusesADirectoryOfAnotherUser) {
  ASSERT_EQ(::chown(cache_dir().c_str(), 65534, 65534), 0);
  CachedHost entry;
  entry.host = "db1";
  const auto saved = save_cached_host(entry);
  ASSERT_FALSE(saved);
  EXPECT_EQ(saved.error().message,
            cache_dir().string() + ": owned by uid 65534, not by uid " + uid() + "; refusing to use it");
}

CachedTrial openssh_trial(TrialRole role, std::optional<double> start_s) {
  CachedTrial trial{role, "aes128-gcm@openssh.com", false, 500, 1 << 20, 0.3, probes::TrialClient::openssh, 1};
  trial.start_s = start_s;
  return trial;
}

TEST(SessionStart, IsTheMedianOfTheSingleSessionOpensshTrials) {
  CachedHost entry;
  EXPECT_EQ(session_start_s(entry), std::nullopt) << "no OpenSSH trial, no start";
  entry.trials = {openssh_trial(TrialRole::upload, 0.9), openssh_trial(TrialRole::upload, 0.1),
                  openssh_trial(TrialRole::zlib_sample, 0.8), openssh_trial(TrialRole::upload, std::nullopt)};
  entry.trials.push_back(openssh_trial(TrialRole::parallel, 5.0));  // k sessions at once: not one new session's
  CachedTrial survey = openssh_trial(TrialRole::upload, 7.0);
  survey.client = probes::TrialClient::libssh;
  entry.trials.push_back(survey);
  EXPECT_EQ(session_start_s(entry), 0.8);
}

TEST(SessionStart, AWholeCopyPaysItOnceThenStreams) {
  EXPECT_DOUBLE_EQ(whole_copy_mb_per_s(1000, 1.0, 1000), 500) << "1 s of start, then 1 s streaming";
  EXPECT_DOUBLE_EQ(whole_copy_mb_per_s(1000, 0, 1000), 1000);
  EXPECT_NEAR(whole_copy_mb_per_s(1000, 1.0, 10000), 909.09, 0.01);
  EXPECT_EQ(whole_copy_mb_per_s(0, 1.0, 1000), 0) << "nothing measured, nothing promised";
}

}  // namespace
}  // namespace sshtune::host
