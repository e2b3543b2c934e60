#pragma once
// Facts about the local OpenSSH client: which algorithm names it supports
// (`ssh -Q ...`), its built-in defaults (`ssh -G -F /dev/null`) and its version
// (`ssh -V`, which also picks the ssh_config dialect: release.hpp). An interface,
// so tests can use a fixed snapshot instead of ssh.

#include "base/algorithm_kind.hpp"
#include "base/result.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sshtune::sshconfig {

// One line of `ssh -G` output split at the first space: keyword and value.
struct DumpLine {
  std::string keyword;
  std::string value;
};

// What ssh-tune needs to know about the client that will read ssh_config.
class ClientCapabilities {
 public:
  virtual ~ClientCapabilities() = default;
  // Supported names of one kind, in `ssh -Q` order.
  virtual const std::vector<std::string>& supported(AlgorithmKind kind) const = 0;
  // `ssh -G -F /dev/null HOST` for a neutral host, in output order: the built-in defaults.
  virtual const std::vector<DumpLine>& defaults() const = 0;
  // The `ssh -V` version string, e.g. "OpenSSH_9.2p1 Debian-2+deb12u10".
  virtual const std::string& version() const = 0;

  // True if `name` is in supported(kind) (exact, case-sensitive).
  bool supports(AlgorithmKind kind, const std::string& name) const;
  // The default value of a `ssh -G` keyword (first line if several), or "" if absent.
  std::string default_value(const std::string& keyword) const;
  // True when the client is built with GSSAPI: its defaults() print
  // gssapiauthentication. Without it ssh reads GSSAPIAuthentication and
  // GSSAPIDelegateCredentials as unsupported options (a warning).
  bool has_gssapi() const;
  // True when the client has Debian's GSSAPI key exchange: its defaults() print
  // gssapikeyexchange. Without it ssh refuses GSSAPIKeyExchange, GSSAPITrustDNS,
  // GSSAPIRenewalForcesRekey, GSSAPIClientIdentity, GSSAPIServerIdentity and
  // GSSAPIKexAlgorithms as bad configuration options.
  bool has_gssapi_key_exchange() const;
};

// A ClientCapabilities holding fixed data (a snapshot, or what a probe gathered).
class FixedClientCapabilities final : public ClientCapabilities {
 public:
  FixedClientCapabilities(std::vector<std::vector<std::string>> supported_by_kind, std::vector<DumpLine> defaults,
                          std::string version);
  const std::vector<std::string>& supported(AlgorithmKind kind) const override;
  const std::vector<DumpLine>& defaults() const override;
  const std::string& version() const override;

 private:
  std::vector<std::vector<std::string>> m_supported;  // indexed by AlgorithmKind
  std::vector<DumpLine> m_defaults;
  std::string m_version;
};

// Probes the OpenSSH client `program` (ssh -V, ssh -Q cipher|mac|kex|key-sig|sig,
// ssh -G -F /dev/null); an error naming the command when one of them fails.
Result<std::unique_ptr<ClientCapabilities>> probe_client_capabilities(const std::string& program);

// probe_client_capabilities(ssh_program()): the ssh the user runs ($SSHTUNE_SSH,
// else `ssh` on PATH), cached for the life of the process.
Result<const ClientCapabilities*> local_client_capabilities();

// Parses `ssh -G` stdout into lines (keyword, value); used by the probe and by tests.
std::vector<DumpLine> parse_dump(const std::string& text);

}  // namespace sshtune::sshconfig
