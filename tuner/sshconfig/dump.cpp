#include "tuner/sshconfig/dump.hpp"

#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/release.hpp"

#include <array>
#include <string_view>

namespace sshtune::sshconfig {
namespace {

// One line of dump_client_config()'s order and the releases that print it there.
struct DumpSlot {
  std::string_view slot;
  OpensshVersion since = {};
  OpensshVersion until = {99, 0, 0};
};

// dump_client_config()'s order (OpenSSH 10.6 with Debian's GSSAPI lines; older
// releases print a subset in the same order, as their options are a subset, except
// RevokedHostKeys, which 10.3 moves among the lists). 8.4 prints no `host` line and
// ChallengeResponseAuthentication on its own line; 9.2 is the next release tested,
// so where between them each changed is taken from the keyword table (8.5, 8.7).
constexpr std::array<DumpSlot, 108> k_order{{
    {"host", {8, 5, 0}},
    {"user"},
    {"hostname"},
    {"port"},
    {"addressfamily"},
    {"batchmode"},
    {"canonicalizefallbacklocal"},
    {"canonicalizehostname"},
    {"challengeresponseauthentication", {}, {8, 7, 0}},
    {"checkhostip"},
    {"compression"},
    {"controlmaster"},
    {"enablesshkeysign"},
    {"clearallforwardings"},
    {"exitonforwardfailure"},
    {"fingerprinthash"},
    {"forwardx11"},
    {"forwardx11trusted"},
    {"gatewayports"},
    {"gssapiauthentication"},
    {"gssapikeyexchange"},
    {"gssapidelegatecredentials"},
    {"gssapitrustdns"},
    {"gssapirenewalforcesrekey"},
    {"gssapiclientidentity"},
    {"gssapiserveridentity"},
    {"gssapikexalgorithms"},
    {"hashknownhosts"},
    {"hostbasedauthentication"},
    {"identitiesonly"},
    {"kbdinteractiveauthentication"},
    {"nohostauthenticationforlocalhost"},
    {"passwordauthentication"},
    {"permitlocalcommand"},
    {"proxyusefdpass"},
    {"pubkeyauthentication"},
    {"requesttty"},
    {"sessiontype"},
    {"stdinnull"},
    {"forkafterauthentication"},
    {"streamlocalbindunlink"},
    {"stricthostkeychecking"},
    {"tcpkeepalive"},
    {"tunnel"},
    {"verifyhostkeydns"},
    {"visualhostkey"},
    {"updatehostkeys"},
    {"enableescapecommandline"},
    {"warnweakcrypto"},
    {"canonicalizemaxdots"},
    {"connectionattempts"},
    {"forwardx11timeout"},
    {"numberofpasswordprompts"},
    {"serveralivecountmax"},
    {"serveraliveinterval"},
    {"requiredrsasize"},
    {"obscurekeystroketiming"},
    {"bindaddress"},
    {"bindinterface"},
    {"ciphers"},
    {"controlpath"},
    {"hostkeyalgorithms"},
    {"hostkeyalias"},
    {"hostbasedacceptedalgorithms"},
    {"identityagent"},
    {"ignoreunknown"},
    {"kbdinteractivedevices"},
    {"kexalgorithms"},
    {"casignaturealgorithms"},
    {"localcommand"},
    {"remotecommand"},
    {"loglevel"},
    {"macs"},
    {"pkcs11provider"},
    {"securitykeyprovider"},
    {"preferredauthentications"},
    {"pubkeyacceptedalgorithms"},
    {"revokedhostkeys", {}, {10, 3, 0}},
    {"xauthlocation"},
    {"knownhostscommand"},
    {"tag"},
    {"versionaddendum"},
    {"dynamicforward"},
    {"localforward"},
    {"remoteforward"},
    {"identityfile"},
    {"canonicaldomains"},
    {"certificatefile"},
    {"globalknownhostsfile"},
    {"userknownhostsfile"},
    {"revokedhostkeys", {10, 3, 0}},
    {"sendenv"},
    {"setenv"},
    {"logverbose"},
    {"channeltimeout"},
    {"permitremoteopen"},
    {"addkeystoagent"},
    {"forwardagent"},
    {"connecttimeout"},
    {"tunneldevice"},
    {"canonicalizepermittedcnames"},
    {"controlpersist"},
    {"escapechar"},
    {"ipqos"},
    {"rekeylimit"},
    {"streamlocalbindmask"},
    {"syslogfacility"},
    {"proxycommand"},
}};

// The keyword `release` prints for a slot: the key-type names 8.5 renamed, and the
// typo in canonicalizePermittedcnames that 10.6 corrected.
std::string print_name(std::string_view slot, const OpensshVersion& release) {
  if (slot == "canonicalizepermittedcnames" && !release.since(10, 6)) return "canonicalizePermittedcnames";
  if (slot == "pubkeyacceptedalgorithms" && !release.since(8, 5)) return "pubkeyacceptedkeytypes";
  if (slot == "hostbasedacceptedalgorithms" && !release.since(8, 5)) return "hostbasedkeytypes";
  return std::string(slot);
}

std::string join(const std::vector<std::string>& args) {
  std::string out;
  for (const std::string& arg : args) out += (out.empty() ? "" : " ") + arg;
  return out;
}

struct Dumper {
  const OptionStore& store;
  const DumpContext& context;
  const ClientCapabilities& client;
  OpensshVersion release;
  std::vector<Setting> out;

  void add(std::string_view keyword, std::string value, Origin origin) {
    out.push_back(Setting{print_name(keyword, release), std::move(value), std::move(origin)});
  }

  void add_defaults(std::string_view slot) {
    const std::string name = print_name(slot, release);
    for (const DumpLine& line : client.defaults()) {
      if (line.keyword == name) add(slot, line.value, Origin{});
    }
    // Before 8.5 an empty CanonicalDomains prints as its keyword alone (later as "none").
    if (slot == "canonicaldomains" && !release.since(8, 5) && !out.empty() && out.back().keyword == slot &&
        out.back().value.empty()) {
      out.back().keyword_only = true;
    }
  }

  Result<void> add_algorithms(const KeywordInfo& info, const StoredValue* value) {
    const std::string slot(info.slot);
    const std::optional<std::string> configured = value ? std::optional(value->args.front()) : std::nullopt;
    const auto list = assemble_algorithms(configured, split_commas(client.default_value(print_name(slot, release))),
                                          client.supported(info.algorithm));
    const std::string where = value ? value->origin.to_string() + ": " : "";
    if (!list) return Error{ErrorKind::invalid_input, where + slot + ": invalid argument '" + *configured + "'"};
    if (list->empty()) {
      return Error{ErrorKind::invalid_input, where + slot + " '" + *configured + "' leaves no algorithms"};
    }
    add(slot, join_commas(*list), value ? value->origin : Origin{});
    return ok();
  }

  void add_forwards(std::string_view slot) {
    const bool remote = slot == "remoteforward";
    for (const StoredForward& stored : store.forwards(remote)) {
      for (std::string& line : dump_forwards(slot, {stored.forward})) add(slot, std::move(line), stored.origin);
    }
  }

  void add_list(std::string_view slot, const KeywordInfo& info) {
    const std::vector<StoredValue>& list = store.list(std::string(slot));
    if (list.empty() && info.kind == KeywordKind::identity && slot == "identityfile") add_defaults(slot);
    for (const StoredValue& item : list) add(slot, item.args.front(), item.origin);
  }

  void add_rekey_limit() {
    const StoredValue* bytes = store.scalar("rekeylimit");
    const StoredValue* interval = store.scalar("rekeyinterval");
    const Origin origin = bytes ? bytes->origin : interval ? interval->origin : Origin{};
    add("rekeylimit", (bytes ? bytes->args.front() : "0") + " " + (interval ? interval->args.front() : "0"), origin);
  }

  void add_proxy() {
    if (const std::optional<StoredJump>& jump = store.jump()) {
      add("proxyjump", jump_text(jump->jump), jump->origin);
      return;
    }
    const StoredValue* command = store.scalar("proxycommand");
    if (command && !command->args.empty()) add("proxycommand", command->args.front(), command->origin);
  }

  // ForwardAgent prints its socket path when one was given, else yes/no.
  void add_forward_agent() {
    const StoredValue* path = store.scalar("forwardagent.path");
    if (path) return add("forwardagent", path->args.front(), path->origin);
    const StoredValue* flag = store.scalar("forwardagent");
    if (!flag) return add_defaults("forwardagent");
    const bool yes = parse_state(find_keyword("forwardx11")->states, flag->args.front()).value_or(0) != 0;
    add("forwardagent", yes ? "yes" : "no", flag->origin);
  }

  Result<void> add_slot(std::string_view slot);
  void add_value(std::string_view slot, const KeywordInfo& info, const StoredValue& value);
};

// One set slot in `ssh -G` form: flags by their printed name, lists on one line,
// SetEnv one line per entry; a cleared ("none") value prints nothing.
void Dumper::add_value(std::string_view slot, const KeywordInfo& info, const StoredValue& value) {
  if (value.args.empty()) return;
  if (slot == "setenv") {
    for (const std::string& entry : value.args) add(slot, entry, value.origin);
    return;
  }
  if (info.kind == KeywordKind::flag) {
    const int state = parse_state(info.states, value.args.front()).value_or(-1);
    // 10.6 prints TCPKeepAlive as true/false, every other plain flag as yes/no.
    const bool true_false = slot == "tcpkeepalive" && release.since(10, 6);
    return add(slot, true_false ? (state == 1 ? "true" : "false") : std::string(state_name(info.states, state)),
               value.origin);
  }
  add(slot, join(value.args), value.origin);
}

Result<void> Dumper::add_slot(std::string_view slot) {
  if (slot == "host") return add(slot, context.host_arg, Origin{"command-line", 0}), ok();
  if (slot == "hostname") return add(slot, context.hostname, context.hostname_origin), ok();
  if (slot == "rekeylimit") return add_rekey_limit(), ok();
  if (slot == "proxycommand") return add_proxy(), ok();
  if (slot == "dynamicforward" || slot == "localforward" || slot == "remoteforward") return add_forwards(slot), ok();
  // The release's row where the slot is a keyword it knows (PubkeyAuthentication: a flag before 8.9).
  std::optional<KeywordInfo> info = find_keyword(slot, release);
  if (!info) info = find_keyword(slot);
  if (!info) return ok();
  if (slot == "forwardagent") return add_forward_agent(), ok();
  const StoredValue* value = store.scalar(std::string(slot));
  if (info->kind == KeywordKind::algorithms) return add_algorithms(*info, value);
  if (info->kind == KeywordKind::identity || info->kind == KeywordKind::send_env) return add_list(slot, *info), ok();
  if (value == nullptr) return add_defaults(slot), ok();
  add_value(slot, *info, *value);
  return ok();
}

}  // namespace

Result<std::vector<Setting>> dump_settings(const OptionStore& store, const DumpContext& context,
                                           const ClientCapabilities& client) {
  const OpensshVersion release = dialect_of(client);
  Dumper dumper{store, context, client, release, {}};
  for (const DumpSlot& line : k_order) {
    if (line.since <= release && release < line.until) {
      SSHTUNE_TRYV(dumper.add_slot(line.slot));
    }
  }
  return std::move(dumper.out);
}

}  // namespace sshtune::sshconfig
