#include "templates/snippets.hpp"
#include "templates/template_store.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using namespace sshtune::templates;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;

namespace {

SnippetInput db1() {
  SnippetInput in;
  in.host = "db1";
  in.decision.ciphers = {"aes128-gcm@openssh.com"};
  in.decision.compression = true;
  in.decision.rsync_compress = "zstd";
  in.client_version = "OpenSSH_9.2p1";
  return in;
}

}  // namespace

TEST(TemplateStore, UserDirFollowsXdgConfigHome) {
  const TempDir dir;
  const ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  EXPECT_EQ(user_template_dir(), dir.path() / "ssh-tune" / "templates");
}

TEST(TemplateStore, UserDirDefaultsToHomeConfig) {
  const ScopedEnv xdg("XDG_CONFIG_HOME", "");
  const ScopedEnv home("HOME", "/home/someone");
  EXPECT_EQ(user_template_dir(), std::filesystem::path("/home/someone/.config/ssh-tune/templates"));
}

TEST(TemplateStore, RelativeXdgConfigHomeIsIgnored) {
  const ScopedEnv xdg("XDG_CONFIG_HOME", "relative/dir");
  const ScopedEnv home("HOME", "/home/someone");
  EXPECT_EQ(user_template_dir(), std::filesystem::path("/home/someone/.config/ssh-tune/templates"));
}

TEST(TemplateStore, ShippedTemplatesExistAndRenderForEveryKind) {
  const TempDir dir;
  const ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  for (const SnippetKind kind : all_snippet_kinds()) {
    const auto file = load_template(template_name(kind));
    ASSERT_TRUE(file) << file.error().message;
    EXPECT_EQ(file.value().path.filename(), template_name(kind));
    SnippetInput in = db1();
    EXPECT_TRUE(render_snippet(kind, in)) << template_name(kind);
    in.decision.ciphers.clear();
    EXPECT_TRUE(render_snippet(kind, in)) << template_name(kind) << " without ciphers";
  }
}

TEST(TemplateStore, UserOverrideWins) {
  const TempDir dir;
  const ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  // Values arrive as shell words already: a template puts no quotes around them.
  const auto path = dir.write("ssh-tune/templates/rsync.tmpl", "my-rsync -c {{ciphers}} {{rsync_compress}}\n");
  const auto file = load_template("rsync.tmpl");
  ASSERT_TRUE(file);
  EXPECT_EQ(file.value().path, path);
  const auto text = render_snippet(SnippetKind::rsync, db1());
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(text.value(), "my-rsync -c '^aes128-gcm@openssh.com' --compress-choice=zstd\n");
  // Kinds the user did not override still come from the shipped files.
  const auto scp = render_snippet(SnippetKind::scp, db1());
  ASSERT_TRUE(scp);
  EXPECT_EQ(scp.value().rfind("scp -c ", 0), 0u);
}

TEST(TemplateStore, ErrorsInAnOverrideNameItsPathAndLine) {
  const TempDir dir;
  const ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  const auto path = dir.write("ssh-tune/templates/ssh.tmpl", "# mine\nssh {{hostname}}\n");
  const auto text = render_snippet(SnippetKind::ssh, db1());
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().message, path.string() + ":2: unknown variable 'hostname'");
}

TEST(TemplateStore, UnclosedSectionInAnOverrideNamesItsLine) {
  const TempDir dir;
  const ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  const auto path = dir.write("ssh-tune/templates/scp.tmpl", "scp\n{{#ciphers}} -c {{ciphers}}\n");
  const auto text = render_snippet(SnippetKind::scp, db1());
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().message, path.string() + ":2: section 'ciphers' is never closed");
}

TEST(TemplateStore, MissingTemplateIsAnIoError) {
  const TempDir dir;
  const ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  const auto file = load_template("no-such.tmpl");
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().kind, ErrorKind::io);
  EXPECT_NE(file.error().message.find("templates/no-such.tmpl"), std::string::npos) << file.error().message;
}

TEST(TemplateStore, UnreadableOverrideIsAnIoErrorNamingIt) {
  const TempDir dir;
  const ScopedEnv xdg("XDG_CONFIG_HOME", dir.path().string());
  std::filesystem::create_directories(dir.path() / "ssh-tune/templates/ssh.tmpl");  // a directory, not a file
  const auto file = load_template("ssh.tmpl");
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().kind, ErrorKind::io);
  EXPECT_NE(file.error().message.find("ssh-tune/templates/ssh.tmpl"), std::string::npos) << file.error().message;
}
