// Algorithm-list checks and the +/-/^ expansion, and OpenSSH's match_pattern.

#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

namespace sshtune::sshconfig {
namespace {

const ClientCapabilities& client() { return sshtune::testing::openssh_9_2_debian_snapshot(); }

std::string assemble(const std::string& value) {
  const auto list = assemble_algorithms(value, {"a", "b", "c"}, {"a", "b", "c", "d", "e"});
  return list ? join_commas(*list) : "INVALID";
}

TEST(Algorithms, Expansion) {
  EXPECT_EQ(assemble("+d,a"), "a,b,c,d");
  EXPECT_EQ(assemble("^d,c"), "d,c,a,b");
  EXPECT_EQ(assemble("-b"), "a,c");
  EXPECT_EQ(assemble("-*"), "");
  EXPECT_EQ(assemble("e,a,e,zz"), "e,a");
  EXPECT_EQ(assemble(",zz"), "INVALID");
  EXPECT_EQ(assemble("+,d"), "a,b,c");  // kex_names_cat stops at the first empty element
}

TEST(Algorithms, Validation) {
  EXPECT_FALSE(check_algorithm_argument(AlgorithmKind::cipher, "aes128-ctr,,bogus", client()));
  EXPECT_FALSE(check_algorithm_argument(AlgorithmKind::cipher, "-bogus*", client()));
  EXPECT_EQ(check_algorithm_argument(AlgorithmKind::cipher, "+", client()), "Bad SSH2 cipher spec '+'.");
  EXPECT_EQ(check_algorithm_argument(AlgorithmKind::cipher, "AES128-CTR", client()),
            "Bad SSH2 cipher spec 'AES128-CTR'.");
  EXPECT_EQ(check_algorithm_argument(AlgorithmKind::cipher, "none", client()), "Bad SSH2 cipher spec 'none'.");
  EXPECT_FALSE(check_algorithm_argument(AlgorithmKind::key_sig, "ssh-ed25519*", client()));
}

TEST(Pattern, OpenSshSemanticsNotFnmatch) {
  EXPECT_TRUE(match_pattern("foo.example.com", "*.example.com"));
  EXPECT_TRUE(match_pattern("a/b", "a*b"));
  EXPECT_TRUE(match_pattern(".hidden", "*hidden"));
  EXPECT_FALSE(match_pattern("a", "[a]"));
  EXPECT_TRUE(match_pattern("[a]", "[a]"));
  EXPECT_FALSE(match_pattern("FOO", "foo"));
  EXPECT_TRUE(match_pattern("f\\o", "f\\o"));
  EXPECT_EQ(match_pattern_list("foo", "bar,f*", false), 1);
  EXPECT_EQ(match_pattern_list("foo", "f*,!foo", false), -1);
  EXPECT_EQ(match_hostname("FOO", "foo"), 1);
  EXPECT_EQ(match_hostname("foo", "FOO"), 1);
}

}  // namespace
}  // namespace sshtune::sshconfig
