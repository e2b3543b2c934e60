#pragma once
// Seeded random ssh_config generator for the differential suite: mixes of Host,
// Match (with exec), Include and global lines, patterns and negations,
// algorithm-list algebra, quoting, '=' forms, odd spacing, CRLF, lines from every
// group of line_pools.hpp, occasional refused lines, and queries with ssh://
// destinations, user@host and -l/-p/-o flags. For a release that knows 10.0's
// additions they are drawn often; for an older one now and then (it refuses them,
// or reads them literally).

#include "tests/differential/harness.hpp"
#include "tests/differential/line_pools.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/release.hpp"

#include <map>
#include <random>
#include <string>
#include <vector>

namespace sshtune::differential {

// One generated scenario: the -F file, extra files (relative to the temp dir; the
// "home/.ssh/" ones are reachable through relative Include paths) and the queries.
struct Scenario {
  std::string config;
  std::map<std::string, std::string> files;
  std::vector<Query> queries;
};

class Generator {
 public:
  // `client` is the ssh the scenarios are for (its release and build).
  Generator(unsigned seed, const sshconfig::ClientCapabilities& client)
      : m_random(seed), m_client(client), m_newest(sshconfig::dialect_of(client).since(10, 0)) {}

  // A complete scenario with `queries` queries; `dir` is the temp dir, for absolute Include paths.
  Scenario scenario(const std::string& dir, int queries) {
    Scenario s;
    m_dir = dir;
    m_refusals = false;
    m_canonicalize = chance(30);
    // IgnoreUnknown only counts once stored from an active line, so unknown
    // keywords are written only when the top file starts with it.
    m_ignore_unknown = chance(50);
    for (int i = 1; i <= 3; ++i) s.files["home/.ssh/inc" + std::to_string(i) + ".conf"] = file_text(false, 4);
    s.files["abs/x.conf"] = file_text(false, 4);
    m_refusals = chance(25);
    s.config = (m_ignore_unknown ? "IgnoreUnknown UseKeychain,Foo*\n" : "") + file_text(true, 6 + pick(10));
    for (int i = 0; i < queries; ++i) s.queries.push_back(query());
    return s;
  }

 private:
  inline static const std::vector<std::string> k_hosts{"foo",
                                                       "FOO",
                                                       "bar",
                                                       "foo.example.com",
                                                       "db1.prod.example.com",
                                                       "myalias",
                                                       "10.0.0.5",
                                                       "web-01",
                                                       "Real.Example.com",
                                                       "10.1",
                                                       "alice@foo",
                                                       "bob@alice@bar",
                                                       "ssh://alice@git:2200",
                                                       "ssh://foo",
                                                       "ssh://bob@foo:2222/",
                                                       "ssh://carol@db1.prod.example.com",
                                                       "ssh://Foo.:22",
                                                       "ssh://a%20b@foo"};
  inline static const std::vector<std::string> k_bad_hosts{"ssh://foo:0", "ssh://x/path",   "@foo",
                                                           "ho'st",       "ssh://[::1]:22", "-foo"};
  inline static const std::vector<std::vector<std::string>> k_flags{{"-l", "bob"},
                                                                    {"-p", "2022"},
                                                                    {"-o", "User=dave"},
                                                                    {"-o", "Port=2200"},
                                                                    {"-o", "ControlPath=/tmp/%r-%p"},
                                                                    {"-o", "ProxyJump=j1:2222"},
                                                                    {"-o", "LogLevel=ERROR"},
                                                                    {"-o", "RemoteCommand=echo %h"},
                                                                    {"-p", "ssh"},
                                                                    {"-o", "HostName=%h.flag"},
                                                                    {"-o", "StreamLocalBindMask=0700"},
                                                                    {"-o", "SyslogFacility=LOCAL5"}};
  inline static const std::vector<std::vector<std::string>> k_bad_flags{
      {"-p", "bogus"}, {"-l", "a'b"}, {"-o", "ProxyJump=a;b"}, {"-o", "Host=x"}, {"-o", "IPQoS=fast"}};
  inline static const std::vector<std::string> k_patterns{"foo",           "FOO",     "bar",     "*",
                                                          "*.example.com", "!foo",    "!bar",    "f?o",
                                                          "*.prod.*",      "bar,foo", "myalias", "real.example.com",
                                                          "10.0.0.*",      "web-0?",  "db*",     "!*.example.com",
                                                          "*o*",           "\"foo\"", "git"};
  inline static const std::vector<std::string> k_ciphers{"aes128-ctr",
                                                         "aes192-ctr",
                                                         "aes256-ctr",
                                                         "aes128-gcm@openssh.com",
                                                         "aes256-gcm@openssh.com",
                                                         "chacha20-poly1305@openssh.com",
                                                         "aes128-cbc",
                                                         "3des-cbc"};
  inline static const std::vector<std::string> k_macs{
      "hmac-sha2-256", "hmac-sha2-512", "hmac-sha1", "umac-64@openssh.com", "hmac-sha2-256-etm@openssh.com",
      "hmac-md5"};
  inline static const std::vector<std::string> k_kex{"curve25519-sha256", "diffie-hellman-group14-sha256",
                                                     "ecdh-sha2-nistp256", "sntrup761x25519-sha512@openssh.com",
                                                     "diffie-hellman-group1-sha1"};
  inline static const std::vector<std::string> k_deny{
      "*-cbc", "aes128*", "chacha*", "*-gcm@openssh.com", "*sha1*", "*-etm@openssh.com", "ecdh*", "sntrup*",
      "umac*", "!x",      "aes*"};

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }
  bool chance(int percent) { return pick(100) < percent; }
  template <typename T>
  const T& one_of(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(pick(static_cast<int>(v.size())))];
  }

  // A destination and flags; now and then one that ssh's command line refuses.
  Query query() {
    Query q;
    q.host = chance(3) ? one_of(k_bad_hosts) : one_of(k_hosts);
    for (std::vector<std::string>* side : {&q.before, &q.after}) {
      if (!chance(side == &q.before ? 35 : 15)) continue;
      const std::vector<std::string>& flag = chance(4) ? one_of(k_bad_flags) : one_of(k_flags);
      side->insert(side->end(), flag.begin(), flag.end());
    }
    return q;
  }

  std::string names(const std::vector<std::string>& pool) {
    std::string out = one_of(pool);
    for (int n = pick(3); n > 0; --n) out += "," + one_of(pool);
    return out;
  }

  // +LIST, -PATTERNS, ^LIST or a plain list; sometimes an invalid one.
  std::string algorithm_value(const std::vector<std::string>& pool) {
    switch (pick(6)) {
      case 0: return "+" + names(pool);
      case 1:
        return "-" + (chance(m_refusals ? 3 : 0) ? std::string("*") : one_of(k_deny)) +
               (chance(40) ? "," + one_of(k_deny) : "");
      case 2: return "^" + names(pool);
      case 3:
        if (chance(50) || !fits("Ciphers x # trailing comment")) return "\"" + names(pool) + "\"";
        return names(pool) + " # trailing comment";
      default: return chance(m_refusals ? 5 : 0) ? names(pool) + ",bogus-name" : names(pool);
    }
  }

  std::string keyword(const std::string& name) {
    switch (pick(6)) {
      case 0: return ascii_case(name, false);
      case 1: return ascii_case(name, true);
      default: return name;
    }
  }

  static std::string ascii_case(std::string s, bool upper) {
    for (char& c : s)
      c = static_cast<char>(upper ? std::toupper(static_cast<unsigned char>(c))
                                  : std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  // The separator between keyword and value: blanks, '=', or both.
  std::string separator() {
    static const std::vector<std::string> k_seps{" ", " ", "\t", "=", " = ", "  ", "= "};
    return one_of(k_seps);
  }

  // Keeps DNS out of the suite: suffixes only where no canonicalisation runs.
  std::string without_lookups(const std::string& line) const {
    const bool domains = line.starts_with("CanonicalDomains") && !line.ends_with("none");
    const bool canonicalize = line == "CanonicalizeHostname yes" || line == "CanonicalizeHostname always";
    if (domains && m_canonicalize) return "CanonicalDomains none";
    if (canonicalize && !m_canonicalize) return "CanonicalizeHostname no";
    return line;
  }

  // Whether the client reads `line`: its keyword is known to the release and the
  // build, and it has no form newer than the release (a '#' comment after a value,
  // from 8.5; PubkeyAuthentication unbound/host-bound, 8.9; CNAME rules "none", 8.5).
  bool fits(const std::string& line) const {
    const std::string keyword = ascii_case(line.substr(0, line.find_first_of(" =")), false);
    const OpensshVersion release = sshconfig::dialect_of(m_client);
    if (!sshconfig::find_keyword(keyword, m_client)) return false;
    if (line.find(" #") != std::string::npos || line == "CanonicalizePermittedCNAMEs none") return release.since(8, 5);
    return release.since(8, 9) || line.find("bound") == std::string::npos;
  }

  // A line of `pool` the client reads; one it refuses now and then where refusals are allowed.
  std::string fitting_line(const std::vector<std::string>& pool) {
    std::string line = one_of(pool);
    for (int tries = 0; tries < 50 && !fits(line) && !chance(m_refusals ? 10 : 0); ++tries) line = one_of(pool);
    return line;
  }

  // A pool line with its keyword's case and separator varied.
  std::string pool_line(const std::vector<std::string>& pool) {
    const std::string line = without_lookups(fitting_line(pool));
    const std::size_t space = line.find_first_of(" =");
    if (space == std::string::npos || line[space] == '=') return line;
    return keyword(line.substr(0, space)) + separator() + line.substr(space + 1);
  }

  // The lines the original suite drew (algorithms, HostName, Port, User, ...).
  std::string basic_setting() {
    static const std::vector<std::string> k_hostnames{
        "real.example.com", "%h.example.com", "Real.Example.COM", "10.1.2.3", "%h", "Db.Internal", "10.2"};
    static const std::vector<std::string> k_users{"alice", "bob", "root", "\"carol\""};
    static const std::vector<std::string> k_ports{"22", "2222", "ssh", "0022", "65535"};
    static const std::vector<std::string> k_ids{"~/.ssh/id_a", "~/.ssh/id_b", "/tmp/k1", "\"~/.ssh/with space\""};
    switch (pick(11)) {
      case 0:
      case 1: return keyword("Ciphers") + separator() + algorithm_value(k_ciphers);
      case 2: return keyword("MACs") + separator() + algorithm_value(k_macs);
      case 3: return keyword("KexAlgorithms") + separator() + algorithm_value(k_kex);
      case 4: return keyword("Compression") + separator() + one_of(std::vector<std::string>{"yes", "no", "YES", "No"});
      case 5: return keyword("HostName") + separator() + one_of(k_hostnames);
      case 6: return keyword("Port") + separator() + (chance(m_refusals ? 10 : 0) ? "0" : one_of(k_ports));
      case 7: return keyword("User") + separator() + one_of(k_users);
      case 8: return keyword("IdentityFile") + separator() + one_of(k_ids);
      case 9: return m_ignore_unknown ? "UseKeychain yes" : "IgnoreUnknown Foo*";
      default: return chance(30) ? "# a comment line" : "";
    }
  }

  std::string setting() {
    switch (pick(20)) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4:
      case 5: return basic_setting();
      case 6:
      case 7:
      case 8: return pool_line(k_token_lines);
      case 9:
      case 10:
      case 11: return pool_line(k_forward_lines);
      case 12:
      case 13: return pool_line(k_scoping_lines);
      case 14:
      case 15: return pool_line(k_none_lines);
      case 16:
      case 17: return pool_line(k_value_lines);
      case 18: return m_newest ? pool_line(k_release_lines) : pool_line(k_value_lines);
      default: return m_refusals && chance(30) ? pool_line(k_refused_lines) : release_line();
    }
  }

  // A line of what 9.4 to 10.0 added: often for 10.0, rarely (and only where
  // refusals are allowed) for an older release.
  std::string release_line() {
    if (chance(m_newest ? 60 : (m_refusals ? 8 : 0))) return pool_line(k_release_lines);
    return basic_setting();
  }

  std::string match_criterion() {
    static const std::vector<std::string> k_criteria{"host foo",
                                                     "host *.example.com,!db*",
                                                     "!host bar",
                                                     "originalhost FOO",
                                                     "originalhost myalias",
                                                     "user alice",
                                                     "user root",
                                                     "!user bob",
                                                     "localuser root",
                                                     "final",
                                                     "!final",
                                                     "canonical",
                                                     "host=foo",
                                                     "host real.example.com",
                                                     "host git",
                                                     "user bob"};
    if (chance(m_newest ? 30 : (m_refusals ? 4 : 0))) return one_of(k_release_criteria);
    return chance(35) ? one_of(k_exec_criteria) : one_of(k_criteria);
  }

  std::string header() {
    if (chance(45)) {
      if (chance(10)) return "Match all";
      if (chance(12)) return "Match final";
      std::string line = keyword("Match") + " " + match_criterion();
      if (chance(35)) line += " " + match_criterion();
      if (chance(m_refusals ? 5 : 0)) line += " tagged x";
      return line;
    }
    std::string line = keyword("Host") + separator() + one_of(k_patterns);
    for (int n = pick(3); n > 0; --n) line += " " + one_of(k_patterns);
    return line;
  }

  std::string include_line() {
    static const std::vector<std::string> k_targets{"inc1.conf", "~/.ssh/inc*.conf", "inc[23].conf", "missing.conf",
                                                    "inc2.conf inc3.conf"};
    return keyword("Include") + " " + (chance(25) ? m_dir + "/abs/*.conf" : one_of(k_targets));
  }

  std::string indent() {
    static const std::vector<std::string> k_indents{"", "  ", "    ", "\t", " "};
    return one_of(k_indents);
  }

  // A file of `blocks` blocks; the top file may include others (included files do not).
  std::string file_text(bool top, int blocks) {
    std::string text;
    for (int b = 0; b < blocks; ++b) {
      if (b > 0 || chance(30)) text += header() + "\n";
      for (int n = 1 + pick(3); n > 0; --n) {
        std::string line = top && chance(12) ? include_line() : setting();
        if (chance(8)) line += "   ";  // trailing blanks
        text += indent() + line + "\n";
      }
    }
    if (top && chance(m_refusals ? 5 : 0)) text += "Ciphers\n";  // no argument: fatal
    if (top && chance(20)) text = crlf(text);
    if (chance(10) && !text.empty()) text.pop_back();  // no final newline
    return text;
  }

  static std::string crlf(const std::string& text) {
    std::string out;
    for (char c : text) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
  }

  std::mt19937 m_random;
  const sshconfig::ClientCapabilities& m_client;
  bool m_newest = false;        // the release knows 10.0's keywords and criteria
  bool m_refusals = false;      // whether this file may contain lines ssh refuses
  bool m_canonicalize = false;  // CanonicalizeHostname may be on (and CanonicalDomains is then never set)
  bool m_ignore_unknown = false;
  std::string m_dir;
};

}  // namespace sshtune::differential
