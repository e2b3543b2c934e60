#pragma once
// Per-host trials: end-to-end throughput per cipher, compression, round-trip time
// and remote tools, measured through a RemoteRunner (libssh in production, a fake
// in unit tests). Facts only: the rules layer turns them into decisions.

#include "probes/core/remote_tools.hpp"
#include "base/clock.hpp"
#include "base/measure_timing.hpp"
#include "base/result.hpp"
#include "probes/core/server_algorithms.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::probes {

// The one compression method OpenSSH servers offer; trials use it at OpenSSH's level 6.
inline constexpr const char* k_ssh_compression = "zlib@openssh.com";
// Printed by every probe command before its real work (`printf SSH-TUNE-READY; exec ...`), so what a
// login shell prints first (an rc file's echo) is skipped and set-up time is never counted as transfer.
inline constexpr std::string_view k_start_marker = "SSH-TUNE-READY";

// What a trial measures; each kind runs one fixed, read-only remote command.
enum class TrialKind {
  upload,       // local data -> remote `cat >/dev/null`
  download,     // remote `head -c N /dev/zero` -> local
  round_trips,  // small echo request/replies over one channel
  command,      // run spec.command and capture its stdout (read-only commands only)
};

// Which SSH client ran a trial: the libssh survey, or the user's own OpenSSH `ssh`.
enum class TrialClient { libssh, openssh };

// How the user's ssh is fed and paced on a stream trial: read by probes/openssh alone.
struct OpensshFeed {
  // Uploads: ssh reads the data from a memory file, as `ssh HOST cmd < file` does, rather than from a
  // pipe this process feeds (see probes/openssh/trial_input.hpp for which suits which link).
  bool file_input = false;
  // Uploads through a pipe: bytes given to ssh as it starts, before its turn. A real copy's ssh sends
  // its first channel window while the remote shell starts, and sshd takes its first buffer growth then,
  // outside the copy's streaming; a pipe fed only in the trial's turn would time that growth.
  std::uint64_t early_bytes = 0;
  // Uncompressed trials (a compressed one's connection carries fewer bytes than its payload): when set,
  // the trial's first turn, or a run_together group (read from its first spec), is timed on the runner's
  // clock by what its connection delivered (TCP's count) over a stretch that starts this long after its
  // release, rather than from the end of spec.warm_up_bytes; its ssh then ends (a later turn streams on a
  // new connection). See probes/openssh/clock_group.hpp.
  std::optional<std::chrono::milliseconds> clock_warm_up;
  // Trials run in turn: when set, the runner shortens this trial's streaming so that the trials still
  // to come can end by then too. The time the connections took to become ready moves it later: the
  // budget counts streaming, not a remote shell's start-up.
  std::optional<Clock::time_point> phase_end;
};

// A remote-command trial's (TrialKind::round_trips and TrialKind::command): read by the libssh runner.
struct RemoteCommand {
  int round_trips = 10;  // for TrialKind::round_trips: at most; past time_cap, no more than 3
  // For TrialKind::command; for round_trips, run before the echo starts when this trial opens the echo
  // channel (its stdout then in TrialResult::output), so a remote command costs no login shell of its own.
  std::string command;
  // Optional, for TrialKind::round_trips: called once the echo channel is ready and before the first
  // exchange; false ends the trial with no exchanges. Lets a caller open the channel (and the remote
  // shell's start-up) ahead of a timed stream and ping only while that stream runs.
  std::function<bool()> before_round_trips;
};

// One measurement with the given algorithms in effect: what every runner reads, then what only the
// user's ssh (`openssh`) or only a remote command (`remote`) needs.
struct TrialSpec {
  TrialKind kind = TrialKind::upload;
  std::string cipher;        // both directions; empty lets the library negotiate
  std::string mac;           // both directions; empty negotiates (AEAD ciphers ignore it)
  bool compression = false;  // require zlib@openssh.com (the connection fails if the server refuses it)
  std::shared_ptr<const std::string> payload;  // upload data, sent cyclically; null sends zeros
  std::uint64_t byte_cap = 256ull << 20;       // stop measuring after this many bytes
  std::chrono::milliseconds time_cap{500};     // ... or after this long, whichever comes first
  // The path's round trip as the survey measured it (0: not known). A libssh upload leaves the server
  // at most what this round trip needs unconsumed (libssh_stream.cpp); unknown, the whole window. An
  // OpenSSH trial on the clock spans whole round trips of this or its connection's, whichever is longer
  // (through a relay that ends TCP, the connection's is the relay's).
  double path_rtt_seconds = 0;
  std::uint64_t warm_up_bytes = 1ull << 20;        // moved before the clock starts (fills windows, warms caches)
  std::chrono::milliseconds warm_up_time{0};       // ... and for at least this long (new remote processes start slowly)
  std::function<void(std::uint64_t)> on_progress;  // optional: measured bytes so far, after every write/read
  OpensshFeed openssh;
  RemoteCommand remote;
};

// What the kernel counted on a trial's own TCP connection while it ran (Linux TCP_INFO): what tells a
// session held by packet loss and its congestion control from one held by a window, the link or the CPU.
struct TcpSample {
  std::uint64_t segments_out = 0;   // data segments: bytes sent (libssh's: written; ssh's: acknowledged) / MSS
  std::uint64_t retransmitted = 0;  // segments sent again (tcpi_total_retrans)
  std::uint32_t mss_bytes = 0;      // the sender's maximum segment size
  std::string congestion;           // the socket's TCP_CONGESTION ("cubic", "bbr"); "" when unknown
  // What the connection carried so far (OpenSSH trials' samples only; 0 where not read): bytes this end
  // sent that the peer acknowledged, and bytes this end received (tcpi_bytes_acked, tcpi_bytes_received).
  std::uint64_t bytes_acked = 0;
  std::uint64_t bytes_received = 0;
  double rtt_seconds = 0;  // the kernel's smoothed round trip (tcpi_rtt); OpenSSH trials' samples only
};

// What one trial measured. Upload and download count payload bytes (before compression).
struct TrialResult {
  TrialKind kind = TrialKind::upload;
  std::string cipher;  // as negotiated
  std::string mac;     // as negotiated ("aead-gcm"/"aead-poly1305" for AEAD ciphers)
  bool compression = false;
  TrialClient client = TrialClient::libssh;  // whose client moved the bytes
  std::uint64_t bytes = 0;                   // payload bytes inside the timed interval
  std::uint64_t wire_bytes = 0;  // socket bytes in the same direction and interval (uploads: acknowledged by TCP)
  double seconds = 0;            // timed interval, after the warm-up
  // Where that interval lies on a clock, for adding up concurrent trials: the server's (the uploads
  // it timed) or the runner's Clock, in seconds; absent when not recorded.
  struct Span {
    double start = 0;
    double end = 0;
    bool server_clock = false;
  };
  std::optional<Span> span;
  // libssh uploads: what TCP counted on the trial's connection over the whole trial (warm-up included).
  std::optional<TcpSample> tcp;
  // OpenSSH trials: the seconds the new session lost at its start, before it streamed at `seconds`'
  // rate: from its release to its warm-up's end, less the warm-up's bytes at that rate (TCP's slow
  // start, sshd's first buffers). A whole transfer of N bytes takes about start_s + N / rate.
  std::optional<double> start_s;
  // OpenSSH trials: from starting ssh to its remote command's start (the connection, the log-in, the
  // remote shell), what a new `ssh HOST COMMAND` takes before COMMAND runs; nullopt when not seen.
  std::optional<double> setup_s;
  std::vector<double> round_trip_seconds;  // TrialKind::round_trips, one per exchange
  // TrialKind::command: stdout (capped at 64 KiB); round_trips, when spec.command ran ahead of the echo:
  // everything the shell printed before the echo's marker (spec.command's output, and any rc-file banner).
  std::string output;
  int exit_status = -1;  // TrialKind::command: the remote exit status when one arrived
  // Uploads: the data the trial carried (its spec's payload), so a caller can tell the user's sample from
  // other data; null when it sent zeros or the runner did not record it.
  std::shared_ptr<const std::string> payload;
};

// Payload megabytes (10^6) per second; 0 when nothing was timed.
double mb_per_s(const TrialResult& result);

// How concurrent sessions share what limits them.
enum class SessionSharing {
  shared,       // one CPU or link: their total stays the same whoever streams (a CPU- or link-bound host)
  independent,  // each held by its own channel window: each moves its rate whatever the others do
};

// What concurrent trials moved together, when every trial recorded its span on the same clock: shared,
// all their bytes over the span from the first start to the last end (adding up each trial's own rate
// would count a session that streamed alone as if the others streamed beside it); independent, where
// every span overlaps the others, the sum of their rates (the union would count the stagger of their
// warm-ups' ends as time nobody streamed), else as shared. Without spans on one clock, the sum of rates.
double aggregate_mb_per_s(const std::vector<TrialResult>& results, SessionSharing sharing = SessionSharing::shared);

// The host's identity and how we logged in, established before any trial.
struct AccessCheck {
  std::string host_key_type;         // e.g. "ssh-ed25519"
  std::string host_key_fingerprint;  // "SHA256:..." as ssh-keygen -l prints it
  bool host_key_added = false;       // accept_new appended it to the first known_hosts file
  std::string auth_method;           // "agent" or the identity file that worked
  // The server's banner and KEXINIT, read inside this connection (which went on to authenticate);
  // nullopt when the runner cannot read them that way.
  std::optional<ServerAlgorithms> server;
};

// Runs trials against one host. The host key is verified before any trial; a runner may keep one
// connection across trials and change its algorithms in between.
class RemoteRunner {
 public:
  virtual ~RemoteRunner() = default;
  // Connects, verifies the host key (refusing unknown or changed keys) and authenticates; runs nothing.
  virtual Result<AccessCheck> check_access() = 0;
  // Runs one trial with spec's algorithms in effect; an Error leaves the runner usable for the next trial
  // (a broken connection is replaced). Round trips keep their echo channel open for the next round trips,
  // so a login shell's rc files start once for all of them.
  virtual Result<TrialResult> run(const TrialSpec& spec) = 0;
  // After check_access: starts opening, in the background, what a throughput trial with `first`'s
  // algorithms will run on, so its handshake overlaps the round trips and remote commands run before
  // it; run() of such a trial waits for it, and only that wait counts as set-up. Nothing where set-up
  // is not remote.
  virtual void connect_ahead(const TrialSpec& /*first*/) {}
  // Closes whatever carried throughput trials, so nothing of them (a download's source filling its
  // window) shares the link with what is timed next; later trials connect afresh. Remote commands and
  // round trips keep their session.
  virtual void end_trials() {}
  // The time so far that set-up took rather than trials: connections opened for trials and remote
  // commands starting (a login shell's rc files can take a second, more when several start at once).
  // Budgets count trials, so callers move their deadlines by this; 0 where nothing is set up remotely.
  virtual std::chrono::milliseconds setup_time() const { return std::chrono::milliseconds(0); }
};

// What to measure; make_trial_plan() fills it from the server's KEXINIT.
struct HostTrialPlan {
  std::vector<std::string> ciphers;                // tried in this order, one trial each (until the budget ends)
  std::vector<std::string> macs;                   // server MACs (c2s) for pairing with non-AEAD ciphers
  bool server_offers_compression = false;          // zlib@openssh.com in the server's c2s list
  std::shared_ptr<const std::string> sample;       // the user's data for a compression trial; null skips it
  std::chrono::milliseconds budget{5000};          // total wall time for all trials
  std::chrono::milliseconds max_trial_time{1000};  // cap on one trial's warm-up plus measurement
  // Which way the cipher trials move data: upload (scp/rsync pushes) or download (pulls). Compression
  // trials always upload: the sample exists only here, and nothing is ever written on the remote.
  TrialKind direction = TrialKind::upload;
  bool measure_compression = true;
  // Asked with the fastest uncompressed figure before the compressed trials: a reason to skip them, noted
  // in the report (their share of the survey's time is then given up), or nullopt to run them. Unset runs
  // them.
  using SkipCompression = std::function<std::optional<std::string>(double fastest_mb_per_s)>;
  SkipCompression skip_compression;
  // Asked after the round trips and after each cipher trial, with the uncompressed trials timed so far
  // (none at first, or while every attempt failed) and the idle round trip: a reason the ciphers not yet
  // timed cannot move more (the link or the channel window sets the pace), or nullopt. With a reason they are left
  // untimed (HostTrialReport::untimed_ciphers) and their time goes to the trials after them. Unset times them all.
  using SkipCiphers =
      std::function<std::optional<std::string>(const std::vector<TrialResult>& timed, std::optional<double> rtt)>;
  SkipCiphers skip_ciphers;
  bool probe_tools = true;  // `rsync --version` and the TCP buffer limits (k_remote_tools_command)
  MeasureTiming timing;     // slots' least round trips and warm-up, a switch's cost (the policy's [timing])
  // A cipher timed again: a run under this fraction of its fastest run is a stall (fold_runs; the policy's
  // crawl_fraction).
  double stall_fraction = 0.25;
};

// A trial that failed; the others still ran.
struct TrialFailure {
  std::string trial;    // e.g. "upload aes128-ctr"
  std::string message;  // one line naming the host
};

// Everything measured for one host; partial when trials failed or the budget ran out.
struct HostTrialReport {
  AccessCheck access;
  std::optional<double> rtt_seconds;  // median of the round trips
  // The first remote command's start on the logged-in connection: its channel opening, the exec request
  // and the remote shell's start-up until the command ran (the round trips' wall time less their
  // exchanges), and the tools command run ahead of the echo (a few ms: `rsync --version`, two reads of
  // /proc). With check_access's time, about what a new `ssh HOST COMMAND` takes before COMMAND runs.
  std::optional<double> command_start_seconds;
  std::vector<TrialResult> trials;  // successful upload/download trials, in run order
  std::vector<TrialFailure> failures;
  std::optional<RemoteTools> tools;
  std::vector<std::string> notes;            // what could not be measured, and why
  std::vector<std::string> untimed_ciphers;  // left untimed on plan.skip_ciphers' word, in plan order
  std::string untimed_reason;                // its reason; "" when none were left untimed
  double elapsed_seconds = 0;
  // What of elapsed_seconds lay outside the budget: set-up (RemoteRunner::setup_time) and the essential
  // remote commands (rsync --version, TCP buffers), which run whatever the budget says.
  std::chrono::milliseconds outside_budget{0};
};

// The ciphers libssh 0.10 can negotiate, in trial priority order: the ones OpenSSH users most
// likely choose between come first, so a tight budget still measures them.
const std::vector<std::string>& libssh_ciphers();

// The MAC to pin for `cipher`: empty for AEAD ciphers, else hmac-sha2-256-etm@openssh.com (standing in
// for OpenSSH's umac-64-etm, which libssh lacks) when offered, else the first offered MAC libssh has.
std::string mac_for_cipher(const std::string& cipher, const std::vector<std::string>& server_macs);

// Plans trials for every cipher both the server (both directions) and libssh support, in libssh_ciphers() order.
HostTrialPlan make_trial_plan(const ServerAlgorithms& server, std::shared_ptr<const std::string> sample);

// Runs check_access, then run_survey(). Fails only when access is refused (unknown/changed host key,
// authentication, unreachable). Every time it reads is `clock`'s.
Result<HostTrialReport> run_host_trials(RemoteRunner& runner, const HostTrialPlan& plan, const std::string& host,
                                        const Clock& clock);

// The survey on a runner whose check_access() already succeeded (`access`, which took `connect_time`):
// RTT, the leading four cipher trials, remote tools, compression trials and the remaining cipher trials,
// within plan.budget; budget still left times cipher trials far below the median once more (fold_runs). The first
// cipher trial runs even past the budget (a verdict needs one figure); once plan.skip_ciphers gives a reason (asked
// first after the round trips, when it can leave every cipher to the user's ssh), no further cipher is timed. Failing
// trials are recorded in the report, never fatal.
HostTrialReport run_survey(RemoteRunner& runner, const HostTrialPlan& plan, const std::string& host, AccessCheck access,
                           std::chrono::milliseconds connect_time, const Clock& clock);

}  // namespace sshtune::probes
