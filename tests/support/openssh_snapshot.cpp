#include "tests/support/openssh_snapshot.hpp"

#include "tuner/sshconfig/release.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

namespace sshtune::testing {

const sshconfig::ClientCapabilities& openssh_9_2_debian_snapshot() {
  static const sshconfig::FixedClientCapabilities snapshot(
      {
          // ssh -Q cipher
          {"3des-cbc", "aes128-cbc", "aes192-cbc", "aes256-cbc", "aes128-ctr", "aes192-ctr", "aes256-ctr",
           "aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com"},
          // ssh -Q mac
          {"hmac-sha1", "hmac-sha1-96", "hmac-sha2-256", "hmac-sha2-512", "hmac-md5", "hmac-md5-96",
           "umac-64@openssh.com", "umac-128@openssh.com", "hmac-sha1-etm@openssh.com", "hmac-sha1-96-etm@openssh.com",
           "hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "hmac-md5-etm@openssh.com",
           "hmac-md5-96-etm@openssh.com", "umac-64-etm@openssh.com", "umac-128-etm@openssh.com"},
          // ssh -Q kex
          {"diffie-hellman-group1-sha1", "diffie-hellman-group14-sha1", "diffie-hellman-group14-sha256",
           "diffie-hellman-group16-sha512", "diffie-hellman-group18-sha512", "diffie-hellman-group-exchange-sha1",
           "diffie-hellman-group-exchange-sha256", "ecdh-sha2-nistp256", "ecdh-sha2-nistp384", "ecdh-sha2-nistp521",
           "curve25519-sha256", "curve25519-sha256@libssh.org", "sntrup761x25519-sha512",
           "sntrup761x25519-sha512@openssh.com"},
          // ssh -Q key-sig
          {"ssh-ed25519",
           "ssh-ed25519-cert-v01@openssh.com",
           "sk-ssh-ed25519@openssh.com",
           "sk-ssh-ed25519-cert-v01@openssh.com",
           "ecdsa-sha2-nistp256",
           "ecdsa-sha2-nistp256-cert-v01@openssh.com",
           "ecdsa-sha2-nistp384",
           "ecdsa-sha2-nistp384-cert-v01@openssh.com",
           "ecdsa-sha2-nistp521",
           "ecdsa-sha2-nistp521-cert-v01@openssh.com",
           "sk-ecdsa-sha2-nistp256@openssh.com",
           "sk-ecdsa-sha2-nistp256-cert-v01@openssh.com",
           "webauthn-sk-ecdsa-sha2-nistp256@openssh.com",
           "ssh-dss",
           "ssh-dss-cert-v01@openssh.com",
           "ssh-rsa",
           "ssh-rsa-cert-v01@openssh.com",
           "rsa-sha2-256",
           "rsa-sha2-256-cert-v01@openssh.com",
           "rsa-sha2-512",
           "rsa-sha2-512-cert-v01@openssh.com"},
          // ssh -Q sig
          {"ssh-ed25519", "sk-ssh-ed25519@openssh.com", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
           "ecdsa-sha2-nistp521", "sk-ecdsa-sha2-nistp256@openssh.com", "webauthn-sk-ecdsa-sha2-nistp256@openssh.com",
           "ssh-dss", "ssh-rsa", "rsa-sha2-256", "rsa-sha2-512"},
      },
      {
          {"host", "ssh-tune.invalid"},
          {"user", "root"},
          {"hostname", "ssh-tune.invalid"},
          {"port", "22"},
          {"addressfamily", "any"},
          {"batchmode", "no"},
          {"canonicalizefallbacklocal", "yes"},
          {"canonicalizehostname", "false"},
          {"checkhostip", "no"},
          {"compression", "no"},
          {"controlmaster", "false"},
          {"enablesshkeysign", "no"},
          {"clearallforwardings", "no"},
          {"exitonforwardfailure", "no"},
          {"fingerprinthash", "SHA256"},
          {"forwardx11", "no"},
          {"forwardx11trusted", "yes"},
          {"gatewayports", "no"},
          {"gssapiauthentication", "no"},
          {"gssapikeyexchange", "no"},
          {"gssapidelegatecredentials", "no"},
          {"gssapitrustdns", "no"},
          {"gssapirenewalforcesrekey", "no"},
          {"gssapikexalgorithms",
           "gss-group14-sha256-,gss-group16-sha512-,gss-nistp256-sha256-,gss-curve25519-sha256-,gss-group14-sha1-,gss-gex-sha1-"},
          {"hashknownhosts", "no"},
          {"hostbasedauthentication", "no"},
          {"identitiesonly", "no"},
          {"kbdinteractiveauthentication", "yes"},
          {"nohostauthenticationforlocalhost", "no"},
          {"passwordauthentication", "yes"},
          {"permitlocalcommand", "no"},
          {"proxyusefdpass", "no"},
          {"pubkeyauthentication", "true"},
          {"requesttty", "auto"},
          {"sessiontype", "default"},
          {"stdinnull", "no"},
          {"forkafterauthentication", "no"},
          {"streamlocalbindunlink", "no"},
          {"stricthostkeychecking", "ask"},
          {"tcpkeepalive", "yes"},
          {"tunnel", "false"},
          {"verifyhostkeydns", "false"},
          {"visualhostkey", "no"},
          {"updatehostkeys", "true"},
          {"enableescapecommandline", "no"},
          {"canonicalizemaxdots", "1"},
          {"connectionattempts", "1"},
          {"forwardx11timeout", "1200"},
          {"numberofpasswordprompts", "3"},
          {"serveralivecountmax", "3"},
          {"serveraliveinterval", "0"},
          {"requiredrsasize", "1024"},
          {"ciphers",
           "chacha20-poly1305@openssh.com,aes128-ctr,aes192-ctr,aes256-ctr,aes128-gcm@openssh.com,aes256-gcm@openssh.com"},
          {"hostkeyalgorithms",
           "ssh-ed25519-cert-v01@openssh.com,ecdsa-sha2-nistp256-cert-v01@openssh.com,ecdsa-sha2-nistp384-cert-v01@openssh.com,ecdsa-sha2-nistp521-cert-v01@openssh.com,sk-ssh-ed25519-cert-v01@openssh.com,sk-ecdsa-sha2-nistp256-cert-v01@openssh.com,rsa-sha2-512-cert-v01@openssh.com,rsa-sha2-256-cert-v01@openssh.com,ssh-ed25519,ecdsa-sha2-nistp256,ecdsa-sha2-nistp384,ecdsa-sha2-nistp521,sk-ssh-ed25519@openssh.com,sk-ecdsa-sha2-nistp256@openssh.com,rsa-sha2-512,rsa-sha2-256"},
          {"hostbasedacceptedalgorithms",
           "ssh-ed25519-cert-v01@openssh.com,ecdsa-sha2-nistp256-cert-v01@openssh.com,ecdsa-sha2-nistp384-cert-v01@openssh.com,ecdsa-sha2-nistp521-cert-v01@openssh.com,sk-ssh-ed25519-cert-v01@openssh.com,sk-ecdsa-sha2-nistp256-cert-v01@openssh.com,rsa-sha2-512-cert-v01@openssh.com,rsa-sha2-256-cert-v01@openssh.com,ssh-ed25519,ecdsa-sha2-nistp256,ecdsa-sha2-nistp384,ecdsa-sha2-nistp521,sk-ssh-ed25519@openssh.com,sk-ecdsa-sha2-nistp256@openssh.com,rsa-sha2-512,rsa-sha2-256"},
          {"kexalgorithms",
           "sntrup761x25519-sha512,sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org,ecdh-sha2-nistp256,ecdh-sha2-nistp384,ecdh-sha2-nistp521,diffie-hellman-group-exchange-sha256,diffie-hellman-group16-sha512,diffie-hellman-group18-sha512,diffie-hellman-group14-sha256"},
          {"casignaturealgorithms",
           "ssh-ed25519,ecdsa-sha2-nistp256,ecdsa-sha2-nistp384,ecdsa-sha2-nistp521,sk-ssh-ed25519@openssh.com,sk-ecdsa-sha2-nistp256@openssh.com,rsa-sha2-512,rsa-sha2-256"},
          {"loglevel", "INFO"},
          {"macs",
           "umac-64-etm@openssh.com,umac-128-etm@openssh.com,hmac-sha2-256-etm@openssh.com,hmac-sha2-512-etm@openssh.com,hmac-sha1-etm@openssh.com,umac-64@openssh.com,umac-128@openssh.com,hmac-sha2-256,hmac-sha2-512,hmac-sha1"},
          {"securitykeyprovider", "internal"},
          {"pubkeyacceptedalgorithms", "ssh-ed25519-cert-v01@openssh.com,ecdsa-sha2-nistp256-cert-v01@openssh.com,ecdsa-sha2-nistp384-cert-v01@openssh.com,ecdsa-sha2-nistp521-cert-v01@openssh.com,sk-ssh-ed25519-cert-v01@openssh.com,sk-ecdsa-sha2-nistp256-cert-v01@openssh.com,rsa-sha2-512-cert-v01@openssh.com,rsa-sha2-256-cert-v01@openssh.com,ssh-ed25519,ecdsa-sha2-nistp256,ecdsa-sha2-nistp384,ecdsa-sha2-nistp521,sk-ssh-ed25519@openssh.com,sk-ecdsa-sha2-nistp256@openssh.com,rsa-sha2-512,rsa-sha2-256"},
          {"xauthlocation", "/usr/bin/xauth"},
          {"identityfile", "~/.ssh/id_rsa"},
          {"identityfile", "~/.ssh/id_ecdsa"},
          {"identityfile", "~/.ssh/id_ecdsa_sk"},
          {"identityfile", "~/.ssh/id_ed25519"},
          {"identityfile", "~/.ssh/id_ed25519_sk"},
          {"identityfile", "~/.ssh/id_xmss"},
          {"identityfile", "~/.ssh/id_dsa"},
          {"canonicaldomains", "none"},
          {"globalknownhostsfile", "/etc/ssh/ssh_known_hosts /etc/ssh/ssh_known_hosts2"},
          {"userknownhostsfile", "/root/.ssh/known_hosts /root/.ssh/known_hosts2"},
          {"logverbose", "none"},
          {"permitremoteopen", "any"},
          {"addkeystoagent", "false"},
          {"forwardagent", "no"},
          {"connecttimeout", "none"},
          {"tunneldevice", "any:any"},
          {"canonicalizePermittedcnames", "none"},
          {"controlpersist", "no"},
          {"escapechar", "~"},
          {"ipqos", "lowdelay throughput"},
          {"rekeylimit", "0 0"},
          {"streamlocalbindmask", "0177"},
          {"syslogfacility", "USER"},
      },
      "OpenSSH_9.2p1 Debian-2+deb12u10");
  return snapshot;
}

namespace {

// Inserts `line` after the last line of keyword `after`.
void insert_after(std::vector<sshconfig::DumpLine>& lines, const std::string& after, sshconfig::DumpLine line) {
  auto at = lines.end();
  for (auto it = lines.begin(); it != lines.end(); ++it) {
    if (it->keyword == after) at = it + 1;
  }
  lines.insert(at, std::move(line));
}

// 10.6 as Debian's sid builds it: no GSSAPI, TCPKeepAlive printed true/false and
// canonicalizepermittedcnames in lower case.
void sid_build(std::vector<sshconfig::DumpLine>& lines) {
  std::erase_if(lines, [](const sshconfig::DumpLine& line) { return line.keyword.starts_with("gssapi"); });
  for (sshconfig::DumpLine& line : lines) {
    if (line.keyword == "tcpkeepalive") line.value = line.value == "yes" ? "true" : "false";
    if (line.keyword == "canonicalizePermittedcnames") line.keyword = "canonicalizepermittedcnames";
  }
}

// 8.4 as Debian's bullseye prints its defaults: the key-type names before 8.5's
// renames, an empty CanonicalDomains, and none of what 8.5 to 9.2 added.
void bullseye_build(std::vector<sshconfig::DumpLine>& lines) {
  static const std::vector<std::string> k_later{"sessiontype",
                                                "stdinnull",
                                                "forkafterauthentication",
                                                "enableescapecommandline",
                                                "requiredrsasize",
                                                "obscurekeystroketiming",
                                                "logverbose",
                                                "channeltimeout",
                                                "permitremoteopen",
                                                "canonicalizePermittedcnames"};
  std::erase_if(lines, [](const sshconfig::DumpLine& line) {
    return std::find(k_later.begin(), k_later.end(), line.keyword) != k_later.end();
  });
  insert_after(lines, "canonicalizehostname", {"challengeresponseauthentication", "yes"});
  for (sshconfig::DumpLine& line : lines) {
    if (line.keyword == "pubkeyacceptedalgorithms") line.keyword = "pubkeyacceptedkeytypes";
    if (line.keyword == "hostbasedacceptedalgorithms") line.keyword = "hostbasedkeytypes";
    if (line.keyword == "canonicaldomains") line.value = "";
    if (line.keyword == "updatehostkeys") line.value = "false";
  }
}

// The 9.2 defaults as a client of `release` prints them.
std::vector<sshconfig::DumpLine> defaults_of(const OpensshVersion& release) {
  std::vector<sshconfig::DumpLine> lines = openssh_9_2_debian_snapshot().defaults();
  if (!release.since(8, 5)) bullseye_build(lines);
  if (release.since(10, 1)) {
    insert_after(lines, "enableescapecommandline", {"warnweakcrypto", "yes"});
    std::erase_if(lines, [](const sshconfig::DumpLine& line) {
      return line.value == "~/.ssh/id_xmss" || line.value == "~/.ssh/id_dsa";
    });
    for (sshconfig::DumpLine& line : lines) {
      if (line.keyword == "ipqos") line.value = "ef cs0";
    }
  }
  if (release.since(10, 3)) insert_after(lines, "userknownhostsfile", {"revokedhostkeys", "none"});
  if (release.since(10, 5)) insert_after(lines, "identityfile", {"identityfile", "~/.ssh/id_mldsa44_ed25519"});
  if (release.since(10, 6)) sid_build(lines);
  return lines;
}

}  // namespace

const sshconfig::ClientCapabilities& openssh_release_snapshot(const std::string& version) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<sshconfig::ClientCapabilities>> made;
  std::lock_guard lock(mutex);
  std::unique_ptr<sshconfig::ClientCapabilities>& client = made[version];
  if (!client) {
    const sshconfig::ClientCapabilities& base = openssh_9_2_debian_snapshot();
    std::vector<std::vector<std::string>> supported;
    for (AlgorithmKind kind :
         {AlgorithmKind::cipher, AlgorithmKind::mac, AlgorithmKind::kex, AlgorithmKind::key_sig, AlgorithmKind::sig}) {
      supported.push_back(base.supported(kind));
    }
    client = std::make_unique<sshconfig::FixedClientCapabilities>(std::move(supported),
                                                                  defaults_of(sshconfig::dialect_of(version)), version);
  }
  return *client;
}

}  // namespace sshtune::testing
