// Group 2 of issue #16: forwardings printed as ssh 9.2 prints them.

#include "tests/sshconfig/eval_fixture.hpp"
#include "tuner/sshconfig/forwards.hpp"

namespace sshtune::sshconfig {
namespace {

class Forwards : public EvalFixture {
 protected:
  std::vector<std::string> lines(const std::string& config, const std::string& keyword) {
    return ok_run(config, "foo").values(keyword);
  }
};

TEST_F(Forwards, UnixSocketLocalForwardAlsoPrintsUnderDynamicForward) {
  EXPECT_EQ(lines("LocalForward 8080 /tmp/sock\n", "localforward"), std::vector<std::string>{"8080 /tmp/sock"});
  EXPECT_EQ(lines("LocalForward 8080 /tmp/sock\n", "dynamicforward"), std::vector<std::string>{"8080"});
  EXPECT_EQ(lines("LocalForward 8080 socks:80\n", "dynamicforward"), std::vector<std::string>{"8080"});
  EXPECT_TRUE(lines("LocalForward 8080 socks:80\n", "localforward").empty());
}

TEST_F(Forwards, OnePortRemoteForwardIsADynamicOne) {
  // The example: RemoteForward 8080 → 8080 [socks]:0
  EXPECT_EQ(lines("RemoteForward 8080\n", "remoteforward"), std::vector<std::string>{"8080 [socks]:0"});
  EXPECT_EQ(lines("RemoteForward /tmp/r\n", "remoteforward"), std::vector<std::string>{"/tmp/r [socks]:0"});
}

TEST_F(Forwards, EveryEndForm) {
  EXPECT_EQ(lines("LocalForward 127.0.0.1:8080 db:5432\nLocalForward [::1]:1 [::1]:2\n", "localforward"),
            (std::vector<std::string>{"[127.0.0.1]:8080 [db]:5432", "[::1]:1 [::1]:2"}));
  EXPECT_EQ(lines("DynamicForward 1080\nDynamicForward localhost:1081\nDynamicForward /tmp/d\n", "dynamicforward"),
            (std::vector<std::string>{"1080", "[localhost]:1081", "/tmp/d"}));
  EXPECT_EQ(lines("LocalForward ssh x:ssh\n", "localforward"), std::vector<std::string>{"22 [x]:22"});
}

TEST_F(Forwards, DuplicatesAreDroppedAfterParsing) {
  EXPECT_EQ(lines("LocalForward 8080 localhost:80\nLocalForward 8080 [localhost]:80\n", "localforward").size(), 1u);
}

TEST_F(Forwards, ClearAllForwardingsFromAnIncludedFileIsHonoured) {
  m_dir.write("clear.conf", "ClearAllForwardings yes\n");
  const Evaluation e =
      ok_run("Include " + path("clear.conf") + "\nLocalForward 1 a:2\nRemoteForward 3\nTunnel yes\n", "foo");
  EXPECT_TRUE(e.values("localforward").empty());
  EXPECT_TRUE(e.values("remoteforward").empty());
  EXPECT_EQ(e.value("clearallforwardings"), "yes");
  EXPECT_EQ(e.value("tunnel"), "false");  // clear_forwardings() turns the tunnel off too
}

TEST_F(Forwards, BadSpecificationsAreRefused) {
  EXPECT_EQ(error_of("LocalForward 8080\n", "foo"), path("t.conf") + ":1: Missing target argument.");
  for (const char* spec :
       {"LocalForward 0 x:1", "DynamicForward 0", "RemoteForward 8080 x:0", "LocalForward a:b:c:d:e f"}) {
    EXPECT_EQ(error_of(std::string(spec) + "\n", "foo"), path("t.conf") + ":1: Bad forwarding specification.") << spec;
  }
}

TEST(ForwardParsing, FieldsAsParseForwardReadsThem) {
  const std::string target = "x:80";
  const Result<Forward> empty_host = forward_of_arguments(ForwardKind::local, ":8085", &target);
  ASSERT_TRUE(empty_host);
  EXPECT_EQ(dump_forwards("localforward", {empty_host.value()}), std::vector<std::string>{"[]:8085 [x]:80"});
  EXPECT_FALSE(forward_of_arguments(ForwardKind::local, "80\\:81", &target));  // an escaped ':' is no separator
  const Result<Forward> escaped = forward_of_arguments(ForwardKind::local, "a\\b:1", &target);
  ASSERT_TRUE(escaped);
  EXPECT_EQ(escaped.value().listen_host, "ab");
}

}  // namespace
}  // namespace sshtune::sshconfig
