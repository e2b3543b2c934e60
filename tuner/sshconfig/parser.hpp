#pragma once
// Parsing, printing and OpenSSH-9.2 checking of ssh_config text. parse() is lossless
// and never fails (print(parse(x)) == x); check() reports what ssh would reject.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "base/result.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::sshconfig {

// One problem ssh reports for a line; `message` is ssh's text without the location.
struct Diagnostic {
  std::string path;
  std::size_t line = 0;  // 0 for command-line (-o) options
  std::string message;
  // "PATH:LINE: MESSAGE", the one-line form used in ssh-tune errors: control and
  // non-ASCII bytes escaped as ssh prints them ("\357\273\277host" for a BOM) and
  // the message cut to about k_max_quoted_input characters (base/message.hpp).
  std::string to_string() const;
};

// How a file is checked: whether it is a user config (Include may use "~") and an
// IgnoreUnknown pattern list already in force (from an earlier -o, say).
struct CheckOptions {
  bool user_config = true;
  std::string ignore_unknown;
};

// Splits text into lines and tokenises each exactly as ssh does. Never fails;
// per-line syntax problems are recorded in the lines and reported by check().
ConfigFile parse(std::string_view text, std::string path);

// The original bytes of the file (lossless inverse of parse).
std::string print(const ConfigFile& file);

// Every error ssh 9.2 reports for this file independent of the host: unknown
// keywords, missing arguments, bad values (also in inactive blocks), bad Match
// lines. IgnoreUnknown lines take effect for later lines regardless of scope
// (ssh stores the first one seen in an active block; evaluate() is exact).
std::vector<Diagnostic> check(const ConfigFile& file, const ClientCapabilities& client,
                              const CheckOptions& options = {});

// parse() + check(): the file, or an invalid_input error naming the first bad
// line ("PATH:LINE: MESSAGE (+N more)").
Result<ConfigFile> parse_checked(std::string_view text, std::string path, const ClientCapabilities& client,
                                 const CheckOptions& options = {});

// read_file() + parse_checked().
Result<ConfigFile> load_config(const std::filesystem::path& path, const ClientCapabilities& client,
                               const CheckOptions& options = {});

// Turns a list of diagnostics into one invalid_input Error (first one, plus a count).
Error diagnostics_error(const std::vector<Diagnostic>& diagnostics);

}  // namespace sshtune::sshconfig
