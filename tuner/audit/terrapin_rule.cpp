#include "tuner/audit/terrapin_rule.hpp"

#include "tuner/sshconfig/algorithms.hpp"

#include <algorithm>

namespace sshtune::audit {
namespace {

constexpr const char* k_chacha = "chacha20-poly1305@openssh.com";
constexpr const char* k_cve = "Terrapin prefix truncation (CVE-2023-48795)";

bool is_cbc(const std::string& name) { return name.find("-cbc") != std::string::npos; }
bool is_etm(const std::string& name) { return name.ends_with("-etm@openssh.com"); }

// Names in either direction, first-seen order, that satisfy `keep`.
template <typename Pred>
std::vector<std::string> offered(const std::vector<std::string>& a, const std::vector<std::string>& b, Pred keep) {
  std::vector<std::string> out;
  for (const auto* list : {&a, &b}) {
    for (const std::string& name : *list) {
      if (keep(name) && std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

Finding server_finding(bool strict, const std::string& label, const std::string& what, const std::string& fix) {
  if (strict) {
    return Finding{Severity::info,
                   RuleId::terrapin,
                   "",
                   0,
                   label,
                   "server offers " + what +
                       " with strict key exchange; clients older than OpenSSH 9.6 "
                       "(no kex-strict-c) remain exposed to " +
                       k_cve,
                   "keep clients at OpenSSH 9.6 or later"};
  }
  return Finding{Severity::warn,
                 RuleId::terrapin,
                 "",
                 0,
                 label,
                 "server offers " + what + " without strict key exchange (kex-strict-s-v00@openssh.com): " + k_cve,
                 "upgrade the server to OpenSSH 9.6 or later (strict kex), or " + fix};
}

// ssh's choice: the first name of the client's list that the server also offers.
std::optional<std::string> negotiated(const std::vector<std::string>& client, const std::vector<std::string>& server) {
  for (const std::string& name : client) {
    if (std::find(server.begin(), server.end(), name) != server.end()) return name;
  }
  return std::nullopt;
}

}  // namespace

std::vector<Finding> audit_terrapin_server(const probes::ServerAlgorithms& server, const std::string& label) {
  std::vector<Finding> findings;
  const auto chacha = offered(server.ciphers_c2s, server.ciphers_s2c, [](const auto& n) { return n == k_chacha; });
  if (!chacha.empty()) {
    findings.push_back(
        server_finding(server.strict_kex, label, k_chacha, std::string("remove ") + k_chacha + " from Ciphers"));
  }
  const auto cbc = offered(server.ciphers_c2s, server.ciphers_s2c, is_cbc);
  const auto etm = offered(server.macs_c2s, server.macs_s2c, is_etm);
  if (!cbc.empty() && !etm.empty()) {
    findings.push_back(server_finding(server.strict_kex, label,
                                      "CBC ciphers (" + joined(cbc) + ") together with EtM MACs (" + joined(etm) + ")",
                                      "remove the CBC ciphers (or the -etm MACs)"));
  }
  return findings;
}

std::optional<Finding> audit_terrapin_client(const sshconfig::Evaluation& evaluation,
                                             const probes::ServerAlgorithms& server) {
  if (server.strict_kex) return std::nullopt;
  const auto cipher = negotiated(split_commas(evaluation.value("ciphers").value_or("")), server.ciphers_c2s);
  if (!cipher) return std::nullopt;
  std::string what = *cipher;
  if (*cipher != k_chacha) {
    const auto mac = negotiated(split_commas(evaluation.value("macs").value_or("")), server.macs_c2s);
    if (!is_cbc(*cipher) || !mac || !is_etm(*mac)) return std::nullopt;
    what += " with " + *mac;
  }
  const sshconfig::Origin origin = evaluation.origin("ciphers");
  return Finding{
      Severity::warn,
      RuleId::terrapin,
      origin.file,
      origin.line,
      evaluation.host,
      "ssh to " + evaluation.host + " negotiates " + what + " and the server lacks strict key exchange: " + k_cve,
      "put aes128-gcm@openssh.com (not affected) first in Ciphers for " + evaluation.host +
          ", or upgrade the server to OpenSSH 9.6 or later"};
}

}  // namespace sshtune::audit
