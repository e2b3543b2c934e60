// The one check of host names and aliases (tuner/sshconfig/names.hpp), written as
// attacks: every name a hostile caller might pass, with the exact refusal.

#include "tuner/sshconfig/names.hpp"

#include <gtest/gtest.h>

namespace sshtune::sshconfig {
namespace {

std::string destination_error(const std::string& name) {
  const auto checked = check_destination(name);
  return checked ? "accepted" : checked.error().message;
}

std::string alias_error(const std::string& name) {
  const auto checked = check_host_alias(name);
  return checked ? "accepted" : checked.error().message;
}

TEST(HostNames, OrdinaryDestinationsPass) {
  for (const std::string name :
       {"db1", "Web-01.example.com", "me@db1", "me@corp@db1", "127.0.0.1", "::1", "[::1]", "host_2", "db*"}) {
    EXPECT_EQ(destination_error(name), "accepted") << name;
  }
}

TEST(HostNames, OptionInjectionIsRefused) {
  EXPECT_EQ(destination_error("-oProxyCommand=touch /tmp/x"),
            "invalid host name '-oProxyCommand=touch /tmp/x': starts with '-', which ssh would read as an option");
  EXPECT_EQ(destination_error("-v"), "invalid host name '-v': starts with '-', which ssh would read as an option");
}

TEST(HostNames, ShellMetacharactersAreRefused) {
  EXPECT_EQ(destination_error("a;b"), "invalid host name 'a;b': contains ';', which ssh refuses in a host name");
  EXPECT_EQ(destination_error("$(touch x)"),
            "invalid host name '$(touch x)': contains '$', which ssh refuses in a host name");
  EXPECT_EQ(destination_error("`id`"), "invalid host name '`id`': contains '`', which ssh refuses in a host name");
  for (const std::string name :
       {"a|b", "a&b", "a>b", "a<b", "a(b", "a)b", "a{b", "a}b", "a'b", "a\"b", "a\\b", "a,b"}) {
    EXPECT_NE(destination_error(name), "accepted") << name;
  }
}

TEST(HostNames, ControlCharactersAndWhitespaceAreRefused) {
  EXPECT_EQ(destination_error("a\nProxyCommand x"),
            "invalid host name 'a\\nProxyCommand x': contains a control character ('\\n')");
  EXPECT_EQ(destination_error("a\x1b[31m"), "invalid host name 'a\\e[31m': contains a control character ('\\e')");
  EXPECT_EQ(destination_error("a b"), "invalid host name 'a b': contains whitespace");
  EXPECT_EQ(destination_error(""), "invalid host name '': it is empty");
}

TEST(HostNames, TheUserPartFollowsSshsUserRule) {
  EXPECT_EQ(destination_error("-l@db1"),
            "invalid host name '-l@db1': its user starts with '-', which ssh would read as an option");
  EXPECT_EQ(destination_error("a;b@db1"),
            "invalid host name 'a;b@db1': its user contains ';', which ssh refuses in a user name");
  EXPECT_EQ(destination_error("me@-oProxyCommand=x"),
            "invalid host name 'me@-oProxyCommand=x': starts with '-', which ssh would read as an option");
}

TEST(HostNames, RemoteUser) {
  EXPECT_TRUE(check_remote_user("alice"));
  EXPECT_EQ(check_remote_user("-oProxyCommand=x").error().message,
            "invalid user name '-oProxyCommand=x': starts with '-', which ssh would read as an option");
  EXPECT_EQ(check_remote_user("a\\").error().message,
            "invalid user name 'a\\': ends with '\\', which ssh refuses in a user name");
  EXPECT_EQ(check_remote_user("a -b").error().message,
            "invalid user name 'a -b': has a '-' after whitespace, which ssh refuses in a user name");
}

TEST(HostAliases, PlainAliasesAndPatternsPass) {
  for (const std::string alias : {"myhost", "Web-01.example.com", "*.internal", "db?", "me@db3"}) {
    EXPECT_EQ(alias_error(alias), "accepted") << alias;
  }
}

TEST(HostAliases, WhatAHostLineCannotHoldIsRefused) {
  EXPECT_EQ(alias_error("a b"), "invalid host alias 'a b': contains whitespace");
  EXPECT_EQ(alias_error("a b@db"), "invalid host alias 'a b@db': contains whitespace");
  EXPECT_EQ(alias_error("!a"), "invalid host alias '!a': contains '!', which a Host pattern cannot hold");
  EXPECT_EQ(alias_error("a#b"), "invalid host alias 'a#b': contains '#', which a Host pattern cannot hold");
  EXPECT_EQ(alias_error("a=b"), "invalid host alias 'a=b': contains '=', which a Host pattern cannot hold");
  for (const std::string bad : {"", "-oProxyCommand=x", "a,b", "a\"b", "a\tb", "a\nb", "a;b", "$(x)"}) {
    EXPECT_NE(alias_error(bad), "accepted") << bad;
  }
}

}  // namespace
}  // namespace sshtune::sshconfig
