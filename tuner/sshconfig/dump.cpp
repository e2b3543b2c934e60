#include "tuner/sshconfig/dump.hpp"

#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/line_rules.hpp"

#include <array>
#include <cctype>
#include <string_view>

namespace sshtune::config {
namespace {

// dump_client_config()'s order (OpenSSH 9.2 with Debian's GSSAPI lines).
constexpr std::array<std::string_view, 102> k_order{
    "host", "user", "hostname", "port", "addressfamily", "batchmode", "canonicalizefallbacklocal",
    "canonicalizehostname", "checkhostip", "compression", "controlmaster", "enablesshkeysign",
    "clearallforwardings", "exitonforwardfailure", "fingerprinthash", "forwardx11", "forwardx11trusted",
    "gatewayports", "gssapiauthentication", "gssapikeyexchange", "gssapidelegatecredentials", "gssapitrustdns",
    "gssapirenewalforcesrekey", "gssapiclientidentity", "gssapiserveridentity", "gssapikexalgorithms",
    "hashknownhosts", "hostbasedauthentication", "identitiesonly", "kbdinteractiveauthentication",
    "nohostauthenticationforlocalhost", "passwordauthentication", "permitlocalcommand", "proxyusefdpass",
    "pubkeyauthentication", "requesttty", "sessiontype", "stdinnull", "forkafterauthentication",
    "streamlocalbindunlink", "stricthostkeychecking", "tcpkeepalive", "tunnel", "verifyhostkeydns",
    "visualhostkey", "updatehostkeys", "enableescapecommandline", "canonicalizemaxdots", "connectionattempts",
    "forwardx11timeout", "numberofpasswordprompts", "serveralivecountmax", "serveraliveinterval",
    "requiredrsasize", "bindaddress", "bindinterface", "ciphers", "controlpath", "hostkeyalgorithms",
    "hostkeyalias", "hostbasedacceptedalgorithms", "identityagent", "ignoreunknown", "kbdinteractivedevices",
    "kexalgorithms", "casignaturealgorithms", "localcommand", "remotecommand", "loglevel", "macs",
    "pkcs11provider", "securitykeyprovider", "preferredauthentications", "pubkeyacceptedalgorithms",
    "revokedhostkeys", "xauthlocation", "knownhostscommand", "dynamicforward", "localforward", "remoteforward",
    "identityfile", "canonicaldomains", "certificatefile", "globalknownhostsfile", "userknownhostsfile",
    "sendenv", "setenv", "logverbose", "permitremoteopen", "addkeystoagent", "forwardagent", "connecttimeout",
    "tunneldevice", "canonicalizepermittedcnames", "controlpersist", "escapechar", "ipqos", "rekeylimit",
    "streamlocalbindmask", "syslogfacility", "proxycommand", "-end-"};

// The keyword ssh prints for a slot (one historical typo kept).
std::string print_name(std::string_view slot) {
  return slot == "canonicalizepermittedcnames" ? "canonicalizePermittedcnames" : std::string(slot);
}

std::string join(const std::vector<std::string>& args, std::string_view separator) {
  std::string out;
  for (const std::string& arg : args) {
    out += out.empty() ? "" : std::string(separator);
    out += arg;
  }
  return out;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// "host:port" / "[host]:port" / "port" as dump_cfg_forwards() prints a forward end.
std::string forward_end(const std::string& spec, bool listen) {
  if (!spec.empty() && spec[0] == '/') return spec;
  const std::size_t colon = spec.rfind(':');
  if (colon == std::string::npos) return listen ? spec : "[" + spec + "]";
  std::string host = spec.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  return "[" + host + "]:" + spec.substr(colon + 1);
}

std::string format_forward(const StoredValue& value) {
  std::string out = forward_end(value.args.at(0), true);
  if (value.args.size() > 1) out += " " + forward_end(value.args[1], false);
  return out;
}

// A scalar in -G format: enumerations by their printed name, numbers normalised.
std::string format_scalar(const KeywordInfo& info, const StoredValue& value) {
  const std::string& arg = value.args.front();
  switch (info.kind) {
    case KeywordKind::flag: return std::string(state_name(info.states, parse_state(info.states, arg).value_or(-1)));
    case KeywordKind::integer: {
      std::string reason;
      return std::to_string(parse_int(arg, &reason).value_or(0));
    }
    case KeywordKind::time: return arg == "none" ? (info.slot == "connecttimeout" ? "none" : "0")
                                                 : std::to_string(parse_time(arg).value_or(0));
    case KeywordKind::port: return std::to_string(parse_port(arg).value_or(0));
    case KeywordKind::command: return arg;
    default: break;
  }
  if (info.slot == "loglevel" || info.slot == "syslogfacility" || info.slot == "fingerprinthash") return upper(arg);
  if (info.slot == "controlpersist") {
    if (arg == "yes" || arg == "true") return "yes";
    if (arg == "no" || arg == "false") return "no";
    return std::to_string(parse_time(arg).value_or(0));
  }
  if (info.slot == "forwardagent") {
    const auto state = parse_state(find_keyword("forwardx11")->states, arg);
    return state ? std::string(*state ? "yes" : "no") : arg;
  }
  return join(value.args, " ");
}

struct Dumper {
  const OptionStore& store;
  const DumpContext& context;
  const ClientCapabilities& client;
  std::vector<Setting> out;

  void add(std::string_view keyword, std::string value, Origin origin) {
    out.push_back(Setting{print_name(keyword), std::move(value), std::move(origin)});
  }

  void add_defaults(std::string_view slot) {
    for (const DumpLine& line : client.defaults()) {
      if (line.keyword == print_name(slot)) add(slot, line.value, Origin{});
    }
  }

  Result<void> add_algorithms(const KeywordInfo& info, const StoredValue* value) {
    const std::string slot(info.slot);
    const std::optional<std::string> configured = value ? std::optional(value->args.front()) : std::nullopt;
    const auto list = assemble_algorithms(configured, split_commas(client.default_value(slot)),
                                          client.supported(info.algorithm));
    const std::string where = value ? value->origin.to_string() + ": " : "";
    if (!list) return Error{ErrorKind::invalid_input, where + slot + ": invalid argument '" + *configured + "'"};
    if (list->empty()) {
      return Error{ErrorKind::invalid_input, where + slot + " '" + *configured + "' leaves no algorithms"};
    }
    add(slot, join_commas(*list), value ? value->origin : Origin{});
    return ok();
  }

  // fill_default_options(): UpdateHostKeys defaults to yes only with the default
  // known_hosts file and without VerifyHostKeyDNS.
  std::string default_update_hostkeys() const {
    const StoredValue* dns = store.scalar("verifyhostkeydns");
    const bool dns_on = dns && parse_state(find_keyword("verifyhostkeydns")->states, dns->args.front()).value_or(0) > 0;
    const StoredValue* files = store.scalar("userknownhostsfile");
    const bool default_files = !files || (files->args.size() == 1 && files->args[0] == "~/.ssh/known_hosts");
    return !dns_on && default_files ? "true" : "false";
  }

  Result<void> add_slot(std::string_view slot);
};

Result<void> Dumper::add_slot(std::string_view slot) {
  const std::string name(slot);
  if (slot == "host") return add(slot, context.host_arg, Origin{"command-line", 0}), ok();
  if (slot == "hostname") return add(slot, context.hostname, context.hostname_origin), ok();
  const std::optional<KeywordInfo> info = find_keyword(slot);
  if (!info) return ok();
  const StoredValue* value = store.scalar(name);
  if (info->kind == KeywordKind::algorithms) return add_algorithms(*info, value);
  const std::vector<StoredValue>& list = store.list(name);
  if (info->kind == KeywordKind::identity || info->kind == KeywordKind::send_env ||
      info->kind == KeywordKind::forward) {
    if (list.empty() && info->kind == KeywordKind::identity) add_defaults(slot);
    for (const StoredValue& item : list) {
      add(slot, info->kind == KeywordKind::forward ? format_forward(item) : item.args.front(), item.origin);
    }
    return ok();
  }
  if (value == nullptr) {
    if (slot == "user") return add(slot, context.local_user, Origin{}), ok();
    if (slot == "port") return add(slot, "22", Origin{}), ok();
    if (slot == "serveraliveinterval" && store.scalar("batchmode") &&
        parse_state(find_keyword("batchmode")->states, store.scalar("batchmode")->args.front()).value_or(0)) {
      return add(slot, "300", Origin{}), ok();  // Debian keepalive patch: BatchMode implies 300
    }
    if (slot == "updatehostkeys") return add(slot, default_update_hostkeys(), Origin{}), ok();
    return add_defaults(slot), ok();
  }
  if (value->keyword == "proxyjump") return add("proxyjump", join(value->args, " "), value->origin), ok();
  if (info->kind == KeywordKind::first_line_list) {
    if (slot == "setenv") {
      for (const std::string& arg : value->args) add(slot, arg, value->origin);
      return ok();
    }
    std::vector<std::string> args = value->args;
    if (slot == "userknownhostsfile") {
      for (std::string& arg : args) {
        if (arg == "~" || arg.starts_with("~/")) arg = context.passwd_home + arg.substr(1);
      }
    }
    return add(slot, join(args, " "), value->origin), ok();
  }
  add(slot, format_scalar(*info, *value), value->origin);
  return ok();
}

}  // namespace

Result<std::vector<Setting>> dump_settings(const OptionStore& store, const DumpContext& context,
                                           const ClientCapabilities& client) {
  Dumper dumper{store, context, client, {}};
  for (std::string_view slot : k_order) {
    if (slot == "-end-") break;
    SSHTUNE_TRYV(dumper.add_slot(slot));
  }
  return std::move(dumper.out);
}

}  // namespace sshtune::config
