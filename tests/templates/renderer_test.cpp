#include "templates/renderer.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using sshtune::templates::render;
using sshtune::templates::Variables;

namespace {

const Variables k_vars{{"host", "db1"}, {"ciphers", "^aes128-gcm@openssh.com"}, {"empty", ""}, {"flag", "-z"}};

std::string rendered(const std::string& text, const Variables& vars = k_vars) {
  const auto result = render(text, "t.tmpl", vars);
  EXPECT_TRUE(result) << (result ? "" : result.error().message);
  return result ? result.value() : "";
}

std::string error_of(const std::string& text, const Variables& vars = k_vars) {
  const auto result = render(text, "t.tmpl", vars);
  EXPECT_FALSE(result) << "rendered: " << (result ? result.value() : "");
  if (result) return "";
  EXPECT_EQ(result.error().kind, ErrorKind::invalid_input);
  return result.error().message;
}

}  // namespace

TEST(Renderer, SubstitutesVariables) {
  EXPECT_EQ(rendered("Host {{host}}\n  Ciphers {{ ciphers }}\n"), "Host db1\n  Ciphers ^aes128-gcm@openssh.com\n");
}

TEST(Renderer, TextWithoutTagsIsUnchanged) {
  EXPECT_EQ(rendered("a { b } c}}\nno newline at end"), "a { b } c}}\nno newline at end");
  EXPECT_EQ(rendered(""), "");
}

TEST(Renderer, SectionShownWhenValueIsNonEmpty) {
  EXPECT_EQ(rendered("rsync{{#flag}} {{flag}}{{/flag}} x"), "rsync -z x");
  EXPECT_EQ(rendered("rsync{{#empty}} {{empty}}{{/empty}} x"), "rsync x");
}

TEST(Renderer, InvertedSectionShownWhenValueIsEmpty) {
  EXPECT_EQ(rendered("{{^empty}}none{{/empty}}|{{^flag}}none{{/flag}}"), "none|");
}

TEST(Renderer, NestedSections) {
  EXPECT_EQ(rendered("{{#host}}[{{#flag}}{{flag}}{{#empty}}!{{/empty}}{{/flag}}]{{/host}}"), "[-z]");
  EXPECT_EQ(rendered("{{#empty}}[{{#flag}}{{flag}}{{/flag}}]{{/empty}}"), "");
}

TEST(Renderer, StandaloneSectionAndCommentLinesDisappear) {
  const std::string text =
      "{{! a comment line }}\n"
      "Host {{host}}\n"
      "  {{#empty}}\n"
      "    Ciphers {{empty}}\n"
      "  {{/empty}}\n"
      "{{#ciphers}}\n"
      "    Ciphers {{ciphers}}\n"
      "{{/ciphers}}\n"
      "    Compression no\n";
  EXPECT_EQ(rendered(text), "Host db1\n    Ciphers ^aes128-gcm@openssh.com\n    Compression no\n");
}

TEST(Renderer, StandaloneVariableLineStays) { EXPECT_EQ(rendered("{{empty}}\nx\n"), "\nx\n"); }

TEST(Renderer, InlineCommentRendersAsNothing) { EXPECT_EQ(rendered("a{{! note }}b\n"), "ab\n"); }

TEST(Renderer, CrLfLinesKeepTheirEndings) {
  EXPECT_EQ(rendered("Host {{host}}\r\n{{#flag}}\r\nx\r\n{{/flag}}\r\n"), "Host db1\r\nx\r\n");
}

TEST(Renderer, UnknownVariableNamesFileAndLine) {
  EXPECT_EQ(error_of("Host {{host}}\n\n  Ciphers {{hots}}\n"), "t.tmpl:3: unknown variable 'hots'");
}

TEST(Renderer, UnknownVariableInsideHiddenSectionIsStillAnError) {
  EXPECT_EQ(error_of("{{#empty}}\n{{typo}}\n{{/empty}}\n"), "t.tmpl:2: unknown variable 'typo'");
}

TEST(Renderer, UnknownSectionNameIsAnError) {
  EXPECT_EQ(error_of("x\n{{#nope}}y{{/nope}}\n"), "t.tmpl:2: unknown variable 'nope'");
}

TEST(Renderer, UnclosedSectionNamesWhereItOpened) {
  EXPECT_EQ(error_of("a\n{{#flag}}\nb\n"), "t.tmpl:2: section 'flag' is never closed");
}

TEST(Renderer, MismatchedCloseNamesBothLines) {
  EXPECT_EQ(error_of("{{#flag}}\n{{#host}}\n{{/flag}}\n"),
            "t.tmpl:3: '{{/flag}}' does not close section 'host' opened at line 2");
}

TEST(Renderer, CloseWithoutOpenIsAnError) {
  EXPECT_EQ(error_of("a\nb {{/flag}}\n"), "t.tmpl:2: '{{/flag}}' closes no open section");
}

TEST(Renderer, UnterminatedTagIsAnError) {
  EXPECT_EQ(error_of("ok\nHost {{host\n}}\n"), "t.tmpl:2: '{{' without '}}' on the same line");
}

TEST(Renderer, MalformedTagNamesIsAnError) {
  EXPECT_EQ(error_of("{{host name}}"), "t.tmpl:1: bad tag '{{host name}}'");
  EXPECT_EQ(error_of("{{}}"), "t.tmpl:1: bad tag '{{}}'");
  EXPECT_EQ(error_of("{{#}}{{/}}"), "t.tmpl:1: bad tag '{{#}}'");
}

TEST(Renderer, ValuesAreNotReinterpreted) {
  const Variables vars{{"v", "{{host}}"}, {"host", "db1"}};
  EXPECT_EQ(rendered("{{v}}", vars), "{{host}}");
}
