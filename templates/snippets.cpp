#include "templates/snippets.hpp"

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
};

const KindInfo& info(SnippetKind kind) { return k_kinds.at(static_cast<std::size_t>(kind)); }

}  // namespace

std::span<const SnippetKind> all_snippet_kinds() {
  static constexpr std::array k_all{SnippetKind::ssh_config, SnippetKind::rsync, SnippetKind::scp, SnippetKind::sftp,
                                    SnippetKind::ssh};
  return k_all;
}

std::string_view to_string(SnippetKind kind) { return info(kind).name; }

std::optional<SnippetKind> parse_snippet_kind(std::string_view name) {
  for (const KindInfo& known : k_kinds) {
    if (known.name == name) return known.kind;
  }
  return std::nullopt;
}

std::string template_name(SnippetKind kind) { return std::string(info(kind).file); }

Result<std::string> render_snippet(SnippetKind kind, const SnippetInput& input) {
  return render_template(template_name(kind), snippet_variables(input));
}

}  // namespace sshtune::templates
