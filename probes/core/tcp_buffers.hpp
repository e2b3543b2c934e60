#pragma once
// How far Linux lets TCP grow one connection's socket buffers on a machine: the maximum (third field) of
// net.ipv4.tcp_rmem (receive) and net.ipv4.tcp_wmem (send). Read here from /proc, and on a server from
// what `grep . /proc/sys/net/ipv4/tcp_rmem /proc/sys/net/ipv4/tcp_wmem` prints there (remote_tools.hpp).
// Parsing never fails: what is not a Linux answer is unknown.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

namespace sshtune::probes {

// One machine's limits, in bytes; nullopt when unknown (not Linux, /proc unreadable, malformed).
struct TcpBufferLimits {
  std::optional<std::int64_t> receive_max;  // tcp_rmem's third field
  std::optional<std::int64_t> send_max;     // tcp_wmem's third field
};

// The largest value taken for a limit (the kernel keeps them in an int).
inline constexpr std::int64_t k_max_tcp_buffer = 2147483647;

// The third of exactly three whitespace-separated decimal integers ("4096\t131072\t6291456\n"), when
// it is 1 to k_max_tcp_buffer; nullopt for anything else.
std::optional<std::int64_t> parse_tcp_mem_max(std::string_view text);

// The limits in grep's "FILE:CONTENT" lines for the two files, which may sit among other lines: each line
// starting "/proc/sys/net/ipv4/tcp_rmem:" or ".../tcp_wmem:" is read; a repeated one makes that limit
// unknown. No such line (no /proc there): both unknown.
TcpBufferLimits parse_tcp_buffer_lines(std::string_view output);

// This machine's limits, read from the tcp_rmem and tcp_wmem files in `dir`.
TcpBufferLimits read_tcp_buffer_limits(const std::filesystem::path& dir = "/proc/sys/net/ipv4");

}  // namespace sshtune::probes
