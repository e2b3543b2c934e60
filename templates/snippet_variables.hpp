#pragma once
// From one host's decision to the variables the *.tmpl files use. The rules
// that matter live here: the `^` Ciphers prefix only for OpenSSH >= 8.1, and
// rsync's own compression with ssh Compression=no, never both (zlib under rsync's zstd only costs CPU).

#include "rules/decision.hpp"
#include "templates/escape.hpp"
#include "templates/renderer.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::templates {

// What a snippet is rendered from: the decision plus when and what was measured.
struct SnippetInput {
  std::string host;  // the alias as the user types it
  rules::Decision decision;
  std::string client_version;      // `ssh -V` of the client that will read the snippet
  std::int64_t measured_unix = 0;  // 0: unknown, the comment leaves the time out
  std::string sample;              // what data the compression trial used
  std::string server_banner;       // e.g. "SSH-2.0-OpenSSH_9.2p1 Debian-2"
  bool mscp_on_path = false;       // the parallel snippet says where to get mscp when false
  rules::TransferDirection direction = rules::TransferDirection::upload;  // which way the trials moved data
};

struct OpenSshVersion {
  int major = 0;
  int minor = 0;
};

// Parses "OpenSSH_9.2p1 Debian-2..." (also "OpenSSH_for_Windows_8.1p1"); nullopt
// for anything else, e.g. an empty string or another SSH implementation.
std::optional<OpenSshVersion> parse_openssh_version(std::string_view version);

// True when the client understands "Ciphers ^list" (OpenSSH 8.1 and later).
bool supports_caret_ciphers(std::string_view client_version);

// The value for `Ciphers` and `-c`: "^a,b" for clients that support the prefix,
// else the plain ranked list "a,b". Empty when `ranked` is empty.
std::string ciphers_value(const std::vector<std::string>& ranked, std::string_view client_version);

// rsync's compression flag for Decision::rsync_compress: "--compress-choice=zstd"
// for "zstd", "-z" for "zlib", "" for anything else (rsync does not compress).
std::string rsync_compress_flag(std::string_view rsync_compress);

// "2026-11-30 05:40 UTC"; "" for 0.
std::string format_measured(std::int64_t measured_unix);

// Every variable the shipped templates may use, unescaped: host, ciphers,
// cipher_list, compression ("yes"/"no"), rsync_compress, rsync_rsh (rsync's -e
// command: "ssh -o Compression=no -c CIPHERS"), measured, sample, server_banner,
// client_version, expected ("412 MB/s" or ""), bottleneck, link_class, first_cipher;
// for the parallel snippet streams ("4", "" without parallel advice), parallel_speed and
// single_speed ("112 MB/s"), the flags ("yes" or "") mscp_missing, server_hpn, window_bound, and for a
// window-bound verdict whose binding window is known (in the trials' direction) window_limit ("OpenSSH's
// 2 MiB channel window") and window_lift (what gets past it), "" otherwise.
Variables snippet_variables(const SnippetInput& input);

// How a variable is escaped (escape.hpp): the comment-only fields (measured,
// sample, server_banner, client_version, expected, bottleneck, link_class,
// parallel_speed, single_speed, window_limit, window_lift and the flags) are text, every other one an argument.
FieldRole field_role(std::string_view name);

}  // namespace sshtune::templates
