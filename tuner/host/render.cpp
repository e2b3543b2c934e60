#include "tuner/host/render.hpp"

#include "base/process.hpp"
#include "templates/snippets.hpp"

namespace sshtune::host {
namespace {

std::string snippet_key(templates::SnippetKind kind) {
  std::string name(templates::to_string(kind));
  return name == "ssh-config" ? "ssh_config" : name;
}

}  // namespace

templates::SnippetInput snippet_input(const CachedHost& e) {
  const auto direction =
      e.direction == Direction::download ? rules::TransferDirection::download : rules::TransferDirection::upload;
  return {e.host,   e.decision,      e.client_version,        e.measured_unix,
          e.sample, e.server_banner, program_on_path("mscp"), direction};
}

Result<Snippets> render_snippets(const HostOutcome& outcome) {
  Snippets snippets;
  const auto input = snippet_input(outcome.entry);
  for (const auto kind : templates::all_snippet_kinds()) {
    if (kind == templates::SnippetKind::parallel && !input.decision.parallel) continue;
    SSHTUNE_TRY(text, templates::render_snippet(kind, input));
    snippets[snippet_key(kind)] = text;
  }
  return snippets;
}

}  // namespace sshtune::host
