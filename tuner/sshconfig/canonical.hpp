#pragma once
// What ssh.c main() does to the host name between the two configuration passes:
// is_addr() (addresses are not lower-cased), resolve_canonicalize() (an address
// is rewritten in its numeric form; with CanonicalizeHostname, a name with few
// enough dots is looked up with each CanonicalDomains suffix) and the
// CanonicalizePermittedCNAMEs lookup. The lookups are the same getaddrinfo() calls
// ssh makes, so the outcome is ssh's.

#include "base/result.hpp"

#include <string>
#include <utility>
#include <vector>

namespace sshtune::sshconfig {

// The options canonicalisation reads (filled after pass 1 as ssh fills them).
struct CanonicalOptions {
  int mode = 0;  // CanonicalizeHostname: 0 no, 1 yes, 2 always
  int max_dots = 1;
  bool fallback_local = true;
  std::vector<std::string> domains;                         // CanonicalDomains
  std::vector<std::pair<std::string, std::string>> cnames;  // CanonicalizePermittedCNAMEs rules
  bool direct = true;                                       // no ProxyCommand and no ProxyJump
  int address_family = 0;                                   // AF_UNSPEC, AF_INET or AF_INET6
  int port = 22;
  bool lower_cname = false;  // 10.4 on: a followed CNAME is lower-cased
};

// is_addr(): a name with '%' or ':', all digits and dots, or one numeric address.
bool is_address(const std::string& name, int address_family);

// The host after canonicalisation, or ssh's fatal message as an invalid_input
// error ("Could not resolve host \"x\"", "Could not resolve hostname x: ...").
Result<std::string> canonical_host(std::string host, const CanonicalOptions& options);

}  // namespace sshtune::sshconfig
