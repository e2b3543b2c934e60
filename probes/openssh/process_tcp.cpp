// Written by hand rather than with libmnl: one dump request and a walk over its replies, which the
// kernel's uapi headers describe; a library would add a package for some forty lines.
#include "probes/openssh/process_tcp.hpp"

#include <dirent.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

namespace sshtune::probes {
namespace {

// The kernel's TCP_ESTABLISHED (include/net/tcp_states.h); glibc's <netinet/tcp.h>, which also names it,
// clashes with <linux/tcp.h>'s full struct tcp_info.
constexpr unsigned k_tcp_established = 1;

// The inodes of the sockets among `pid`'s open descriptors ("socket:[N]" links in /proc/PID/fd).
std::set<unsigned long> socket_inodes(pid_t pid) {
  std::set<unsigned long> inodes;
  const std::string dir = "/proc/" + std::to_string(pid) + "/fd";
  DIR* entries = ::opendir(dir.c_str());
  if (!entries) return inodes;
  while (const dirent* entry = ::readdir(entries)) {
    char target[64] = {};
    const std::string link = dir + "/" + entry->d_name;
    if (::readlink(link.c_str(), target, sizeof target - 1) <= 0) continue;
    unsigned long inode = 0;
    if (std::sscanf(target, "socket:[%lu]", &inode) == 1) inodes.insert(inode);
  }
  ::closedir(entries);
  return inodes;
}

// Asks for every established TCP socket of `family` with its TCP_INFO and congestion control.
bool request_dump(int fd, unsigned char family) {
  struct {
    nlmsghdr header;
    inet_diag_req_v2 request;
  } message{};
  message.header.nlmsg_len = sizeof message;
  message.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
  message.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
  message.request.sdiag_family = family;
  message.request.sdiag_protocol = IPPROTO_TCP;
  message.request.idiag_states = 1U << k_tcp_established;
  message.request.idiag_ext = (1U << (INET_DIAG_INFO - 1)) | (1U << (INET_DIAG_CONG - 1));
  return ::send(fd, &message, sizeof message, 0) == static_cast<ssize_t>(sizeof message);
}

// The sample one reply carries; nullopt without a TCP_INFO long enough to hold bytes_acked.
std::optional<TcpSample> sample_of(const inet_diag_msg* socket, unsigned length) {
  std::optional<TcpSample> sample;
  std::string congestion;
  tcp_info info{};
  auto remaining = static_cast<int>(length - NLMSG_LENGTH(sizeof *socket));
  for (auto* a = reinterpret_cast<const rtattr*>(socket + 1); RTA_OK(a, remaining); a = RTA_NEXT(a, remaining)) {
    const auto* data = static_cast<const char*>(RTA_DATA(a));
    const std::size_t size = RTA_PAYLOAD(a);
    if (a->rta_type == INET_DIAG_CONG) congestion.assign(data, strnlen(data, size));
    if (a->rta_type != INET_DIAG_INFO || size < offsetof(tcp_info, tcpi_bytes_acked) + sizeof info.tcpi_bytes_acked)
      continue;
    std::memcpy(&info, data, std::min(size, sizeof info));
    if (info.tcpi_snd_mss == 0) continue;
    sample = TcpSample{info.tcpi_bytes_acked / info.tcpi_snd_mss,
                       info.tcpi_total_retrans,
                       info.tcpi_snd_mss,
                       "",
                       info.tcpi_bytes_acked,
                       0,
                       info.tcpi_rtt / 1e6};
    if (size >= offsetof(tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received)
      sample->bytes_received = info.tcpi_bytes_received;
  }
  if (sample) sample->congestion = congestion;
  return sample;
}

// Reads the dump's replies, keeping in `best` the sample of the socket among `inodes` that sent most.
void read_dump(int fd, const std::set<unsigned long>& inodes, std::optional<TcpSample>& best) {
  alignas(nlmsghdr) char buffer[32768];
  for (;;) {
    const ssize_t got = ::recv(fd, buffer, sizeof buffer, 0);
    if (got <= 0) return;
    // NLMSG_OK and NLMSG_NEXT by hand: the macros compare the unsigned length with a signed count.
    const auto size = static_cast<std::size_t>(got);
    for (std::size_t at = 0; at + sizeof(nlmsghdr) <= size;) {
      const auto* h = reinterpret_cast<const nlmsghdr*>(buffer + at);
      if (h->nlmsg_len < sizeof(nlmsghdr) || h->nlmsg_len > size - at) return;
      at += NLMSG_ALIGN(h->nlmsg_len);
      if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) return;
      const auto* socket = static_cast<const inet_diag_msg*>(NLMSG_DATA(h));
      if (h->nlmsg_len < NLMSG_LENGTH(sizeof *socket) || !inodes.contains(socket->idiag_inode)) continue;
      const auto sample = sample_of(socket, h->nlmsg_len);
      if (sample && (!best || sample->segments_out > best->segments_out)) best = sample;
    }
  }
}

}  // namespace

std::optional<TcpSample> process_tcp_sample(pid_t pid) {
  const auto inodes = socket_inodes(pid);
  if (inodes.empty()) return std::nullopt;
  std::optional<TcpSample> best;
  for (const unsigned char family : {AF_INET, AF_INET6}) {
    const int fd = ::socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0) break;
    const timeval wait{0, 200000};  // the kernel answers at once; a stalled dump must not hold the trials
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    if (request_dump(fd, family)) read_dump(fd, inodes, best);
    ::close(fd);
  }
  return best;
}

}  // namespace sshtune::probes
