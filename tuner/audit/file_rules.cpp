#include "tuner/audit/file_rules.hpp"

#include "base/format.hpp"

#include <sys/stat.h>

namespace sshtune::audit {
namespace {

// "world-writable", "group-writable", "owned by uid N" joined with " and ".
std::string problems(const FileFacts& facts, uid_t me) {
  std::string text;
  const auto add = [&](const std::string& part) { text += (text.empty() ? "" : " and ") + part; };
  if (facts.owner != 0 && facts.owner != me) add("owned by uid " + std::to_string(facts.owner));
  if ((facts.mode & S_IWGRP) != 0) add("group-writable");
  if ((facts.mode & S_IWOTH) != 0) add("world-writable");
  return text;
}

std::string fix_for(const LoadedFile& loaded, uid_t me) {
  const std::string& path = loaded.file.path;
  if (loaded.facts.owner != 0 && loaded.facts.owner != me) {
    return "chown " + std::to_string(me) + " " + path + " && chmod 600 " + path;
  }
  return "chmod go-w " + path;
}

}  // namespace

std::vector<Finding> audit_file_permissions(const std::vector<LoadedFile>& files, uid_t me) {
  std::vector<Finding> findings;
  for (const LoadedFile& loaded : files) {
    if (!loaded.facts.checked_by_ssh || !loaded.facts.refused) continue;
    findings.push_back(Finding{Severity::fail, RuleId::file_permissions, loaded.file.path, 0, "",
                               loaded.file.path + " is " + problems(loaded.facts, me) + " (mode " +
                                   octal_mode(loaded.facts.mode) + "), so ssh refuses it: " + *loaded.facts.refused,
                               fix_for(loaded, me)});
  }
  return findings;
}

std::vector<Finding> audit_missing_includes(const std::vector<MissingInclude>& missing) {
  std::vector<Finding> findings;
  for (const MissingInclude& include : missing) {
    if (include.wildcard && include.directory_exists) continue;
    findings.push_back(Finding{Severity::warn, RuleId::include_missing, include.file, include.line, include.scope,
                               "Include " + include.argument + " matches no file; ssh skips it without a word",
                               "create the file, correct the path (relative paths are taken from ~/.ssh or "
                               "/etc/ssh), or remove the Include"});
  }
  return findings;
}

std::vector<Finding> audit_directory_includes(const std::vector<DirectoryInclude>& directories) {
  std::vector<Finding> findings;
  findings.reserve(directories.size());
  for (const DirectoryInclude& include : directories) {
    findings.push_back(Finding{Severity::info, RuleId::include_directory, include.file, include.line, include.scope,
                               "Include " + include.argument + " matches the directory " + include.directory +
                                   ", which is read as an empty file: nothing in it applies",
                               "Include " + include.argument + "/* reads the files in it"});
  }
  return findings;
}

}  // namespace sshtune::audit
