#include "tuner/cli/status_line.hpp"

#include <ostream>
#include <string_view>

namespace sshtune::cli {
namespace {

// Back to the start of the line and erase it (ANSI EL): the status line is redrawn in place.
constexpr std::string_view k_erase_line = "\r\033[K";

}  // namespace

host::ProgressStatus status_line(Io& io) {
  if (!io.err_is_tty) return {};
  return [&io](const std::string& what) {
    io.err << k_erase_line;
    if (!what.empty()) io.err << "probing: " << what;
    io.err << std::flush;
  };
}

}  // namespace sshtune::cli
