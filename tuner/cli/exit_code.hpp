#pragma once
// Process exit codes, as documented in man/ssh-tune.1 (EXIT STATUS).

namespace sshtune::cli {

enum class ExitCode : int {
  ok = 0,             // success, or an audit found nothing
  failure = 1,        // operational error: unreadable file, unreachable host, refused key
  findings_warn = 2,  // audit found warnings (ssh-audit's convention)
  findings_fail = 3,  // audit found failures
  usage = 64,         // bad command line (EX_USAGE)
};

inline int to_int(ExitCode code) { return static_cast<int>(code); }

}  // namespace sshtune::cli
