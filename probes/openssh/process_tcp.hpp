#pragma once
// What Linux's TCP counted on a child process's connection (its TCP_INFO and congestion control), read
// through the kernel's sock_diag netlink interface as `ss -ti` reads it: the socket belongs to ssh, not
// to this process, so getsockopt cannot reach it. Included only by probes/*.cpp.

#include "probes/core/host_trials.hpp"

#include <optional>
#include <sys/types.h>

namespace sshtune::probes {

// The TcpSample of the established TCP connection process `pid` holds (the one that sent most, if it
// holds several); nullopt when it holds none (a ProxyCommand or ProxyJump owns the socket), its
// descriptors cannot be read, or the kernel gives no TCP_INFO.
std::optional<TcpSample> process_tcp_sample(pid_t pid);

}  // namespace sshtune::probes
