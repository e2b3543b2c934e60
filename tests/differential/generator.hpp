#pragma once
// Seeded random ssh_config generator for the differential suite: mixes of Host,
// Match, Include and global lines, patterns and negations, algorithm-list algebra,
// quoting, '=' forms, odd spacing, CRLF and occasional invalid lines.

#include <map>
#include <random>
#include <string>
#include <vector>

namespace sshtune::differential {

// One generated scenario: the -F file, extra files (relative to the temp dir; the
// "home/.ssh/" ones are reachable through relative Include paths) and the hosts.
struct Scenario {
  std::string config;
  std::map<std::string, std::string> files;
  std::vector<std::string> hosts;
};

class Generator {
 public:
  explicit Generator(unsigned seed) : m_random(seed) {}

  // A complete scenario; `dir` is the temp dir, for absolute Include paths.
  Scenario scenario(const std::string& dir) {
    Scenario s;
    m_dir = dir;
    m_error_rate = 0;
    // IgnoreUnknown only counts once stored from an active line, so unknown
    // keywords are written only when the top file starts with it.
    m_ignore_unknown = chance(50);
    for (int i = 1; i <= 3; ++i) {
      s.files["home/.ssh/inc" + std::to_string(i) + ".conf"] = file_text(false, 4);
    }
    s.files["abs/x.conf"] = file_text(false, 4);
    m_error_rate = chance(70) ? 0 : 6;
    s.config = (m_ignore_unknown ? "IgnoreUnknown UseKeychain,Foo*\n" : "") + file_text(true, 6 + pick(10));
    for (int i = 0; i < 3; ++i) s.hosts.push_back(one_of(k_hosts));
    return s;
  }

 private:
  inline static const std::vector<std::string> k_hosts{
      "foo", "FOO", "bar", "foo.example.com", "db1.prod.example.com", "myalias", "10.0.0.5", "web-01", "Real.Example.com"};
  inline static const std::vector<std::string> k_patterns{
      "foo", "FOO", "bar", "*", "*.example.com", "!foo", "!bar", "f?o", "*.prod.*", "bar,foo", "myalias",
      "real.example.com", "10.0.0.*", "web-0?", "db*", "!*.example.com", "*o*", "\"foo\""};
  inline static const std::vector<std::string> k_ciphers{
      "aes128-ctr", "aes192-ctr", "aes256-ctr", "aes128-gcm@openssh.com", "aes256-gcm@openssh.com",
      "chacha20-poly1305@openssh.com", "aes128-cbc", "3des-cbc"};
  inline static const std::vector<std::string> k_macs{
      "hmac-sha2-256", "hmac-sha2-512", "hmac-sha1", "umac-64@openssh.com", "hmac-sha2-256-etm@openssh.com",
      "hmac-md5"};
  inline static const std::vector<std::string> k_kex{
      "curve25519-sha256", "diffie-hellman-group14-sha256", "ecdh-sha2-nistp256", "sntrup761x25519-sha512@openssh.com",
      "diffie-hellman-group1-sha1"};
  inline static const std::vector<std::string> k_deny{"*-cbc", "aes128*", "chacha*", "*-gcm@openssh.com", "*sha1*",
                                                       "*-etm@openssh.com", "ecdh*", "sntrup*", "umac*", "!x", "aes*"};

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }
  bool chance(int percent) { return pick(100) < percent; }
  const std::string& one_of(const std::vector<std::string>& v) { return v[static_cast<std::size_t>(pick(static_cast<int>(v.size())))]; }

  std::string names(const std::vector<std::string>& pool) {
    std::string out = one_of(pool);
    for (int n = pick(3); n > 0; --n) out += "," + one_of(pool);
    return out;
  }

  // +LIST, -PATTERNS, ^LIST or a plain list; sometimes an invalid one.
  std::string algorithm_value(const std::vector<std::string>& pool) {
    switch (pick(6)) {
      case 0: return "+" + names(pool);
      case 1: return "-" + (chance(m_error_rate / 2) ? std::string("*") : one_of(k_deny)) +
                     (chance(40) ? "," + one_of(k_deny) : "");
      case 2: return "^" + names(pool);
      case 3: return chance(50) ? "\"" + names(pool) + "\"" : names(pool) + " # trailing comment";
      default: return chance(m_error_rate) ? names(pool) + ",bogus-name" : names(pool);
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
    for (char& c : s) c = static_cast<char>(upper ? std::toupper(static_cast<unsigned char>(c)) : std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  // The separator between keyword and value: blanks, '=', or both.
  std::string separator() {
    static const std::vector<std::string> k_seps{" ", " ", "\t", "=", " = ", "  ", "= "};
    return one_of(k_seps);
  }

  std::string setting() {
    static const std::vector<std::string> k_hostnames{"real.example.com", "%h.example.com", "Real.Example.COM",
                                                      "10.1.2.3", "%h", "Db.Internal"};
    static const std::vector<std::string> k_users{"alice", "bob", "root", "\"carol\""};
    static const std::vector<std::string> k_ports{"22", "2222", "ssh", "0022", "65535"};
    static const std::vector<std::string> k_ids{"~/.ssh/id_a", "~/.ssh/id_b", "/tmp/k1", "\"~/.ssh/with space\""};
    switch (pick(13)) {
      case 0: case 1: return keyword("Ciphers") + separator() + algorithm_value(k_ciphers);
      case 2: return keyword("MACs") + separator() + algorithm_value(k_macs);
      case 3: return keyword("KexAlgorithms") + separator() + algorithm_value(k_kex);
      case 4: case 5: {
        static const std::vector<std::string> k_values{"yes", "no", "YES", "No"};
        return keyword("Compression") + separator() + (chance(m_error_rate) ? "true" : one_of(k_values));
      }
      case 6: return keyword("HostName") + separator() + one_of(k_hostnames);
      case 7: return keyword("Port") + separator() + (chance(m_error_rate) ? "0" : one_of(k_ports));
      case 8: return keyword("User") + separator() + one_of(k_users);
      case 9: return keyword("IdentityFile") + separator() + one_of(k_ids);
      case 10: return m_ignore_unknown || chance(m_error_rate) ? "UseKeychain yes" : "IgnoreUnknown Foo*";
      case 11: return chance(50) ? "ServerAliveInterval 30" : "ForwardAgent no";
      default: return chance(30) ? "# a comment line" : "";
    }
  }

  std::string match_criterion() {
    static const std::vector<std::string> k_criteria{
        "host foo", "host *.example.com,!db*", "!host bar", "originalhost FOO", "originalhost myalias",
        "user alice", "user root", "!user bob", "localuser root", "final", "!final", "canonical",
        "host=foo", "exec true", "exec false", "exec \"test %h = foo\"", "host real.example.com"};
    return one_of(k_criteria);
  }

  std::string header() {
    if (chance(45)) {
      if (chance(10)) return "Match all";
      std::string line = keyword("Match") + " " + match_criterion();
      if (chance(35)) line += " " + match_criterion();
      if (chance(m_error_rate / 2)) line += " tagged x";
      return line;
    }
    std::string line = keyword("Host") + separator() + one_of(k_patterns);
    for (int n = pick(3); n > 0; --n) line += " " + one_of(k_patterns);
    return line;
  }

  std::string include_line() {
    static const std::vector<std::string> k_targets{"inc1.conf", "~/.ssh/inc*.conf", "inc[23].conf",
                                                    "missing.conf", "inc2.conf inc3.conf"};
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
    if (top && chance(m_error_rate)) text += "Ciphers\n";  // no argument: fatal
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
  int m_error_rate = 3;  // percent of lines of each error-prone kind that are invalid
  bool m_ignore_unknown = false;
  std::string m_dir;
};

}  // namespace sshtune::differential
