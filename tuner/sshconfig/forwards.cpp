#include "tuner/sshconfig/forwards.hpp"

#include "tuner/sshconfig/destination.hpp"

#include <cctype>

namespace sshtune::sshconfig {
namespace {

constexpr std::size_t k_max_host = 1025;     // NI_MAXHOST
constexpr std::size_t k_max_sun_path = 108;  // sizeof(sockaddr_un.sun_path)
constexpr std::size_t k_fwdarg_size = 256;   // readconf.c's fwdarg[256] buffer

// One field of a forwarding spec (parse_fwd_field): its text and whether it names a path.
struct Field {
  std::string text;
  bool path = false;
};

// A "[...]" field at spec[at]; advances `at` past it and its ':'. nullopt if malformed.
std::optional<Field> bracket_field(std::string_view spec, std::size_t& at) {
  const std::size_t close = spec.find(']', at + 1);
  if (close == std::string_view::npos) return std::nullopt;
  if (close + 1 < spec.size() && spec[close + 1] != ':') return std::nullopt;
  Field field{std::string(spec.substr(at + 1, close - at - 1)), false};
  field.path = field.text.find('/') != std::string::npos;
  at = close + 1 < spec.size() ? close + 2 : close + 1;
  return field;
}

// A plain field: up to ':' with '\' escaping the next character; nullopt on a trailing '\'.
std::optional<Field> plain_field(std::string_view spec, std::size_t& at) {
  Field field;
  for (; at < spec.size(); ++at) {
    if (spec[at] == '\\') {
      if (++at >= spec.size()) return std::nullopt;
      field.text += spec[at];
    } else if (spec[at] == ':') {
      ++at;
      return field;
    } else {
      field.path = field.path || spec[at] == '/';
      field.text += spec[at];
    }
  }
  return field;
}

// The fields of a spec, at most four; nullopt when a field is malformed or text is left.
std::optional<std::vector<Field>> split_fields(std::string_view spec) {
  std::vector<Field> fields;
  std::size_t at = 0;
  while (fields.size() < 4 && at < spec.size()) {
    std::optional<Field> field = spec[at] == '[' ? bracket_field(spec, at) : plain_field(spec, at);
    if (!field) return std::nullopt;
    fields.push_back(std::move(*field));
  }
  if (at < spec.size()) return std::nullopt;
  return fields;
}

void set_listen_path(Forward& fwd, const Field& field) {
  fwd.listen_path = field.text;
  fwd.listen_port = k_port_streamlocal;
}

void set_connect_path(Forward& fwd, const Field& field) {
  fwd.connect_path = field.text;
  fwd.connect_port = k_port_streamlocal;
}

// parse_forward()'s cases 1 and 2: a dynamic listener, or path/port ends.
Forward assign_short(const std::vector<Field>& f) {
  Forward fwd;
  if (f.size() == 1) {
    if (f[0].path)
      set_listen_path(fwd, f[0]);
    else
      fwd.listen_port = a2port(f[0].text);
    fwd.connect_host = "socks";
  } else if (f[0].path && f[1].path) {
    set_listen_path(fwd, f[0]);
    set_connect_path(fwd, f[1]);
  } else if (f[1].path) {
    fwd.listen_port = a2port(f[0].text);
    set_connect_path(fwd, f[1]);
  } else {
    fwd.listen_host = f[0].text;
    fwd.listen_port = a2port(f[1].text);
    fwd.connect_host = "socks";
  }
  return fwd;
}

// parse_forward()'s cases 3 and 4: [host:]port or path on each side.
Forward assign_long(const std::vector<Field>& f) {
  Forward fwd;
  if (f.size() == 4) {
    fwd.listen_host = f[0].text;
    fwd.listen_port = a2port(f[1].text);
    fwd.connect_host = f[2].text;
    fwd.connect_port = a2port(f[3].text);
  } else if (f[0].path) {
    set_listen_path(fwd, f[0]);
    fwd.connect_host = f[1].text;
    fwd.connect_port = a2port(f[2].text);
  } else if (f[2].path) {
    fwd.listen_host = f[0].text;
    fwd.listen_port = a2port(f[1].text);
    set_connect_path(fwd, f[2]);
  } else {
    fwd.listen_port = a2port(f[0].text);
    fwd.connect_host = f[1].text;
    fwd.connect_port = a2port(f[2].text);
  }
  return fwd;
}

bool too_long(const std::optional<std::string>& value, std::size_t limit) { return value && value->size() >= limit; }

// parse_forward()'s checks after the fields are assigned.
bool forward_valid(const Forward& fwd, std::size_t count, bool dynamic, bool remote) {
  if (dynamic && count != 1 && count != 2) return false;
  if (!dynamic && count != 3 && count != 4 && !fwd.connect_path && !fwd.listen_path) return false;
  if (!dynamic && fwd.connect_port <= 0 && !fwd.connect_path) return false;
  if ((fwd.listen_port < 0 && !fwd.listen_path) || (!remote && fwd.listen_port == 0)) return false;
  return !too_long(fwd.connect_host, k_max_host) && !too_long(fwd.listen_host, k_max_host) &&
         !too_long(fwd.connect_path, k_max_sun_path) && !too_long(fwd.listen_path, k_max_sun_path);
}

// parse_forward(): nullopt where ssh returns 0.
std::optional<Forward> parse_forward(std::string_view raw, bool dynamic, bool remote) {
  const Result<std::string> spec = dollar_expand(raw);
  if (!spec) return std::nullopt;
  std::string_view text = spec.value();
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  const std::optional<std::vector<Field>> fields = split_fields(text);
  if (!fields || fields->empty()) return std::nullopt;
  const Forward fwd = fields->size() <= 2 ? assign_short(*fields) : assign_long(*fields);
  if (!forward_valid(fwd, fields->size(), dynamic, remote)) return std::nullopt;
  return fwd;
}

std::string end_text(const std::optional<std::string>& host, int port, const std::optional<std::string>& path) {
  if (port == k_port_streamlocal) return path.value_or("");
  if (!host) return std::to_string(port);
  return "[" + *host + "]:" + std::to_string(port);
}

}  // namespace

Result<Forward> forward_of_arguments(ForwardKind kind, const std::string& first, const std::string* second) {
  const bool has_second = second != nullptr && !second->empty();
  if (kind == ForwardKind::local && !has_second) return Error{ErrorKind::invalid_input, "Missing target argument."};
  const bool dynamic = kind == ForwardKind::dynamic || !has_second;
  std::string spec = dynamic ? first : first + ":" + *second;
  if (spec.size() >= k_fwdarg_size) spec.resize(k_fwdarg_size - 1);  // snprintf into fwdarg[256]
  std::optional<Forward> fwd = parse_forward(spec, dynamic, kind == ForwardKind::remote);
  if (!fwd) return Error{ErrorKind::invalid_input, "Bad forwarding specification."};
  return *fwd;
}

std::vector<std::string> dump_forwards(std::string_view keyword, const std::vector<Forward>& forwards) {
  std::vector<std::string> lines;
  for (const Forward& fwd : forwards) {
    const bool socks = fwd.connect_host && *fwd.connect_host == "socks";
    if (keyword == "dynamicforward" && fwd.connect_host && !socks) continue;
    if (keyword == "localforward" && socks) continue;
    std::string line = end_text(fwd.listen_host, fwd.listen_port, fwd.listen_path);
    if (keyword != "dynamicforward") line += " " + end_text(fwd.connect_host, fwd.connect_port, fwd.connect_path);
    lines.push_back(std::move(line));
  }
  return lines;
}

Result<Forward> expand_forward_paths(Forward forward, const Tokens& tokens) {
  for (std::optional<std::string>* path : {&forward.listen_path, &forward.connect_path}) {
    if (!*path) continue;
    SSHTUNE_TRY(expanded, expand_tokens(**path, tokens, false));
    *path = std::move(expanded);
  }
  return forward;
}

}  // namespace sshtune::sshconfig
