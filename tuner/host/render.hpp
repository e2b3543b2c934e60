#pragma once
// Pass 6 of the host pipeline: the decision as text for each tool (templates/).

#include "tuner/host/pipeline.hpp"

#include <map>
#include <string>

namespace sshtune {

// Snippet kind name ("ssh_config", "rsync", "scp", "sftp", "ssh") -> rendered text.
using Snippets = std::map<std::string, std::string>;

// Renders every snippet template for the outcome's decision. Errors: a missing or
// broken template (the user's override or the shipped one), naming the file.
Result<Snippets> render_snippets(const HostOutcome& outcome);

}  // namespace sshtune
