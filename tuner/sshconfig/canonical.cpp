#include "tuner/sshconfig/canonical.hpp"

#include "tuner/sshconfig/destination.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <netdb.h>
#include <strings.h>
#include <sys/socket.h>

#include <algorithm>

namespace sshtune::sshconfig {
namespace {

// A getaddrinfo() answer, freed on scope exit.
struct Lookup {
  addrinfo* result = nullptr;
  int error = 0;
  Lookup(const std::string& name, int port, int family, int flags) {
    addrinfo hints{};
    hints.ai_family = family;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = flags;
    error = getaddrinfo(name.c_str(), std::to_string(port).c_str(), &hints, &result);
  }
  ~Lookup() {
    if (result != nullptr) freeaddrinfo(result);
  }
  Lookup(const Lookup&) = delete;
  Lookup& operator=(const Lookup&) = delete;
};

bool is_address_fast(const std::string& name) {
  return name.find_first_of("%:") != std::string::npos || name.find_first_not_of("0123456789.") == std::string::npos;
}

// resolve_addr(): the numeric form of an address, or "" when `name` is not exactly one.
std::string numeric_form(const std::string& name, const CanonicalOptions& options) {
  const Lookup lookup(name, options.port, options.address_family, AI_NUMERICHOST | AI_NUMERICSERV);
  if (lookup.error != 0 || lookup.result == nullptr || lookup.result->ai_next != nullptr) return "";
  char text[NI_MAXHOST] = {};
  if (getnameinfo(lookup.result->ai_addr, lookup.result->ai_addrlen, text, sizeof text, nullptr, 0, NI_NUMERICHOST)) {
    return "";
  }
  return text;
}

// resolve_host() with AI_CANONNAME: whether `name` resolves, and its valid CNAME ("" if none).
bool resolves(const std::string& name, const CanonicalOptions& options, std::string* cname) {
  const Lookup lookup(name, options.port, options.address_family, AI_CANONNAME);
  if (lookup.error != 0) return false;
  std::string canon = lookup.result->ai_canonname ? lookup.result->ai_canonname : "";
  *cname = valid_domain(canon, false, nullptr) ? canon : "";  // valid_domain() drops a trailing '.'
  return true;
}

bool has_permitted_cnames(const CanonicalOptions& options) { return !options.cnames.empty(); }

// check_follow_cname(): the CNAME when a permitted rule allows following it.
void follow_cname(std::string& host, const std::string& cname, const CanonicalOptions& options) {
  if (cname.empty() || !has_permitted_cnames(options) || host == cname || options.mode == 0) return;
  if (!options.direct && options.mode != 2) return;
  for (const auto& [sources, targets] : options.cnames) {
    if (match_pattern_list(host, sources, true) == 1 && match_pattern_list(cname, targets, true) == 1) {
      host = options.lower_cname ? ascii_lower(cname) : cname;
      return;
    }
  }
}

// The suffix search of resolve_canonicalize(); true when `host` was replaced.
Result<bool> search_suffixes(std::string& host, const CanonicalOptions& options) {
  if (host.empty()) return false;
  if (host.back() == '.') {
    std::string cname;
    if (resolves(host, options, &cname)) {
      host.pop_back();
      follow_cname(host, cname, options);
      return true;
    }
  } else if (std::count(host.begin(), host.end(), '.') > options.max_dots) {
    return false;
  } else {
    for (const std::string& domain : options.domains) {
      if (strcasecmp(domain.c_str(), "none") == 0) break;
      std::string full = host;
      full.append(".").append(domain).append(".");
      std::string cname;
      if (!resolves(full, options, &cname)) continue;
      full.pop_back();
      follow_cname(full, cname, options);
      host = full;
      return true;
    }
  }
  if (!options.fallback_local) return Error{ErrorKind::invalid_input, "Could not resolve host \"" + host + "\""};
  return false;
}

// resolve_canonicalize(): true when an address or a canonical name was found.
Result<bool> resolve_canonicalize(std::string& host, const CanonicalOptions& options) {
  if (const std::string numeric = numeric_form(host, options); !numeric.empty()) {
    if (strcasecmp(host.c_str(), numeric.c_str()) != 0) host = numeric;
    return true;
  }
  if (is_address_fast(host) || options.mode == 0) return false;
  if (!options.direct && options.mode != 2) return false;
  return search_suffixes(host, options);
}

}  // namespace

bool is_address(const std::string& name, int address_family) {
  if (is_address_fast(name)) return true;
  const Lookup lookup(name, 22, address_family, AI_NUMERICHOST | AI_NUMERICSERV);
  return lookup.error == 0 && lookup.result != nullptr && lookup.result->ai_next == nullptr;
}

Result<std::string> canonical_host(std::string host, const CanonicalOptions& options) {
  bool found = false;
  if (options.mode != 0 || is_address(host, options.address_family)) {
    SSHTUNE_TRY(canonical, resolve_canonicalize(host, options));
    found = canonical;
  }
  if (!found && has_permitted_cnames(options) && (options.direct || options.mode == 2)) {
    std::string cname;
    if (resolves(host, options, &cname)) {
      follow_cname(host, cname, options);
    } else if (options.direct) {
      return Error{ErrorKind::invalid_input, "Could not resolve hostname " + host};
    }
  }
  return host;
}

}  // namespace sshtune::sshconfig
