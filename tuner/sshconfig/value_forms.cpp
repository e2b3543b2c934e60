#include "tuner/sshconfig/value_forms.hpp"

#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/numbers.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include <strings.h>

#include <array>
#include <cctype>
#include <climits>
#include <cstdio>
#include <cstdlib>

namespace sshtune::sshconfig {
namespace {

// SSH_KEYSTROKE_DEFAULT_INTERVAL_MS: what ObscureKeystrokeTiming yes means.
constexpr long long k_keystroke_default_interval_ms = 20;

struct Named {
  std::string_view name;
  int value;
};

// misc.c ipqos[] by release: iptos2str() prints the first name with a value.
// Before 10.1 "reliability" is "le"; from 10.1 on lowdelay, throughput and
// reliability are deprecated (read as "none", the system default); 10.3 adds va.
// Bullseye's 8.4 has le as 0x01 (so reliability prints as itself); 9.2 has 0x04.
struct IpqosName {
  std::string_view name;
  int value;
  OpensshVersion since = {};
  OpensshVersion until = {99, 0, 0};
};
constexpr int k_ipqos_deprecated = INT_MIN;
constexpr OpensshVersion k_ipqos_deprecation{10, 1, 0};
constexpr std::array<IpqosName, 31> k_ipqos{{
    {"none", INT_MAX},
    {"af11", 0x28},
    {"af12", 0x30},
    {"af13", 0x38},
    {"af21", 0x48},
    {"af22", 0x50},
    {"af23", 0x58},
    {"af31", 0x68},
    {"af32", 0x70},
    {"af33", 0x78},
    {"af41", 0x88},
    {"af42", 0x90},
    {"af43", 0x98},
    {"cs0", 0x00},
    {"cs1", 0x20},
    {"cs2", 0x40},
    {"cs3", 0x60},
    {"cs4", 0x80},
    {"cs5", 0xa0},
    {"cs6", 0xc0},
    {"cs7", 0xe0},
    {"ef", 0xb8},
    {"le", 0x01, {}, {8, 5, 0}},
    {"le", 0x04, {8, 5, 0}},
    {"va", 0xb0, {10, 3, 0}},
    {"lowdelay", 0x10, {}, k_ipqos_deprecation},
    {"throughput", 0x08, {}, k_ipqos_deprecation},
    {"reliability", 0x04, {}, k_ipqos_deprecation},
    {"lowdelay", k_ipqos_deprecated, k_ipqos_deprecation},
    {"throughput", k_ipqos_deprecated, k_ipqos_deprecation},
    {"reliability", k_ipqos_deprecated, k_ipqos_deprecation},
}};

// log.c log_levels[] as Debian ships it: "SILENT" comes first, so QUIET prints as SILENT.
constexpr std::array<Named, 10> k_log_levels{{
    {"SILENT", 0},
    {"QUIET", 0},
    {"FATAL", 1},
    {"ERROR", 2},
    {"INFO", 3},
    {"VERBOSE", 4},
    {"DEBUG", 5},
    {"DEBUG1", 5},
    {"DEBUG2", 6},
    {"DEBUG3", 7},
}};

// log.c log_facilities[].
constexpr std::array<Named, 12> k_facilities{{
    {"DAEMON", 0},
    {"USER", 1},
    {"AUTH", 2},
    {"AUTHPRIV", 3},
    {"LOCAL0", 4},
    {"LOCAL1", 5},
    {"LOCAL2", 6},
    {"LOCAL3", 7},
    {"LOCAL4", 8},
    {"LOCAL5", 9},
    {"LOCAL6", 10},
    {"LOCAL7", 11},
}};

// digest-openssl.c digests[]: FingerprintHash takes any of them.
constexpr std::array<Named, 5> k_digests{{{"MD5", 0}, {"SHA1", 1}, {"SHA256", 2}, {"SHA384", 3}, {"SHA512", 4}}};

// readconf.c multistate_yesnoaskconfirm.
constexpr std::array<Named, 6> k_add_keys{
    {{"true", 1}, {"false", 0}, {"yes", 1}, {"no", 0}, {"ask", 2}, {"confirm", 3}}};

// ssh-gss.h: the GSSAPI key exchange prefixes kex_gss_names_valid() accepts.
constexpr std::array<std::string_view, 7> k_gss_kex{
    "gss-gex-sha1-",       "gss-group1-sha1-",     "gss-group14-sha1-",     "gss-group14-sha256-",
    "gss-group16-sha512-", "gss-nistp256-sha256-", "gss-curve25519-sha256-"};

template <std::size_t N>
const Named* by_name(const std::array<Named, N>& table, std::string_view name) {
  for (const Named& entry : table) {
    const bool same = entry.name.size() == name.size() && strncasecmp(entry.name.data(), name.data(), name.size()) == 0;
    if (same) return &entry;
  }
  return nullptr;
}

template <std::size_t N>
std::string name_of(const std::array<Named, N>& table, int value) {
  for (const Named& entry : table) {
    if (entry.value == value) return std::string(entry.name);
  }
  return "UNKNOWN";
}

std::string arg(const std::vector<std::string>& args, std::size_t i) { return i < args.size() ? args[i] : ""; }

Assignments one(std::string slot, std::string value) { return {Assignment{std::move(slot), {std::move(value)}}}; }

// The ipqos[] names `release` knows.
bool knows(const IpqosName& entry, const OpensshVersion& release) {
  return entry.since <= release && release < entry.until;
}

// parse_ipqos(): a name or a number 0..255 (strtol base 0; strtonum, so decimal,
// from 9.8 on); -1 when invalid. A deprecated name reads as "none" (readconf.c
// logs it at debug level only).
int ipqos_value(const std::string& text, const OpensshVersion& release) {
  for (const IpqosName& entry : k_ipqos) {
    const bool same = entry.name.size() == text.size() && strcasecmp(entry.name.data(), text.c_str()) == 0;
    if (same && knows(entry, release)) return entry.value == k_ipqos_deprecated ? INT_MAX : entry.value;
  }
  char* end = nullptr;
  const long value = std::strtol(text.c_str(), &end, release.since(9, 8) ? 10 : 0);
  if (text.empty() || *end != '\0' || value < 0 || value > 255) return -1;
  return static_cast<int>(value);
}

// iptos2str().
std::string ipqos_name(int value, const OpensshVersion& release) {
  for (const IpqosName& entry : k_ipqos) {
    if (entry.value == value && knows(entry, release)) return std::string(entry.name);
  }
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%02x", value);
  return buffer;
}

// vis(c, VIS_WHITE): how dump_client_config() prints the escape character.
std::string vis_white(unsigned char c) {
  if (c == '\\') return "\\\\";
  if (c < 0x80 && std::isgraph(c)) return std::string(1, static_cast<char>(c));
  if ((c & 0x7f) == ' ') return {'\\', char('0' + (c >> 6)), char('0' + ((c >> 3) & 7)), char('0' + (c & 7))};
  std::string out = "\\";
  if (c & 0x80) out += 'M';
  const unsigned char low = c & 0x7f;
  if (std::iscntrl(low)) return out + '^' + (low == 0x7f ? '?' : char(low + '@'));
  return out + '-' + char(low);
}

Result<Assignments> read_rekey_limit(const std::vector<std::string>& args, const OpensshVersion& release) {
  if (arg(args, 0).empty()) return refusal("Missing argument.");
  long long bytes = 0;
  if (args[0] != "default") {
    std::string reason;
    const std::optional<long long> scaled = scan_scaled(args[0], &reason);
    if (!scaled) return refusal("Bad number '" + args[0] + "': " + reason);
    if (*scaled != 0 && *scaled < 16) return refusal("RekeyLimit too small");
    bytes = *scaled;
  }
  Assignments out = one("rekeylimit", std::to_string(bytes));
  if (args.size() < 2 || args[1] == "none") return out;
  if (args[1].empty()) return refusal("missing time value.");
  const std::optional<long long> interval = parse_time(args[1], release);
  if (!interval) return refusal("invalid time value.");
  out.push_back(Assignment{"rekeyinterval", {std::to_string(*interval)}});
  return out;
}

Result<Assignments> read_ipqos(const std::vector<std::string>& args, const OpensshVersion& release) {
  const int interactive = ipqos_value(arg(args, 0), release);
  if (interactive < 0) return refusal("Bad IPQoS value: " + arg(args, 0));
  const int bulk = args.size() < 2 ? interactive : ipqos_value(args[1], release);
  if (bulk < 0) return refusal("Bad IPQoS value: " + args[1]);
  return one("ipqos", ipqos_name(interactive, release) + " " + ipqos_name(bulk, release));
}

Result<Assignments> read_tunnel_device(const std::vector<std::string>& args, const OpensshVersion&) {
  if (arg(args, 0).empty()) return refusal("Missing argument.");
  const std::optional<std::pair<int, int>> tun = parse_tun(args[0]);
  if (!tun) return refusal("Bad tun device.");
  const auto side = [](int value) { return value == k_tun_any ? std::string("any") : std::to_string(value); };
  return one("tunneldevice", side(tun->first) + ":" + side(tun->second));
}

Result<Assignments> read_escape_char(const std::vector<std::string>& args, const OpensshVersion&) {
  const std::string text = arg(args, 0);
  if (text.empty()) return refusal("Missing argument.");
  if (text == "none") return one("escapechar", "none");
  if (text.size() == 1) return one("escapechar", vis_white(static_cast<unsigned char>(text[0])));
  const unsigned char c = static_cast<unsigned char>(text[1]);
  if (text.size() == 2 && text[0] == '^' && c >= 64 && c < 128) return one("escapechar", vis_white(c & 31));
  return refusal("Bad escape character.");
}

Result<Assignments> read_add_keys(const std::vector<std::string>& args, const OpensshVersion& release) {
  const Named* state = args.empty() ? nullptr : by_name(k_add_keys, args[0]);
  const bool has_time = args.size() > 1;
  long long lifespan = 0;
  if (state != nullptr && state->value == 3 && has_time) {
    const std::optional<long long> time = parse_time(args[1], release);
    if (!time) return refusal("invalid time value.");
    lifespan = *time;
  } else if (state == nullptr && !has_time) {
    const std::optional<long long> time = parse_time(arg(args, 0), release);
    if (!time) return refusal("unsupported option");
    lifespan = *time;
    state = by_name(k_add_keys, "yes");
  } else if (state == nullptr || has_time) {
    return refusal("unsupported option");
  }
  if (lifespan <= 0) return one("addkeystoagent", name_of(k_add_keys, state->value));
  return one("addkeystoagent", (state->value == 3 ? "confirm " : "") + std::to_string(lifespan));
}

Result<Assignments> read_control_persist(const std::vector<std::string>& args, const OpensshVersion& release) {
  const std::string text = arg(args, 0);
  if (text.empty()) return refusal("Missing ControlPersist argument.");
  if (text == "no" || text == "false") return one("controlpersist", "no");
  if (text == "yes" || text == "true") return one("controlpersist", "yes");
  const std::optional<long long> timeout = parse_time(text, release);
  if (!timeout) return refusal("Bad ControlPersist argument.");
  return one("controlpersist", *timeout == 0 ? "yes" : std::to_string(*timeout));
}

Result<Assignments> read_log_level(const std::vector<std::string>& args, const OpensshVersion&) {
  const Named* level = args.empty() ? nullptr : by_name(k_log_levels, args[0]);
  if (level == nullptr) return refusal("unsupported log level '" + (args.empty() ? "<NONE>" : args[0]) + "'");
  return one("loglevel", name_of(k_log_levels, level->value));
}

Result<Assignments> read_facility(const std::vector<std::string>& args, const OpensshVersion&) {
  const Named* facility = args.empty() ? nullptr : by_name(k_facilities, args[0]);
  if (facility == nullptr) return refusal("unsupported log facility '" + (args.empty() ? "<NONE>" : args[0]) + "'");
  return one("syslogfacility", std::string(facility->name));
}

Result<Assignments> read_fingerprint_hash(const std::vector<std::string>& args, const OpensshVersion&) {
  if (arg(args, 0).empty()) return refusal("Missing argument.");
  const Named* digest = by_name(k_digests, args[0]);
  if (digest == nullptr) return refusal("Invalid hash algorithm \"" + args[0] + "\".");
  return one("fingerprinthash", std::string(digest->name));
}

Result<Assignments> read_bind_mask(const std::vector<std::string>& args, const OpensshVersion&) {
  const std::string text = arg(args, 0);
  if (text.empty()) return refusal("Missing StreamLocalBindMask argument.");
  char* end = nullptr;
  const long mask = std::strtol(text.c_str(), &end, 8);  // trailing text is ignored, as strtol does
  if (end == text.c_str() || mask < 0 || mask > 0777) return refusal("Bad mask.");
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0%lo", static_cast<unsigned long>(mask));
  return one("streamlocalbindmask", buffer);
}

Result<Assignments> read_forward_agent(const std::vector<std::string>& args, const OpensshVersion&) {
  const std::string text = arg(args, 0);
  if (text.empty()) return refusal("missing argument.");
  if (parse_state(find_keyword("forwardx11")->states, text)) return one("forwardagent", text);
  if (std::string problem = agent_path_problem(text); !problem.empty()) return refusal(problem);
  return Assignments{Assignment{"forwardagent", {"yes"}}, Assignment{"forwardagent.path", {text}}};
}

Result<Assignments> read_identity_agent(const std::vector<std::string>& args, const OpensshVersion&) {
  const std::string text = arg(args, 0);
  if (text.empty()) return refusal("Missing argument.");
  if (std::string problem = agent_path_problem(text); !problem.empty()) return refusal(problem);
  return one("identityagent", text);
}

bool gss_kex_valid(const std::string& names) {
  if (names.empty()) return false;
  std::size_t start = 0;
  for (std::size_t comma = names.find(','); start < names.size(); comma = names.find(',', start)) {
    const std::string_view name = std::string_view(names).substr(start, comma - start);
    if (name.empty()) break;  // strsep stops at the first empty element
    bool known = false;
    for (std::string_view prefix : k_gss_kex) known = known || name.starts_with(prefix);
    if (!known) return false;
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return true;
}

Result<Assignments> read_gss_kex(const std::vector<std::string>& args, const OpensshVersion&) {
  if (arg(args, 0).empty()) return refusal("Missing argument.");
  if (!gss_kex_valid(args[0])) return refusal("Bad GSSAPI KexAlgorithms '" + args[0] + "'.");
  return one("gssapikexalgorithms", args[0]);
}

// ObscureKeystrokeTiming (9.5): yes/true (the default interval), no/false (off) or
// interval:MS with MS in 1..1000 (exact case); one argument. Stored as `ssh -G`
// prints it: "yes" for the default interval, "no" for 0, else the number.
Result<Assignments> read_obscure_timing(const std::vector<std::string>& args, const OpensshVersion&) {
  if (args.size() > 1) return refusal("invalid arguments");
  const std::string text = arg(args, 0);
  if (text == "yes" || text == "true") return one("obscurekeystroketiming", "yes");
  if (text == "no" || text == "false") return one("obscurekeystroketiming", "no");
  if (!text.starts_with("interval:")) return refusal("unsupported argument \"" + text + "\"");
  std::string reason;
  const std::optional<long long> value = parse_int(std::string_view(text).substr(9), &reason);
  if (!value) return refusal("integer value " + reason + ".");
  if (*value <= 0 || *value > 1000) return refusal("value out of range.");
  const bool is_default = *value == k_keystroke_default_interval_ms;
  return one("obscurekeystroketiming", is_default ? "yes" : std::to_string(*value));
}

constexpr std::array<ValueFormInfo, 14> k_forms{{
    {"rekeylimit", read_rekey_limit, 2},
    {"ipqos", read_ipqos, 2},
    {"tunneldevice", read_tunnel_device, 1},
    {"escapechar", read_escape_char, 1},
    {"addkeystoagent", read_add_keys, 2},
    {"controlpersist", read_control_persist, 1},
    {"loglevel", read_log_level, 1},
    {"syslogfacility", read_facility, 1},
    {"fingerprinthash", read_fingerprint_hash, 1},
    {"streamlocalbindmask", read_bind_mask, 1},
    {"forwardagent", read_forward_agent, 1},
    {"identityagent", read_identity_agent, 1},
    {"gssapikexalgorithms", read_gss_kex, 1},
    {"obscurekeystroketiming", read_obscure_timing, k_any_count},
}};

}  // namespace

Error refusal(std::string message) { return Error{ErrorKind::invalid_input, std::move(message)}; }

std::string agent_path_problem(const std::string& path) {
  if (!dollar_expand(path)) return "Invalid environment expansion " + path + ".";
  const bool legacy = !path.empty() && path[0] == '$' && (path.size() == 1 || path[1] != '{');
  bool valid_name = path.size() > 1;
  for (std::size_t i = 1; i < path.size(); ++i) {
    valid_name = valid_name && (std::isalnum(static_cast<unsigned char>(path[i])) || path[i] == '_');
  }
  if (legacy && !valid_name) return "Invalid environment name " + path + ".";
  return "";
}

const ValueFormInfo* find_value_form(std::string_view keyword, const OpensshVersion& release) {
  for (const ValueFormInfo& form : k_forms) {
    if (form.keyword == keyword && form.since <= release) return &form;
  }
  return find_list_form(keyword, release);
}

}  // namespace sshtune::sshconfig
