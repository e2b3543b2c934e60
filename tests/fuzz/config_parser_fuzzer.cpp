// libFuzzer target for the ssh_config parser: parse() must never crash and must
// reproduce its input byte for byte; check() and the Match / algorithm-list code
// must accept any line without crashing.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/match.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sshtune;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const config::ConfigFile file = config::parse(text, "fuzz.conf");
  if (config::print(file) != text) {
    std::abort();  // the lossless guarantee broke
  }
  const ClientCapabilities& client = openssh_9_2_debian_snapshot();
  (void)config::check(file, client);
  (void)config::blocks(file);
  config::MatchContext context;
  context.host = "foo.example.com";
  context.original_host = "Foo";
  context.remote_user = "alice";
  context.local_user = "root";
  for (const config::ConfigLine& line : file.lines) {
    if (line.keyword_lower == "match") {
      (void)config::evaluate_match(line.rest, &context);
    }
    if (line.keyword_lower == "ciphers" && !line.args.empty()) {
      (void)config::assemble_algorithms(line.args[0].value, client.supported(AlgorithmKind::cipher),
                                        client.supported(AlgorithmKind::cipher));
    }
  }
  return 0;
}
