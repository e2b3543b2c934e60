// libFuzzer target for the ssh_config parser: parse() must never crash and must
// reproduce its input byte for byte; check() (every keyword's value reader:
// forwards, ProxyJump, value forms, lists), the Match splitter and evaluation,
// the token expansions, the destination readers and the algorithm-list code must
// accept any line without crashing.

#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/destination.hpp"
#include "tuner/sshconfig/jump.hpp"
#include "tuner/sshconfig/match.hpp"
#include "tuner/sshconfig/parser.hpp"
#include "tuner/sshconfig/tokens.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

using namespace sshtune;

// The readers that take any text: destinations, jumps and token expansion.
void read_text(const std::string& text) {
  sshconfig::UserHostPort parsed;
  (void)sshconfig::parse_ssh_uri(text, &parsed);
  (void)sshconfig::parse_user_host_port(text);
  for (const OpensshVersion& release : {OpensshVersion{9, 2, 0}, OpensshVersion{10, 0, 0}, OpensshVersion{10, 5, 0}}) {
    if (const auto jump = sshconfig::parse_jump(text, true, release)) (void)sshconfig::jump_text(*jump);
  }
  (void)sshconfig::expand_tokens(text, {{'h', "host"}, {'p', "22"}}, false);
}

void check_line(const sshconfig::ConfigLine& line, const sshconfig::ClientCapabilities& client,
                const sshconfig::MatchContext& context) {
  read_text(line.rest);
  if (line.keyword_lower == "match") {
    (void)sshconfig::split_match(line.rest);
    (void)sshconfig::evaluate_match(line.rest, &context);
  }
  if (line.keyword_lower == "ciphers" && !line.args.empty()) {
    (void)sshconfig::assemble_algorithms(line.args[0].value, client.supported(AlgorithmKind::cipher),
                                         client.supported(AlgorithmKind::cipher));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const sshconfig::ConfigFile file = sshconfig::parse(text, "fuzz.conf");
  if (sshconfig::print(file) != text) {
    std::abort();  // the lossless guarantee broke
  }
  const sshconfig::ClientCapabilities& client = sshtune::testing::openssh_9_2_debian_snapshot();
  (void)sshconfig::check(file, client);
  (void)sshconfig::blocks(file);
  sshconfig::MatchContext context;  // no exec runner: exec criteria are recorded, never run
  context.host = "foo.example.com";
  context.original_host = "Foo";
  context.remote_user = "alice";
  context.local_user = "root";
  for (const sshconfig::ConfigLine& line : file.lines) check_line(line, client, context);
  return 0;
}
