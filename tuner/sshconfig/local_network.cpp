#include "tuner/sshconfig/local_network.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace sshtune::sshconfig {
namespace {

// addr.c's struct xaddr: a family, its address bytes and (IPv6) the scope id.
struct Address {
  int family = AF_UNSPEC;
  std::array<std::uint8_t, 16> bytes{};
  std::uint32_t scope = 0;
  unsigned width() const { return family == AF_INET ? 32 : 128; }
};

std::optional<Address> from_sockaddr(const sockaddr* sa) {
  Address address;
  address.family = sa->sa_family;
  if (sa->sa_family == AF_INET) {
    std::memcpy(address.bytes.data(), &reinterpret_cast<const sockaddr_in*>(sa)->sin_addr, 4);
  } else if (sa->sa_family == AF_INET6) {
    const auto* in6 = reinterpret_cast<const sockaddr_in6*>(sa);
    std::memcpy(address.bytes.data(), &in6->sin6_addr, 16);
    address.scope = in6->sin6_scope_id;
  } else {
    return std::nullopt;
  }
  return address;
}

// addr_pton(): getaddrinfo() with AI_NUMERICHOST.
std::optional<Address> parse_address(const std::string& text) {
  addrinfo hints{};
  hints.ai_flags = AI_NUMERICHOST;
  addrinfo* found = nullptr;
  if (getaddrinfo(text.c_str(), nullptr, &hints, &found) != 0 || found == nullptr) return std::nullopt;
  std::optional<Address> address = found->ai_addr ? from_sockaddr(found->ai_addr) : std::nullopt;
  freeaddrinfo(found);
  return address;
}

// Whether the bits of `address` past `masklen` are all zero (addr_host_is_all0s).
bool host_bits_zero(const Address& address, unsigned masklen) {
  for (unsigned bit = masklen; bit < address.width(); ++bit) {
    if (address.bytes[bit / 8] & (0x80u >> (bit % 8))) return false;
  }
  return true;
}

// addr_netmatch(): `host` lies in `net`/`masklen` (scope ids compared as addr_cmp does).
bool in_network(const Address& host, const Address& net, unsigned masklen) {
  if (host.family != net.family || host.scope != net.scope) return false;
  for (unsigned bit = 0; bit < masklen; ++bit) {
    const std::uint8_t mask = 0x80u >> (bit % 8);
    if ((host.bytes[bit / 8] & mask) != (net.bytes[bit / 8] & mask)) return false;
  }
  return true;
}

struct Network {
  Address address;
  unsigned masklen = 0;
};

// addr_pton_cidr(): -1 for a bad entry, -2 for an inconsistent mask length.
int parse_network(const std::string& entry, Network& out) {
  if (entry.size() >= 64) return -1;
  const std::size_t slash = entry.find('/');
  std::optional<unsigned> masklen;
  if (slash != std::string::npos) {
    const std::string digits = entry.substr(slash + 1);
    char* end = nullptr;
    const long long value = std::strtoll(digits.c_str(), &end, 10);
    if (digits.empty() || *end != '\0' || value < 0 || value > 0x7fffffff) return -1;
    masklen = static_cast<unsigned>(value);
  }
  const std::optional<Address> address = parse_address(entry.substr(0, slash));
  if (!address) return -1;
  out = Network{*address, masklen.value_or(address->width())};
  if (out.masklen > address->width() || !host_bits_zero(*address, out.masklen)) return -2;
  return 0;
}

std::vector<std::string> entries_of(std::string_view list) {
  std::vector<std::string> entries;
  std::size_t start = 0;
  for (std::size_t comma = list.find(',');; comma = list.find(',', start)) {
    entries.emplace_back(list.substr(start, comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return entries;
}

// addr_match_cidr_list() for one entry: its problem, if any.
std::optional<std::string> entry_problem(const std::string& entry, const std::string& list) {
  if (entry.empty()) return "addr_match_cidr_list: empty entry in list \"" + list.substr(0, 100) + "\"";
  if (entry.size() > INET6_ADDRSTRLEN + 3) {
    return "addr_match_cidr_list: list entry \"" + entry.substr(0, 100) + "\" too long";
  }
  // ssh prints this one and still parses the entry: the line is bad either way.
  if (entry.find_first_not_of("0123456789abcdefABCDEF.:/") != std::string::npos) {
    return "addr_match_cidr_list: list entry \"" + entry.substr(0, 100) + "\" contains invalid characters";
  }
  Network network;
  const int parsed = parse_network(entry, network);
  if (parsed == -1) return "Invalid network entry \"" + entry.substr(0, 100) + "\"";
  if (parsed == -2) return "Inconsistent mask length for network \"" + entry.substr(0, 100) + "\"";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> cidr_list_problem(std::string_view list) {
  for (const std::string& entry : entries_of(list)) {
    if (std::optional<std::string> problem = entry_problem(entry, std::string(list))) return problem;
  }
  return std::nullopt;
}

bool cidr_list_matches(std::string_view address, std::string_view list) {
  const std::optional<Address> host = parse_address(std::string(address));
  if (!host || cidr_list_problem(list)) return false;
  for (const std::string& entry : entries_of(list)) {
    Network network;
    if (parse_network(entry, network) == 0 && in_network(*host, network.address, network.masklen)) return true;
  }
  return false;
}

bool local_network_matches(std::string_view list) {
  ifaddrs* interfaces = nullptr;
  if (getifaddrs(&interfaces) != 0) return false;
  bool found = false;
  for (const ifaddrs* ifa = interfaces; ifa != nullptr && !found; ifa = ifa->ifa_next) {
    if (ifa->ifa_addr == nullptr || ifa->ifa_name == nullptr || (ifa->ifa_flags & IFF_UP) == 0) continue;
    const socklen_t length = ifa->ifa_addr->sa_family == AF_INET    ? sizeof(sockaddr_in)
                             : ifa->ifa_addr->sa_family == AF_INET6 ? sizeof(sockaddr_in6)
                                                                    : 0;
    char text[NI_MAXHOST];
    if (length == 0 || getnameinfo(ifa->ifa_addr, length, text, sizeof text, nullptr, 0, NI_NUMERICHOST) != 0) continue;
    found = cidr_list_matches(text, list);
  }
  freeifaddrs(interfaces);
  return found;
}

}  // namespace sshtune::sshconfig
