#pragma once
// A temporary HOME for tests that run whole commands: HOME, XDG_CACHE_HOME
// (DIR/cache), XDG_CONFIG_HOME (DIR/config) and RSYNC_RSH (empty) point into one
// temp dir for the life of the object, so nothing reaches the real ~/.ssh or ~/.cache.

#include "tests/support/temp_dir.hpp"

namespace sshtune::testing {

struct TempHome {
  TempDir dir;
  ScopedEnv home{"HOME", dir.path().string()};
  ScopedEnv cache{"XDG_CACHE_HOME", (dir.path() / "cache").string()};
  ScopedEnv config{"XDG_CONFIG_HOME", (dir.path() / "config").string()};
  ScopedEnv rsync{"RSYNC_RSH", ""};
};

}  // namespace sshtune::testing
