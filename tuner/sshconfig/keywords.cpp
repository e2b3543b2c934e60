#include "tuner/sshconfig/keywords.hpp"

#include "tuner/sshconfig/release.hpp"

#include <array>
#include <strings.h>
#include <unordered_map>
#include <vector>

namespace sshtune::sshconfig {
namespace {

using K = KeywordKind;

// readconf.c multistate_* tables, in their original order (ssh -G prints the
// first name that has the stored value).
constexpr std::array k_flag{StateName{"true", 1}, StateName{"false", 0}, StateName{"yes", 1}, StateName{"no", 0}};
constexpr std::array k_yes_no_print{StateName{"yes", 1}, StateName{"no", 0}};
constexpr std::array k_compression{StateName{"yes", 1}, StateName{"no", 0}};
constexpr std::array k_yes_no_ask{StateName{"true", 1}, StateName{"false", 0}, StateName{"yes", 1}, StateName{"no", 0},
                                  StateName{"ask", 2}};
constexpr std::array k_strict{StateName{"true", 2},      StateName{"false", 0}, StateName{"yes", 2},
                              StateName{"no", 0},        StateName{"ask", 3},   StateName{"off", 0},
                              StateName{"accept-new", 1}};
constexpr std::array k_address_family{StateName{"inet", 2}, StateName{"inet6", 10}, StateName{"any", 0}};
constexpr std::array k_control_master{StateName{"true", 1},   StateName{"yes", 1},  StateName{"false", 0},
                                      StateName{"no", 0},     StateName{"auto", 2}, StateName{"ask", 3},
                                      StateName{"autoask", 4}};
constexpr std::array k_tunnel{StateName{"ethernet", 2}, StateName{"point-to-point", 1}, StateName{"true", 1},
                              StateName{"yes", 1},      StateName{"false", 0},          StateName{"no", 0}};
constexpr std::array k_request_tty{StateName{"true", 2}, StateName{"yes", 2},   StateName{"false", 1},
                                   StateName{"no", 1},   StateName{"force", 3}, StateName{"auto", 0}};
constexpr std::array k_session_type{StateName{"none", 0}, StateName{"subsystem", 1}, StateName{"default", 2}};
constexpr std::array k_canonicalize{StateName{"true", 1}, StateName{"false", 0}, StateName{"yes", 1},
                                    StateName{"no", 0}, StateName{"always", 2}};
// multistate_warnweakcrypto (10.1); fmt_intarg() prints it as a plain flag (yes/no).
constexpr std::array k_warn_weak_crypto{StateName{"true", 1}, StateName{"false", 0}, StateName{"yes", 1},
                                        StateName{"no", 0}, StateName{"no-pq-kex", 0}};
constexpr std::array k_pubkey_auth{StateName{"true", 3}, StateName{"false", 0},   StateName{"yes", 3},
                                   StateName{"no", 0},   StateName{"unbound", 1}, StateName{"host-bound", 2}};

// Plain flags print yes/no; they parse with k_flag.
constexpr KeywordInfo flag(std::string_view name, std::string_view slot) {
  return KeywordInfo{name, slot, K::flag, k_flag};
}
constexpr KeywordInfo states(std::string_view name, std::string_view slot, std::span<const StateName> table) {
  return KeywordInfo{name, slot, K::flag, table};
}
constexpr KeywordInfo kw(std::string_view name, K kind) { return KeywordInfo{name, name, kind}; }
constexpr KeywordInfo alias(std::string_view name, std::string_view slot, K kind) {
  return KeywordInfo{name, slot, kind};
}
constexpr KeywordInfo algos(std::string_view name, std::string_view slot, AlgorithmKind kind) {
  return KeywordInfo{name, slot, K::algorithms, {}, kind};
}
// The row holds from release major.minor on.
constexpr KeywordInfo since(KeywordInfo info, int major, int minor) {
  info.since = OpensshVersion{major, minor, 0};
  return info;
}
// The row holds before release major.minor only.
constexpr KeywordInfo until(KeywordInfo info, int major, int minor) {
  info.removed = OpensshVersion{major, minor, 0};
  return info;
}

const std::array k_table{
    kw("protocol", K::ignored),
    kw("cipher", K::deprecated),
    kw("fallbacktorsh", K::deprecated),
    kw("globalknownhostsfile2", K::deprecated),
    kw("rhostsauthentication", K::deprecated),
    kw("userknownhostsfile2", K::deprecated),
    kw("useroaming", K::deprecated),
    kw("usersh", K::deprecated),
    kw("useprivilegedport", K::deprecated),
    kw("useblacklistedkeys", K::deprecated),
    kw("afstokenpassing", K::unsupported),
    kw("kerberosauthentication", K::unsupported),
    kw("kerberostgtpassing", K::unsupported),
    kw("rsaauthentication", K::unsupported),
    kw("rhostsrsaauthentication", K::unsupported),
    kw("compressionlevel", K::unsupported),
    flag("gssapiauthentication", "gssapiauthentication"),
    flag("gssapikeyexchange", "gssapikeyexchange"),
    flag("gssapidelegatecredentials", "gssapidelegatecredentials"),
    flag("gssapitrustdns", "gssapitrustdns"),
    kw("gssapiclientidentity", K::string),
    kw("gssapiserveridentity", K::string),
    flag("gssapirenewalforcesrekey", "gssapirenewalforcesrekey"),
    kw("gssapikexalgorithms", K::other),
    kw("pkcs11provider", K::string),
    alias("smartcarddevice", "pkcs11provider", K::string),
    kw("forwardagent", K::other),
    flag("forwardx11", "forwardx11"),
    flag("forwardx11trusted", "forwardx11trusted"),
    kw("forwardx11timeout", K::time),
    flag("exitonforwardfailure", "exitonforwardfailure"),
    kw("xauthlocation", K::string),
    flag("gatewayports", "gatewayports"),
    flag("passwordauthentication", "passwordauthentication"),
    flag("kbdinteractiveauthentication", "kbdinteractiveauthentication"),
    kw("kbdinteractivedevices", K::string),
    since(flag("challengeresponseauthentication", "kbdinteractiveauthentication"), 8, 7),
    since(flag("skeyauthentication", "kbdinteractiveauthentication"), 8, 7),
    since(flag("tisauthentication", "kbdinteractiveauthentication"), 8, 7),
    until(flag("challengeresponseauthentication", "challengeresponseauthentication"), 8, 7),
    until(kw("skeyauthentication", K::unsupported), 8, 7),
    until(flag("tisauthentication", "challengeresponseauthentication"), 8, 7),
    // 8.9 adds unbound and host-bound; before, a plain flag.
    since(states("pubkeyauthentication", "pubkeyauthentication", k_pubkey_auth), 8, 9),
    since(states("dsaauthentication", "pubkeyauthentication", k_pubkey_auth), 8, 9),
    until(flag("pubkeyauthentication", "pubkeyauthentication"), 8, 9),
    until(flag("dsaauthentication", "pubkeyauthentication"), 8, 9),
    flag("hostbasedauthentication", "hostbasedauthentication"),
    kw("identityfile", K::identity),
    alias("identityfile2", "identityfile", K::identity),
    flag("identitiesonly", "identitiesonly"),
    kw("certificatefile", K::identity),
    kw("addkeystoagent", K::other),
    kw("identityagent", K::string),
    kw("hostname", K::string),
    kw("hostkeyalias", K::string),
    alias("proxycommand", "proxycommand", K::command),
    kw("port", K::port),
    algos("ciphers", "ciphers", AlgorithmKind::cipher),
    algos("macs", "macs", AlgorithmKind::mac),
    kw("remoteforward", K::forward),
    kw("localforward", K::forward),
    since(kw("permitremoteopen", K::first_line_list), 8, 5),
    kw("user", K::string),
    kw("host", K::host),
    kw("match", K::match),
    since(kw("tag", K::string), 9, 4),
    kw("escapechar", K::other),
    kw("globalknownhostsfile", K::first_line_list),
    kw("userknownhostsfile", K::first_line_list),
    kw("connectionattempts", K::integer),
    flag("batchmode", "batchmode"),
    flag("checkhostip", "checkhostip"),
    states("stricthostkeychecking", "stricthostkeychecking", k_strict),
    states("compression", "compression", k_compression),
    flag("tcpkeepalive", "tcpkeepalive"),
    flag("keepalive", "tcpkeepalive"),
    kw("numberofpasswordprompts", K::integer),
    alias("syslogfacility", "syslogfacility", K::other),
    kw("loglevel", K::other),
    since(kw("logverbose", K::first_line_list), 8, 5),
    kw("dynamicforward", K::forward),
    kw("preferredauthentications", K::string),
    algos("hostkeyalgorithms", "hostkeyalgorithms", AlgorithmKind::key_sig),
    algos("casignaturealgorithms", "casignaturealgorithms", AlgorithmKind::sig),
    kw("bindaddress", K::string),
    kw("bindinterface", K::string),
    flag("clearallforwardings", "clearallforwardings"),
    flag("enablesshkeysign", "enablesshkeysign"),
    states("verifyhostkeydns", "verifyhostkeydns", k_yes_no_ask),
    flag("nohostauthenticationforlocalhost", "nohostauthenticationforlocalhost"),
    kw("rekeylimit", K::other),
    kw("connecttimeout", K::time),
    states("addressfamily", "addressfamily", k_address_family),
    kw("serveraliveinterval", K::time),
    kw("serveralivecountmax", K::integer),
    kw("sendenv", K::send_env),
    kw("setenv", K::first_line_list),
    kw("controlpath", K::string),
    states("controlmaster", "controlmaster", k_control_master),
    kw("controlpersist", K::other),
    flag("hashknownhosts", "hashknownhosts"),
    kw("include", K::include),
    states("tunnel", "tunnel", k_tunnel),
    kw("tunneldevice", K::other),
    alias("localcommand", "localcommand", K::command),
    flag("permitlocalcommand", "permitlocalcommand"),
    alias("remotecommand", "remotecommand", K::command),
    flag("visualhostkey", "visualhostkey"),
    algos("kexalgorithms", "kexalgorithms", AlgorithmKind::kex),
    kw("ipqos", K::other),
    states("requesttty", "requesttty", k_request_tty),
    since(states("sessiontype", "sessiontype", k_session_type), 8, 7),
    since(flag("stdinnull", "stdinnull"), 8, 7),
    since(flag("forkafterauthentication", "forkafterauthentication"), 8, 7),
    flag("proxyusefdpass", "proxyusefdpass"),
    kw("canonicaldomains", K::first_line_list),
    flag("canonicalizefallbacklocal", "canonicalizefallbacklocal"),
    states("canonicalizehostname", "canonicalizehostname", k_canonicalize),
    kw("canonicalizemaxdots", K::integer),
    kw("canonicalizepermittedcnames", K::first_line_list),
    kw("streamlocalbindmask", K::other),
    flag("streamlocalbindunlink", "streamlocalbindunlink"),
    // 10.3 reads several files, "none" alone, and prints them on one line.
    since(kw("revokedhostkeys", K::first_line_list), 10, 3),
    until(kw("revokedhostkeys", K::string), 10, 3),
    kw("fingerprinthash", K::other),
    states("updatehostkeys", "updatehostkeys", k_yes_no_ask),
    since(algos("hostbasedacceptedalgorithms", "hostbasedacceptedalgorithms", AlgorithmKind::key_sig), 8, 7),
    until(since(algos("hostbasedalgorithms", "hostbasedacceptedalgorithms", AlgorithmKind::key_sig), 8, 5), 8, 7),
    algos("hostbasedkeytypes", "hostbasedacceptedalgorithms", AlgorithmKind::key_sig),
    since(algos("pubkeyacceptedalgorithms", "pubkeyacceptedalgorithms", AlgorithmKind::key_sig), 8, 5),
    algos("pubkeyacceptedkeytypes", "pubkeyacceptedalgorithms", AlgorithmKind::key_sig),
    kw("ignoreunknown", K::string),
    alias("proxyjump", "proxycommand", K::other),
    since(kw("securitykeyprovider", K::string), 8, 2),
    since(alias("knownhostscommand", "knownhostscommand", K::command), 8, 5),
    since(kw("requiredrsasize", K::integer), 9, 1),
    since(flag("enableescapecommandline", "enableescapecommandline"), 9, 2),
    since(kw("obscurekeystroketiming", K::other), 9, 5),
    since(kw("channeltimeout", K::first_line_list), 9, 6),
    since(alias("versionaddendum", "versionaddendum", K::command), 10, 0),
    since(kw("refuseconnection", K::refuse), 10, 1),
    since(states("warnweakcrypto", "warnweakcrypto", k_warn_weak_crypto), 10, 1),
    alias("protocolkeepalives", "serveraliveinterval", K::time),
    // Debian's 10.0 reads SetupTimeOut as ConnectTimeout; before, as ServerAliveInterval.
    since(alias("setuptimeout", "connecttimeout", K::time), 10, 0),
    until(alias("setuptimeout", "serveraliveinterval", K::time), 10, 0),
};

// Every row of a name, built once: every config line looks its keyword up.
std::span<const KeywordInfo* const> rows_of(std::string_view lower_name) {
  static const std::unordered_map<std::string_view, std::vector<const KeywordInfo*>> index = [] {
    std::unordered_map<std::string_view, std::vector<const KeywordInfo*>> map;
    for (const KeywordInfo& info : k_table) map[info.name].push_back(&info);
    return map;
  }();
  const auto it = index.find(lower_name);
  if (it == index.end()) return {};
  return it->second;
}

}  // namespace

std::optional<KeywordInfo> find_keyword(std::string_view lower_name, const OpensshVersion& release) {
  for (const KeywordInfo* info : rows_of(lower_name)) {
    if (info->since <= release && release < info->removed) return *info;
  }
  return std::nullopt;
}

std::optional<KeywordInfo> find_keyword(std::string_view lower_name, const ClientCapabilities& client) {
  std::optional<KeywordInfo> info = find_keyword(lower_name, dialect_of(client));
  if (!info || !lower_name.starts_with("gssapi")) return info;
  const bool authentication = lower_name == "gssapiauthentication" || lower_name == "gssapidelegatecredentials";
  if (!authentication) return client.has_gssapi_key_exchange() ? info : std::nullopt;
  if (!client.has_gssapi()) info->kind = KeywordKind::unsupported;
  return info;
}

std::optional<KeywordInfo> find_keyword(std::string_view lower_name) {
  const std::span<const KeywordInfo* const> rows = rows_of(lower_name);
  if (rows.empty()) return std::nullopt;
  return *rows.front();
}

std::span<const KeywordInfo> all_keywords() { return k_table; }

std::string_view state_name(std::span<const StateName> table, int value) {
  // Plain flags (and WarnWeakCrypto) are stored with a "true"/"false" table but print yes/no.
  if (table.data() == k_flag.data() || table.data() == k_warn_weak_crypto.data()) {
    table = k_yes_no_print;
  }
  for (const StateName& state : table) {
    if (state.value == value) {
      return state.name;
    }
  }
  return "UNKNOWN";
}

std::optional<int> parse_state(std::span<const StateName> table, std::string_view arg) {
  for (const StateName& state : table) {
    if (state.name.size() == arg.size() && strncasecmp(state.name.data(), arg.data(), arg.size()) == 0) {
      return state.value;
    }
  }
  return std::nullopt;
}

}  // namespace sshtune::sshconfig
