#pragma once
// The snippets ssh-tune prints for a host, one template file each:
// ssh_config.tmpl, rsync.tmpl, scp.tmpl, sftp.tmpl, ssh.tmpl and parallel.tmpl.

#include "base/result.hpp"
#include "templates/snippet_variables.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sshtune::templates {

enum class SnippetKind { ssh_config, rsync, scp, sftp, ssh, parallel };

// Every kind, in the order `host` shows them.
std::span<const SnippetKind> all_snippet_kinds();

// The user-facing name: "ssh-config", "rsync", "scp", "sftp", "ssh", "parallel".
std::string_view to_string(SnippetKind kind);

// The user-facing names, in that order, as "ssh-config, rsync, ... or parallel".
std::string snippet_kind_names();

// The kind for a user-facing name; nullopt if unknown.
std::optional<SnippetKind> parse_snippet_kind(std::string_view name);

// The template's file name, e.g. "ssh_config.tmpl".
std::string template_name(SnippetKind kind);

// Renders the kind's template (the user's override if present) for `input`, each
// variable escaped for what reads the snippet (escape.hpp): ssh for ssh-config,
// the shell for the command lines. Error for a host starting with '-'.
Result<std::string> render_snippet(SnippetKind kind, const SnippetInput& input);

}  // namespace sshtune::templates
