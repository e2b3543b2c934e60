#pragma once
// Match localnetwork (OpenSSH 9.4): addrmatch.c addr_match_cidr_list() over the
// addresses of this machine's interfaces that are up (getifaddrs), as
// readconf.c check_match_ifaddrs() tests them.

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// ssh's message for a malformed CIDR list ("Invalid network entry \"x\""), or
// nullopt when every entry is an address or address/masklen.
std::optional<std::string> cidr_list_problem(std::string_view list);

// True when an address in the CIDR list matches `address` (a numeric address).
bool cidr_list_matches(std::string_view address, std::string_view list);

// True when an address of an interface that is up lies in the CIDR list.
bool local_network_matches(std::string_view list);

}  // namespace sshtune::sshconfig
