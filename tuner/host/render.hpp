#pragma once
// Pass 6 of the host pipeline: the decision as text for each tool (templates/).

#include "templates/snippet_variables.hpp"
#include "tuner/host/pipeline.hpp"

#include <map>
#include <string>

namespace sshtune::host {

// Snippet kind name ("ssh_config", "rsync", "scp", "sftp", "ssh", "parallel") -> rendered text.
using Snippets = std::map<std::string, std::string>;

// What the templates render for a cached measurement (mscp looked up on $PATH).
templates::SnippetInput snippet_input(const CachedHost& entry);

// Renders every snippet template for the outcome's decision; "parallel" only when the
// decision advises parallel sessions. Errors: a missing or broken template (the user's
// override or the shipped one), naming the file.
Result<Snippets> render_snippets(const HostOutcome& outcome);

}  // namespace sshtune::host
