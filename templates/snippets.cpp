#include "templates/snippets.hpp"

#include "base/message.hpp"
#include "templates/escape.hpp"
#include "templates/template_store.hpp"

#include <array>

namespace sshtune::templates {
namespace {

struct KindInfo {
  SnippetKind kind;
  std::string_view name;
  std::string_view file;
};

constexpr std::array k_kinds{
    KindInfo{SnippetKind::ssh_config, "ssh-config", "ssh_config.tmpl"},
    KindInfo{SnippetKind::rsync, "rsync", "rsync.tmpl"},
    KindInfo{SnippetKind::scp, "scp", "scp.tmpl"},
    KindInfo{SnippetKind::sftp, "sftp", "sftp.tmpl"},
    KindInfo{SnippetKind::ssh, "ssh", "ssh.tmpl"},
    KindInfo{SnippetKind::parallel, "parallel", "parallel.tmpl"},
};

const KindInfo& info(SnippetKind kind) { return k_kinds.at(static_cast<std::size_t>(kind)); }

// The ssh_config block is read by ssh; every other snippet is a shell command line.
Target target_of(SnippetKind kind) { return kind == SnippetKind::ssh_config ? Target::ssh_config : Target::shell; }

Variables escaped_variables(const SnippetInput& input, Target target) {
  Variables out;
  for (const auto& [name, value] : snippet_variables(input)) out[name] = escape_field(value, field_role(name), target);
  return out;
}

}  // namespace

std::span<const SnippetKind> all_snippet_kinds() {
  static constexpr std::array k_all{SnippetKind::ssh_config, SnippetKind::rsync, SnippetKind::scp,
                                    SnippetKind::sftp,       SnippetKind::ssh,   SnippetKind::parallel};
  return k_all;
}

std::string_view to_string(SnippetKind kind) { return info(kind).name; }

std::string snippet_kind_names() {
  std::string names;
  for (std::size_t i = 0; i < k_kinds.size(); ++i) {
    names += (i == 0 ? "" : i + 1 == k_kinds.size() ? " or " : ", ") + std::string(k_kinds[i].name);
  }
  return names;
}

std::optional<SnippetKind> parse_snippet_kind(std::string_view name) {
  for (const KindInfo& known : k_kinds) {
    if (known.name == name) return known.kind;
  }
  return std::nullopt;
}

std::string template_name(SnippetKind kind) { return std::string(info(kind).file); }

Result<std::string> render_snippet(SnippetKind kind, const SnippetInput& input) {
  if (input.host.starts_with('-')) {
    // No quoting keeps a leading '-' from being read as an option.
    return Error{ErrorKind::invalid_input, "snippet: host '" + quote_input(input.host) + "' starts with '-'"};
  }
  return render_template(template_name(kind), escaped_variables(input, target_of(kind)));
}

}  // namespace sshtune::templates
