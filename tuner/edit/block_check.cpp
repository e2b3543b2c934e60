#include "tuner/edit/block_check.hpp"

#include "base/message.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <algorithm>
#include <array>

namespace sshtune::edit {
namespace {

struct ExpectedLine {
  std::string keyword;  // lower case, as ssh looks it up
  std::string value;
};

Error refused(const HostSettings& settings, const std::string& line, const std::string& why) {
  return Error{ErrorKind::invalid_input, "block for host '" + quote_input(settings.host) + "': line '" +
                                             quote_input(line) + "' " + why + "; nothing was written"};
}

bool has_control(const std::string& line) {
  return std::any_of(line.begin(), line.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

// One directive line, tokenised as ssh reads it, is `keyword value` and nothing more.
bool is_exactly(const std::string& line, const ExpectedLine& expected) {
  const sshconfig::ConfigFile parsed = sshconfig::parse(line, "block");
  if (parsed.lines.size() != 1) return false;
  const sshconfig::ConfigLine& l = parsed.lines.front();
  return l.kind == sshconfig::LineKind::directive && l.keyword_lower == expected.keyword && !l.invalid_quotes &&
         l.args.size() == 1 && l.args.front().value == expected.value;
}

}  // namespace

Result<void> check_block(const ManagedBlock& block, const HostSettings& settings, const std::string& ciphers_value) {
  for (const std::string& line : block.lines) {
    if (has_control(line)) return refused(settings, line, "holds a control character");
  }
  const std::array<ExpectedLine, 3> directives{ExpectedLine{"host", settings.host},
                                               ExpectedLine{"ciphers", ciphers_value},
                                               ExpectedLine{"compression", settings.compression ? "yes" : "no"}};
  if (block.lines.size() != directives.size() + 2) {
    return refused(settings, block.lines.empty() ? "" : block.lines.front(), "starts a block of the wrong length");
  }
  if (block.lines.front().rfind("# ", 0) != 0 || block.lines.back().rfind("# ", 0) != 0) {
    return refused(settings, block.lines.front(), "is not an ssh-tune marker comment");
  }
  for (std::size_t i = 0; i < directives.size(); ++i) {
    if (!is_exactly(block.lines[i + 1], directives[i])) {
      return refused(settings, block.lines[i + 1],
                     "is not '" + directives[i].keyword + " " + directives[i].value + "'");
    }
  }
  return ok();
}

}  // namespace sshtune::edit
