#pragma once
// The decision model (ssh-tune-rules(5), ARCHITECTURE.md): from one host's measured facts to a ranked
// Ciphers list, Compression yes/no, the bottleneck and reasons in plain words.
// Pure: no I/O, so recorded measurement sets drive the unit tests.

#include "rules/catalog.hpp"
#include "rules/policy.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// One uncompressed trial of the libssh survey through the real link.
struct CipherTrial {
  std::string cipher;
  double mb_per_s = 0;  // payload 10^6 bytes/s
};

// One trial through the user's own OpenSSH client (what ssh, scp and rsync -e ssh move).
struct ClientTrial {
  std::string cipher;
  bool compression = false;  // Compression yes, carrying the user's sample
  double mb_per_s = 0;
};

// k concurrent OpenSSH sessions (each its own connection, window and cipher thread), in aggregate.
struct ParallelTrial {
  int streams = 2;
  double mb_per_s = 0;
};

// Which way a session moves data: to the server (upload) or from it (download).
enum class TransferDirection { upload, download };

// How far TCP lets one connection's socket buffers grow on one end: the maximum (third field) of
// net.ipv4.tcp_rmem and tcp_wmem, in bytes; nullopt when unknown (not Linux, unreadable).
struct TcpLimits {
  std::optional<double> receive_max;
  std::optional<double> send_max;
};

// What TCP counted on the upload connections (the survey's and your ssh's), this machine sending: how many segments
// went out, how many of them went again, the segment size and this machine's congestion control.
struct PathLoss {
  double segments = 0;
  double retransmitted = 0;
  double mss_bytes = 0;
  std::string congestion;  // "cubic", "bbr", ...; "" when unknown
};

// What the libssh survey measured.
struct SurveyFacts {
  std::vector<CipherTrial> trials;                   // its uncompressed trials
  std::vector<std::string> untimed_ciphers;          // left untimed: every cipher moves the same here
  std::string untimed_reason;                        // why (ciphers_cannot_differ); "" when all were timed
  std::optional<double> compressed_sample_mb_per_s;  // zlib trial with the user's data (payload MB/s)
  std::optional<double> compressed_random_mb_per_s;  // zlib trial with incompressible data
};

// What the user's own ssh measured: the confirmation's trials and the parallel ladder's.
struct ClientFacts {
  std::vector<ClientTrial> trials;             // may be empty
  std::string missing;                         // why there are none ("" when there are)
  std::vector<ParallelTrial> parallel_trials;  // with the first cipher
  std::string compression_stopped;             // why the compressed trial was not streamed (window_stops_compression)
};

// The path between the two ends: its round trips, the way the data moves, TCP's buffers and loss.
struct PathFacts {
  std::optional<double> rtt_seconds;                        // idle
  std::optional<double> loaded_rtt_seconds;                 // while a trial streamed
  TransferDirection direction = TransferDirection::upload;  // which way the cipher trials moved data
  TcpLimits local_tcp;                                      // this machine's TCP buffer limits
  TcpLimits server_tcp;                                     // the server's, read over the survey's session
  std::optional<PathLoss> loss;                             // the uploads' (absent: downloads, no TCP)
};

// What the two ends offer, and what the user's config sets now.
struct OfferFacts {
  bool server_is_hpn = false;               // the banner names hpn-ssh (its window follows TCP's)
  std::vector<std::string> client_ciphers;  // `ssh -Q cipher`
  std::vector<std::string> server_ciphers;  // the server's KEXINIT (client to server)
  bool server_offers_compression = false;
  bool server_strict_kex = false;
  bool rsync_zstd_local = false;
  bool rsync_zstd_remote = false;
  std::vector<std::string> current_ciphers;  // what `ssh -G HOST` says is in effect now
  bool current_compression = false;
};

// This machine's CPU: its cipher and zlib speeds, and how the user's sample compresses.
struct LocalFacts {
  std::map<std::string, double> cipher_speeds;  // EVP speed per cipher (may be empty)
  std::optional<double> zlib_mb_per_s;          // zlib-6 compression speed on the sample
  std::optional<double> sample_ratio;           // zlib-6 compressed/original of the sample
};

// Everything the decision is made from, grouped by where it comes from. Optional facts that are
// missing make the decision more conservative and say so in the reasons.
struct HostFacts {
  std::string host;
  SurveyFacts survey;
  ClientFacts openssh;
  PathFacts path;
  OfferFacts offer;
  LocalFacts local;
};

enum class LinkClass { cpu_bound, link_bound };
// loss: each session is held by its congestion control's answer to packet loss (k sessions gain while
// one moves far less than its window allows).
enum class Bottleneck { cpu, link, window, loss };
// Where a figure shown to the user comes from: the user's OpenSSH client, the libssh survey, or (for
// compression that no transfer measured) the model from this CPU's zlib speed and the sample's ratio.
// loss_model: what one session of a loss-based congestion control sustains at the loss TCP counted
// (rules/path_loss.hpp), where a trial's fresh connection ran ahead of its losses.
enum class FigureSource { openssh, libssh, model, loss_model };

// k parallel sessions are worth it: they reach `mb_per_s` where one session reaches `single_mb_per_s`.
struct ParallelAdvice {
  int streams = 2;
  double mb_per_s = 0;
  double single_mb_per_s = 0;
};

// What holds the data one session has in flight per round trip: the receiver's SSH channel window
// (OpenSSH's fixed 2 MiB), or a TCP socket buffer's maximum on one end (the sender's send buffer, the
// receiver's receive buffer).
enum class WindowLimit { channel, local_send, local_receive, server_send, server_receive };

// The window that binds one direction (session_window.hpp says how it is found).
struct SessionWindow {
  WindowLimit limit = WindowLimit::channel;
  double bytes = 0;          // in flight per round trip: one session moves at most bytes/RTT
  double buffer_max = 0;     // for a TCP limit, the tcp_rmem/tcp_wmem maximum it comes from; 0 for the channel
  double advised_max = 0;    // for a TCP limit, the maximum the advice sets to lift it; 0 for the channel
  bool local_known = true;   // this machine's buffer for this direction was read
  bool server_known = true;  // the server's was
  bool operator==(const SessionWindow&) const = default;
};

// Each direction's binding window; nullopt when no limit of it is known.
struct SessionWindows {
  std::optional<SessionWindow> upload;
  std::optional<SessionWindow> download;
};

// True when an SSH banner names hpn-ssh ("SSH-2.0-OpenSSH_9.2p1-hpn18.1.0"), whose
// receive window follows TCP's instead of OpenSSH's fixed 2 MiB.
bool banner_is_hpn(std::string_view banner);

struct Decision {
  std::vector<std::string> ciphers;  // ranked, best first; all pass the security floor
  bool compression = false;          // ssh's own Compression for this host
  std::string rsync_compress;        // "zstd", "zlib" or "" (rsync should not compress)
  LinkClass link_class = LinkClass::cpu_bound;
  Bottleneck bottleneck = Bottleneck::cpu;
  std::optional<double> break_even_ratio;  // compression pays when data compresses below this
  double expected_mb_per_s = 0;            // measured for the recommendation
  FigureSource expected_source = FigureSource::libssh;
  std::optional<double> current_mb_per_s;  // measured for the configuration in effect now
  FigureSource current_source = FigureSource::libssh;
  std::string current_cipher;              // the cipher the current configuration negotiates
  std::optional<ParallelAdvice> parallel;  // run this many sessions at once (only when it pays)
  SessionWindows windows;                  // which window binds one session, each way
  std::vector<std::string> reasons;        // one plain sentence each
};

std::string_view to_string(LinkClass link_class);         // "cpu-bound" / "link-bound"
std::string_view to_string(Bottleneck bottleneck);        // "cpu" / "link" / "window"
std::string_view to_string(FigureSource source);          // "openssh" / "libssh"
std::string_view to_string(WindowLimit limit);            // "channel" / "local-send" / ... / "server-receive"
std::string_view to_string(TransferDirection direction);  // "upload" / "download"

// Decides for one host, ranking by your ssh's figures, then the survey's (by your ssh's alone when the
// survey left every cipher untimed). Error only when there is nothing to recommend: remote when the
// survey left the ciphers to your ssh and it failed too (both reasons), else invalid_input (no measured
// cipher is allowed by the policy and supported by both ends).
Result<Decision> decide(const HostFacts& facts, const Catalog& catalog, const Policy& policy);

}  // namespace sshtune::rules
