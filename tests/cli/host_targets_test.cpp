// Which hosts a fleet run tunes: --hosts lines, --all over the config, several names.
#include "tests/support/temp_dir.hpp"
#include "tuner/cli/host_targets.hpp"

#include <gtest/gtest.h>

namespace sshtune::cli {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

TEST(HostTargets, EntryWithUserAndPort) {
  const auto entry = parse_host_entry("deploy@web.example:2222", "f:1");
  ASSERT_TRUE(entry) << entry.error().message;
  EXPECT_EQ(entry.value(), (HostName{"web.example", "deploy", "2222"}));
}

TEST(HostTargets, EntryForms) {
  EXPECT_EQ(parse_host_entry("web", "f:1").value(), (HostName{"web", {}, {}}));
  EXPECT_EQ(parse_host_entry("web:22", "f:1").value(), (HostName{"web", {}, "22"}));
  EXPECT_EQ(parse_host_entry("a@b@web", "f:1").value(), (HostName{"web", "a@b", {}}));
  EXPECT_EQ(parse_host_entry("[2001:db8::1]:2200", "f:1").value(), (HostName{"2001:db8::1", {}, "2200"}));
  EXPECT_EQ(parse_host_entry("2001:db8::1", "f:1").value(), (HostName{"2001:db8::1", {}, {}}));
}

TEST(HostTargets, BadEntriesNameTheLine) {
  EXPECT_EQ(parse_host_entry("web:0", "hosts:3").error().message, "hosts:3: bad port '0'");
  EXPECT_EQ(parse_host_entry("web:http", "hosts:3").error().message, "hosts:3: bad port 'http'");
  EXPECT_EQ(parse_host_entry("@web", "hosts:3").error().message, "hosts:3: empty user in '@web'");
  EXPECT_EQ(parse_host_entry("[::1", "hosts:3").error().message, "hosts:3: unbalanced '[' in '[::1'");
  const auto bad = parse_host_entry("-oProxyCommand=x", "hosts:4");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ErrorKind::usage);
  EXPECT_TRUE(bad.error().message.starts_with("hosts:4: ")) << bad.error().message;
}

TEST(HostTargets, HostsFileSkipsCommentsAndBlankLines) {
  const auto entries = parse_hosts_file("# fleet\n\nweb\n  alice@db:2200   # the database\r\nbackup\n", "hosts.txt");
  ASSERT_TRUE(entries) << entries.error().message;
  EXPECT_EQ(entries.value(), (std::vector<HostName>{{"web", {}, {}}, {"db", "alice", "2200"}, {"backup", {}, {}}}));
}

TEST(HostTargets, HostsFileErrors) {
  EXPECT_EQ(parse_hosts_file("web\nweb db\n", "h").error().message,
            "h:2: expected one [user@]host[:port], not 'web db'");
  EXPECT_EQ(parse_hosts_file("# nothing\n\n", "h").error().message, "h: no hosts in the file");
}

class AllHosts : public ::testing::Test {
 protected:
  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
};

TEST_F(AllHosts, ConcreteAliasesOfTheConfigAndItsIncludes) {
  m_dir.write(".ssh/config",
              "Include ~/.ssh/more.conf\nHost web db\n  Port 2\nHost *.lan !bastion\nHost web\nHost *\n"
              "Match host matched\n");
  m_dir.write(".ssh/more.conf", "Host backup\n");
  const auto found = config_aliases(std::nullopt);
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(found.value().aliases, (std::vector<std::string>{"web", "db", "backup"}));
  EXPECT_EQ(found.value().skipped, (std::vector<std::string>{"*.lan", "!bastion", "*"}));
}

TEST_F(AllHosts, MissingConfigIsAnError) {
  const auto found = config_aliases((m_dir.path() / "nope").string());
  ASSERT_FALSE(found);
  EXPECT_NE(found.error().message.find("nope"), std::string::npos) << found.error().message;
}

TEST_F(AllHosts, OneNameIsNotAFleet) {
  const auto one = select_hosts({"web"}, false, std::nullopt, std::nullopt);
  ASSERT_TRUE(one);
  EXPECT_FALSE(one.value().fleet);
  const auto two = select_hosts({"web", "db"}, false, std::nullopt, std::nullopt);
  ASSERT_TRUE(two);
  EXPECT_TRUE(two.value().fleet);
  EXPECT_EQ(two.value().hosts.size(), 2u);
}

TEST_F(AllHosts, SelectionJoinsNamesAllAndTheFileEachHostOnce) {
  const auto config = m_dir.write("config", "Host web db\nHost *\n");
  const auto file = m_dir.write("hosts", "db\nbob@backup:2022\n");
  const auto selection = select_hosts({"web", "extra"}, true, file.string(), config.string());
  ASSERT_TRUE(selection) << selection.error().message;
  EXPECT_TRUE(selection.value().fleet);
  EXPECT_EQ(selection.value().hosts,
            (std::vector<HostName>{{"web", {}, {}}, {"extra", {}, {}}, {"db", {}, {}}, {"backup", "bob", "2022"}}));
  EXPECT_EQ(selection.value().skipped, (std::vector<std::string>{"*"}));
}

TEST_F(AllHosts, SelectionErrors) {
  const auto config = m_dir.write("config", "Host *\n");
  EXPECT_EQ(select_hosts({}, true, std::nullopt, config.string()).error().message,
            "host: --all: no concrete Host alias in " + config.string());
  const auto file = m_dir.write("hosts", "alice@web\n");
  EXPECT_EQ(select_hosts({"web", "db"}, false, file.string(), std::nullopt).error().message,
            "host: web is named twice, with different users or ports");
  const auto bad = select_hosts({"web", "bad,name"}, false, std::nullopt, std::nullopt);
  ASSERT_FALSE(bad);
  EXPECT_TRUE(bad.error().message.starts_with("host: ")) << bad.error().message;
  EXPECT_EQ(select_hosts({"web"}, false, (m_dir.path() / "missing").string(), std::nullopt).error().kind,
            ErrorKind::io);
}

}  // namespace
}  // namespace sshtune::cli
