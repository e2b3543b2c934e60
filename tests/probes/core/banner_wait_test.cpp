// Why a banner never came (probes/core/banner_wait.hpp): each cause its own exact text,
// with the time it really took.

#include "probes/core/banner_wait.hpp"

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

using namespace std::chrono_literals;

BannerWait waited(double elapsed_s, std::string received = "") {
  return BannerWait{"web:2222", false, elapsed_s, 10000ms, std::move(received), 0};
}

const std::string k_hint =
    "; sshd may be refusing this address: PerSourcePenalties (OpenSSH 9.8 or later) for up to 600 s with the "
    "default max, or MaxStartups while too many connections are unauthenticated; on the server, check "
    "'sshd -T | grep persource' and its log for 'drop connection ... penalty'";

TEST(BannerWait, SilenceNamesTheTimeout) {
  const Error error = banner_failure(BannerFailure::silent, waited(10.0));
  EXPECT_EQ(error.message, "web:2222: TCP connected, but the server sent no SSH banner within 10 s");
  EXPECT_EQ(error.kind, ErrorKind::remote);
}

TEST(BannerWait, ADropBeforeAnyByteSaysSshdMayBeRefusingThisAddress) {
  EXPECT_EQ(banner_failure(BannerFailure::closed, waited(0.04)).message,
            "web:2222: TCP connected, but the server closed the connection after 0.0 s before sending a byte" + k_hint);
  EXPECT_EQ(banner_failure(BannerFailure::reset, waited(1.26)).message,
            "web:2222: TCP connected, but the server reset the connection after 1.3 s before sending a byte" + k_hint);
}

TEST(BannerWait, SshdsOwnRefusalLineGetsTheSameHint) {
  const Error error = banner_failure(BannerFailure::closed, waited(0.0, "Not allowed at this time\r\n"));
  EXPECT_EQ(error.message,
            "web:2222: TCP connected, but the server closed the connection after 0.0 s before its SSH banner "
            "(26 bytes received: \"Not allowed at this time\")" +
                k_hint);
  EXPECT_EQ(error.kind, ErrorKind::remote);
}

TEST(BannerWait, SomethingElseThatHangsUpIsNotAnSshServer) {
  const Error error = banner_failure(BannerFailure::closed, waited(0.0, "HTTP/1.1 400 Bad Request\r\n\r\n"));
  EXPECT_EQ(error.message,
            "web:2222: TCP connected, but the server closed the connection after 0.0 s before its SSH banner "
            "(28 bytes received: \"HTTP/1.1 400 Bad Request\")");
  EXPECT_EQ(error.kind, ErrorKind::invalid_input);
}

TEST(BannerWait, ABannerTooLongSaysSoAndHowLongItTook) {
  EXPECT_EQ(banner_failure(BannerFailure::too_long, waited(0.0)).message,
            "web:2222: TCP connected, but the server's SSH banner had no line end within what libssh accepts "
            "(after 0.0 s)");
  BannerWait proxy = waited(0.3, "SSH-2.0-" + std::string(300, 'A'));
  proxy.via_proxy = true;
  proxy.limit = 255;
  EXPECT_EQ(banner_failure(BannerFailure::too_long, proxy).message,
            "web:2222: the ProxyCommand started, but the server's SSH banner had no line end within 255 bytes "
            "(after 0.3 s): \"SSH-2.0-" +
                std::string(52, 'A') + "\"");
}

TEST(BannerWait, TheBannerHasArrivedOnlyWithItsWholeLine) {
  EXPECT_FALSE(banner_arrived(""));
  EXPECT_FALSE(banner_arrived("SSH-2.0-x"));
  EXPECT_FALSE(banner_arrived("Not allowed at this time\r\n"));
  EXPECT_TRUE(banner_arrived("SSH-2.0-x\r\n"));
  EXPECT_TRUE(banner_arrived("hello\r\nSSH-2.0-x\r\n"));
}

}  // namespace
}  // namespace sshtune::probes
