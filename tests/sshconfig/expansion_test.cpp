// Group 1 of issue #16: tokens, ${VAR} and ~ expanded where ssh 9.2 expands them
// before printing (ControlPath, RemoteCommand, IdentityAgent, UserKnownHostsFile,
// ForwardAgent, forwarding socket paths), and kept raw where it prints them raw.

#include "tests/sshconfig/eval_fixture.hpp"
#include "tuner/sshconfig/sha1.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include "base/paths.hpp"

#include <unistd.h>

namespace sshtune::sshconfig {
namespace {

class Tokens : public EvalFixture {
 protected:
  EvalRequest as_root() {
    EvalRequest request;
    request.user = "root";
    return request;
  }
};

TEST_F(Tokens, ControlPathExpandsUserHostPort) {
  // The issue's example: /tmp/%r@%h:%p → /tmp/root@192.168.1.20:22
  EXPECT_EQ(value("ControlPath /tmp/%r@%h:%p\n", "controlpath", "192.168.1.20", as_root()),
            "/tmp/root@192.168.1.20:22");
}

TEST_F(Tokens, RemoteCommandExpandsLocalTokens) {
  // The issue's example: echo %L %l %d %i %p → echo vm vm /root 0 22 on host "vm" as root.
  const std::string host = local_host_name();
  const std::string expected = "echo " + host.substr(0, host.find('.')) + " " + host + " " + passwd_home() + " " +
                               std::to_string(getuid()) + " 22";
  EXPECT_EQ(value("RemoteCommand echo %L %l %d %i %p\n", "remotecommand"), expected);
  EXPECT_EQ(value("RemoteCommand ls ${HOME} %%\n", "remotecommand"), "ls ${HOME} %");  // no ${} in RemoteCommand
}

TEST_F(Tokens, ForwardAgentAndIdentityAgentExpandTildeFromThePasswdHome) {
  // The issue's example: ~/.ssh/agent.sock → /root/.ssh/agent.sock for root.
  EXPECT_EQ(value("ForwardAgent ~/.ssh/agent.sock\n", "forwardagent"), passwd_home() + "/.ssh/agent.sock");
  EXPECT_EQ(value("IdentityAgent ~/agent-%h\n", "identityagent"), passwd_home() + "/agent-foo");
  EXPECT_EQ(value("IdentityAgent SSH_AUTH_SOCK\n", "identityagent"), "SSH_AUTH_SOCK");
  EXPECT_EQ(value("IdentityAgent $SSH_AUTH_SOCK\n", "identityagent"), "$SSH_AUTH_SOCK");
}

TEST_F(Tokens, UserKnownHostsFileExpandsVariablesFromTheEnvironment) {
  EXPECT_EQ(value("UserKnownHostsFile ~/kh-%h ${HOME}/x\n", "userknownhostsfile"),
            passwd_home() + "/kh-foo " + path("home") + "/x");
  EXPECT_EQ(value("GlobalKnownHostsFile ~/g-%h\n", "globalknownhostsfile"), "~/g-%h");  // printed before expansion
}

TEST_F(Tokens, ForwardingSocketPathsExpandTokens) {
  EXPECT_EQ(value("LocalForward /tmp/%h.sock localhost:80\n", "localforward"), "/tmp/foo.sock [localhost]:80");
  EXPECT_EQ(value("RemoteForward /tmp/%p.sock /tmp/%h\n", "remoteforward"), "/tmp/22.sock /tmp/foo");
  EXPECT_EQ(value("LocalForward ${HOME}/s localhost:80\n", "localforward"), path("home") + "/s [localhost]:80");
}

TEST_F(Tokens, ConnectionHashIsTheSha1OfHostHostPortUser) {
  EXPECT_EQ(sha1_hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d");
  EXPECT_EQ(connection_hash("vm", "foo", "22", "root"), "0744300aad6fa5b4589eb074db04768a458d33e0");
  EXPECT_EQ(value("ControlPath /c/%C\n", "controlpath", "foo", as_root()),
            "/c/" + connection_hash(local_host_name(), "foo", "22", "root"));
}

TEST_F(Tokens, RawKeywordsKeepTheirTokens) {
  EXPECT_EQ(value("LocalCommand echo %h\n", "localcommand"), "echo %h");
  EXPECT_EQ(value("ProxyCommand nc %h %p\n", "proxycommand"), "nc %h %p");
  EXPECT_EQ(value("IdentityFile ~/.ssh/id-%r\n", "identityfile"), "~/.ssh/id-%r");
}

TEST_F(Tokens, ExpansionFailuresNameTheLine) {
  EXPECT_EQ(error_of("ControlPath /tmp/%z\n", "foo"), path("t.conf") + ":1: controlpath: unknown key %z");
  EXPECT_EQ(error_of("\nControlPath /tmp/${SSHTUNE_NEVER_SET}\n", "foo"),
            path("t.conf") + ":2: controlpath: env var ${SSHTUNE_NEVER_SET} has no value");
  EXPECT_EQ(error_of("IdentityAgent ${SSHTUNE_NEVER_SET}\n", "foo"),
            path("t.conf") + ":1: Invalid environment expansion ${SSHTUNE_NEVER_SET}.");
}

TEST(TokenExpansion, PercentDollarAndTilde) {
  EXPECT_EQ(expand_tokens("a%hb%%", {{'h', "H"}}, false).value(), "aHb%");
  EXPECT_EQ(expand_tokens("%h", {}, false).value(), "%h");  // no tokens: '%' is literal
  EXPECT_FALSE(expand_tokens("x%", {{'h', "H"}}, false));
  EXPECT_EQ(expand_tokens("${NOT_A_VAR", {}, false).value(), "${NOT_A_VAR");
  EXPECT_FALSE(expand_tokens("${}", {}, true));
  EXPECT_EQ(tilde_expand("~").value(), passwd_home() + (passwd_home().ends_with('/') ? "" : "/"));
  EXPECT_EQ(tilde_expand("~//x").value(), passwd_home() + "/x");
  EXPECT_EQ(tilde_expand("/a/~").value(), "/a/~");
  EXPECT_FALSE(tilde_expand("~no-such-user-here/x"));
}

}  // namespace
}  // namespace sshtune::sshconfig
