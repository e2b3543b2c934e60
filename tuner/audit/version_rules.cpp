#include "tuner/audit/version_rules.hpp"

#include "base/openssh_version.hpp"
#include "base/paths.hpp"
#include "base/read_file.hpp"
#include "tuner/sshconfig/algorithms.hpp"
#include "base/strings.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace sshtune::audit {
namespace {

constexpr std::array<std::string_view, 3> k_post_quantum_kex{"mlkem768x25519-sha256", "sntrup761x25519-sha512",
                                                             "sntrup761x25519-sha512@openssh.com"};
constexpr std::array<std::string_view, 3> k_ignored_ipqos{"lowdelay", "throughput", "reliability"};

// The user's release; an unreadable `ssh -V` counts as the oldest, so findings say what is coming.
OpensshVersion client_release(const AlgorithmContext& context) {
  return parse_openssh_version(context.client.version()).value_or(OpensshVersion{});
}

std::string release_name(const AlgorithmContext& context) { return "OpenSSH " + to_string(client_release(context)); }

bool is_ignored_ipqos(const std::string& value) {
  const std::string lower = sshconfig::ascii_lower(value);
  return std::find(k_ignored_ipqos.begin(), k_ignored_ipqos.end(), lower) != k_ignored_ipqos.end();
}

std::optional<Finding> ipqos_finding(const sshconfig::ConfigLine& line, const LinePlace& place,
                                     const AlgorithmContext& context) {
  const auto ignored = std::find_if(line.args.begin(), line.args.end(),
                                    [](const sshconfig::Token& arg) { return is_ignored_ipqos(arg.value); });
  if (ignored == line.args.end()) return std::nullopt;
  const bool now = client_release(context).since(10, 1);
  const std::string what = "IPQoS " + ignored->value +
                           (now ? " is ignored by " + release_name(context) : " is ignored from OpenSSH 10.1 on") +
                           " (the system's default marking is used instead)";
  return Finding{now ? Severity::warn : Severity::info,
                 RuleId::ipqos_ignored,
                 place.file,
                 line.number,
                 place.scope,
                 what,
                 "use DSCP names, which every release reads: IPQoS ef cs1 (interactive, bulk), or remove "
                 "the line for OpenSSH's defaults"};
}

// The key type a public key file names ("ssh-dss AAAA... comment"), or "".
std::string public_key_type(const std::filesystem::path& path) {
  const auto text = read_file(path);
  if (!text) return "";
  const std::string& body = text.value();
  return body.substr(0, body.find(' '));
}

bool holds_dsa_key(const std::string& written) {
  if (written.find('%') != std::string::npos || written.find("${") != std::string::npos) return false;
  std::filesystem::path path = written;
  if (written.starts_with("~/")) path = home_dir() / written.substr(2);
  if (public_key_type(path.string() + ".pub") == "ssh-dss") return true;
  const auto text = read_file(path);
  return text && text.value().starts_with("-----BEGIN DSA PRIVATE KEY-----");
}

std::optional<Finding> dsa_finding(const sshconfig::ConfigLine& line, const LinePlace& place,
                                   const AlgorithmContext& context) {
  if (line.args.empty() || !holds_dsa_key(line.args[0].value)) return std::nullopt;
  const bool now = client_release(context).since(10, 0);
  const std::string what = line.keyword + " " + line.args[0].value + " is a DSA key, which " +
                           (now ? release_name(context) + " cannot use (DSA was removed in 10.0)"
                                : "OpenSSH 10.0 and later cannot use (DSA is removed)");
  return Finding{now ? Severity::fail : Severity::warn,
                 RuleId::dsa_key,
                 place.file,
                 line.number,
                 place.scope,
                 what,
                 "make an Ed25519 key (ssh-keygen -t ed25519), install it with ssh-copy-id, and point "
                 "IdentityFile at it"};
}

bool post_quantum(const std::string& name) {
  return std::find(k_post_quantum_kex.begin(), k_post_quantum_kex.end(), name) != k_post_quantum_kex.end();
}

// The first post-quantum exchange the local ssh supports, or "" when it has none.
std::string supported_post_quantum(const AlgorithmContext& context) {
  for (std::string_view name : k_post_quantum_kex) {
    if (context.client.supports(AlgorithmKind::kex, std::string(name))) return std::string(name);
  }
  return "";
}

std::optional<Finding> kex_finding(const sshconfig::ConfigLine& line, const LinePlace& place,
                                   const AlgorithmContext& context) {
  const std::string offered = supported_post_quantum(context);
  if (line.args.empty() || offered.empty()) return std::nullopt;
  const auto effective =
      sshconfig::assemble_algorithms(line.args[0].value, split_commas(context.client.default_value("kexalgorithms")),
                                     context.client.supported(AlgorithmKind::kex));
  if (!effective || std::any_of(effective->begin(), effective->end(), post_quantum)) return std::nullopt;
  return Finding{Severity::warn,
                 RuleId::kex_no_post_quantum,
                 place.file,
                 line.number,
                 place.scope,
                 "KexAlgorithms leaves out post-quantum key exchange, which " + release_name(context) + " supports (" +
                     offered +
                     "): sessions recorded today could be decrypted by a future "
                     "quantum computer, and OpenSSH 10.1 warns on every connection",
                 "put " + offered + " first in the list, or remove the line for OpenSSH's default"};
}

}  // namespace

std::optional<Finding> audit_version_line(const sshconfig::ConfigLine& line, const LinePlace& place,
                                          const AlgorithmContext& context) {
  if (line.kind != sshconfig::LineKind::directive) return std::nullopt;
  if (line.keyword_lower == "ipqos") return ipqos_finding(line, place, context);
  if (line.keyword_lower == "identityfile") return dsa_finding(line, place, context);
  if (line.keyword_lower == "kexalgorithms") return kex_finding(line, place, context);
  return std::nullopt;
}

std::optional<Finding> audit_preauth_compression(const probes::ServerAlgorithms& server, const std::string& label,
                                                 const AlgorithmContext& context) {
  const auto offers = [&](const char* name) {
    return std::find(server.compression_c2s.begin(), server.compression_c2s.end(), name) !=
           server.compression_c2s.end();
  };
  if (!offers("zlib") || offers("zlib@openssh.com")) return std::nullopt;
  const bool now = client_release(context).since(9, 9);
  const std::string who =
      now ? release_name(context) + " no longer offers it" : "OpenSSH 9.9 and later no longer offer it";
  return Finding{now ? Severity::warn : Severity::info,
                 RuleId::compression_preauth_only,
                 "",
                 0,
                 label,
                 "the server compresses only with pre-authentication zlib, and " + who +
                     ": Compression yes compresses nothing with this server",
                 "offer zlib@openssh.com on the server (OpenSSH's sshd: Compression yes), or leave Compression no"};
}

}  // namespace sshtune::audit
