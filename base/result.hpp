#pragma once
// Errors travel as values. Every layer returns Result<T>; only the CLI turns an
// Error into a message and an exit code.

#include <boost/outcome/result.hpp>
#include <boost/outcome/success_failure.hpp>
#include <boost/outcome/try.hpp>

#include <string>

namespace sshtune {

// What kind of failure, so the CLI can choose the exit code.
enum class ErrorKind {
  usage,          // bad flags or arguments (exit 64)
  invalid_input,  // malformed file or data we were given (exit 1)
  io,             // a file or process could not be used (exit 1)
  remote,         // a host misbehaved or was unreachable (exit 1)
  unsupported,    // the platform or a library lacks something (exit 1)
};

// A recoverable failure. `message` is complete and one line, and already names
// its context, e.g. "rules/catalog.toml:12: expected a string".
struct Error {
  ErrorKind kind = ErrorKind::invalid_input;
  std::string message;
};

template <typename T>
using Result = boost::outcome_v2::result<T, Error, boost::outcome_v2::policy::terminate>;

// The value to return from a successful Result<void> function.
inline auto ok() { return boost::outcome_v2::success(); }

}  // namespace sshtune

// SSHTUNE_TRY(var, expr): evaluate expr (a Result); on failure return its error
// from the enclosing function, otherwise bind its value to `var`.
#define SSHTUNE_TRY(var, expr) BOOST_OUTCOME_TRY(var, expr)
// SSHTUNE_TRYV(expr): the same for a Result<void>.
#define SSHTUNE_TRYV(expr) BOOST_OUTCOME_TRYV(expr)
