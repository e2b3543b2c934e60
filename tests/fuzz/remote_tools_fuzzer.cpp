// libFuzzer target for what the server prints for `rsync --version` and its TCP buffer files (untrusted
// remote output). Checks that parsing never crashes and that a limit it accepts is in range.

#include "probes/core/remote_tools.hpp"

#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

void check(const std::optional<std::int64_t>& limit) {
  if (limit && (*limit < 1 || *limit > sshtune::probes::k_max_tcp_buffer)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto tools = sshtune::probes::parse_remote_tools(bytes);
  check(tools.tcp.receive_max);
  check(tools.tcp.send_max);
  check(sshtune::probes::parse_tcp_mem_max(bytes));
  return 0;
}
