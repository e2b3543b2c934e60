#pragma once
// File rules: config files ssh refuses for their owner or mode (file-permissions)
// and Include arguments that match nothing (include-missing).

#include "tuner/audit/config_set.hpp"
#include "tuner/audit/finding.hpp"

#include <sys/types.h>

#include <string>
#include <vector>

namespace sshtune::audit {

// A fail for every file ssh checks and refuses, naming what is wrong with it;
// `me` is the uid ssh runs as.
std::vector<Finding> audit_file_permissions(const std::vector<LoadedFile>& files, uid_t me);

// A warn for every Include argument that matched no file, except a pattern over an
// existing folder (an empty drop-in folder such as /etc/ssh/ssh_config.d/*.conf is normal).
std::vector<Finding> audit_missing_includes(const std::vector<MissingInclude>& missing);

// An info for every Include that matched a directory: read as an empty file, skipped.
std::vector<Finding> audit_directory_includes(const std::vector<DirectoryInclude>& directories);

}  // namespace sshtune::audit
