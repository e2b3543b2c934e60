#include "tuner/commands.hpp"
namespace sshtune {
// Placeholder while the foundation lands in this same change set.
Result<ExitCode> run_cpu(const Args&, Io&) { return Error{ErrorKind::unsupported, "cpu: not built yet"}; }
}  // namespace sshtune
