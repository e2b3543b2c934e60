#pragma once
// Whether ssh's Compression pays for a host and the user's data, and what rsync
// should do instead. Measured figures decide: the OpenSSH client's compressed
// transfer of the sample when there is one, else the survey's. The model, used
// only when nothing was measured, is T(on) = min(Z, T(off)/r, window/RTT) in
// payload bytes: the channel window counts data before compression, so
// compression can never lift a window limit (doc/benchmarks.md).

#include "rules/decision.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// A compressed figure and whose client measured it.
struct CompressedFigure {
  double mb_per_s = 0;
  FigureSource source = FigureSource::libssh;
  bool modelled = false;  // from the model, not a transfer (source is then FigureSource::model)
};

// The compressed speed of the user's sample: the OpenSSH client's transfer, else the survey's, else the
// model over `best` (nullopt when even the model lacks its inputs).
std::optional<CompressedFigure> compressed_speed(const HostFacts& facts, double best, std::optional<double> cap);

// Whether compression can pay at all where `best` MB/s already moves without it. ssh compresses with zlib
// (level 6) in its one thread, so a compressed upload never moves the payload faster than zlib compresses
// it on this CPU (`zlib_mb_per_s`); to pay it must beat `best` by policy.compression_margin.
bool compression_can_pay(double zlib_mb_per_s, double best, const Policy& policy);

// Whether compression is worth timing where `best` MB/s already moves without it, judged by a compressed
// transfer's figure: at least `best` / policy.compression_margin, a transfer sampled over the link being
// as noisy as `best` is. The shortlist confirms with ssh a compressed trial the survey timed from it
// (zlib_can_reach judges the figures that are ceilings).
bool compression_can_matter(double compressed_mb_per_s, double best, const Policy& policy);

// Whether a compressed upload is worth timing at all where `best` MB/s already moves without it, judged by
// `zlib_mb_per_s`, zlib's speed on this CPU: ssh compresses in one thread, so that bounds any compressed
// upload's payload rate. To pay it must beat `best` by policy.compression_margin; a zlib figure under
// `best` would have to read low by that whole margin. Unlike compression_can_matter's figures, which
// sample a transfer over the link, this is a ceiling.
bool zlib_can_reach(double zlib_mb_per_s, double best);

// Why a compressed upload cannot pay once an uncompressed session of the user's ssh moved `uncompressed`
// MB/s, or nullopt when it may: OpenSSH's channel window binds uploads (session_window; it counts data
// before compression, so a compressed session moves no more than window/RTT at the judged RTT) and
// `uncompressed` is already more than that cap over policy.compression_margin. One plain sentence.
std::optional<std::string> window_stops_compression(const HostFacts& facts, double uncompressed, const Policy& policy);

// The ratio below which compression pays (1/margin), or nullopt when zlib on this CPU is slower than
// `best` already is. Adds one reason.
std::optional<double> break_even(const HostFacts& facts, double best, const Policy& policy,
                                 std::vector<std::string>& reasons);

// The best uncompressed figure of each client, so a compressed figure is compared with its own client's.
struct BestFigures {
  double survey = 0;              // the libssh survey's best (window-capped)
  std::optional<double> openssh;  // the OpenSSH client's best, when it was timed
  double of(FigureSource source) const { return source == FigureSource::openssh && openssh ? *openssh : survey; }
};

// Compression yes when the compressed figure beats the same client's best uncompressed figure by
// policy.compression_margin; never where facts.openssh.compression_stopped says why it cannot pay. Adds the
// reasons.
bool decide_compression(const HostFacts& facts, const BestFigures& best, std::optional<double> cap,
                        const Policy& policy, std::vector<std::string>& reasons);

// rsync's own compression when compression gains on the link: "zstd" (both ends have it), "zlib", or "".
std::string rsync_choice(const HostFacts& facts, bool link_gains, std::vector<std::string>& reasons);

}  // namespace sshtune::rules
