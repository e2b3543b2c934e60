#include "tuner/host/render.hpp"

#include "templates/snippets.hpp"

namespace sshtune {
namespace {

std::string snippet_key(templates::SnippetKind kind) {
  std::string name(templates::to_string(kind));
  return name == "ssh-config" ? "ssh_config" : name;
}

templates::SnippetInput snippet_input(const HostOutcome& outcome) {
  const CachedHost& e = outcome.entry;
  return {e.host, e.decision, e.client_version, e.measured_unix, e.sample, e.server_banner};
}

}  // namespace

Result<Snippets> render_snippets(const HostOutcome& outcome) {
  Snippets snippets;
  const auto input = snippet_input(outcome);
  for (const auto kind : templates::all_snippet_kinds()) {
    SSHTUNE_TRY(text, templates::render_snippet(kind, input));
    snippets[snippet_key(kind)] = text;
  }
  return snippets;
}

}  // namespace sshtune
