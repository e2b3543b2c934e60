#include "tuner/host/preauth_ledger.hpp"

#include "base/private_file.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tuner/edit/file_system.hpp"
#include "tuner/edit/snapshot.hpp"
#include "tuner/host/host_cache.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace sshtune::host {
namespace {

const PenaltyEntry* find(const PreauthLedger& ledger, const std::string& server) {
  for (const PenaltyEntry& entry : ledger.entries) {
    if (entry.server == server) return &entry;
  }
  return nullptr;
}

// A ledger line's fields, or nullopt when it is not "HOST:PORT SECONDS UNIX_TIME" with sane numbers.
std::optional<PenaltyEntry> parse_line(const std::string& line) {
  std::istringstream fields(line);
  PenaltyEntry entry;
  std::string seconds, as_of, extra;
  if (!(fields >> entry.server >> seconds >> as_of) || (fields >> extra)) return std::nullopt;
  const auto [s_end, s_error] = std::from_chars(seconds.data(), seconds.data() + seconds.size(), entry.seconds);
  const auto [t_end, t_error] = std::from_chars(as_of.data(), as_of.data() + as_of.size(), entry.as_of_unix);
  const bool numbers = s_error == std::errc() && s_end == seconds.data() + seconds.size() && t_error == std::errc() &&
                       t_end == as_of.data() + as_of.size();
  if (!numbers || !std::isfinite(entry.seconds) || entry.seconds < 0 || entry.as_of_unix < 0) return std::nullopt;
  return entry;
}

}  // namespace

double remaining_penalty(const PreauthLedger& ledger, const std::string& server, std::int64_t now) {
  const PenaltyEntry* entry = find(ledger, server);
  if (!entry) return 0;
  // A clock that went back counts as no time passed: never less penalty than recorded.
  const double elapsed = static_cast<double>(std::max<std::int64_t>(0, now - entry->as_of_unix));
  return std::clamp(entry->seconds - elapsed, 0.0, k_sshd_penalty_max_s);
}

void charge(PreauthLedger& ledger, const std::string& server, double penalty_s, std::int64_t now) {
  const double remaining = remaining_penalty(ledger, server, now) + penalty_s;
  std::erase_if(ledger.entries, [&](const PenaltyEntry& entry) { return entry.server == server; });
  ledger.entries.push_back({server, remaining, now});
}

std::int64_t seconds_until_allowed(const PreauthLedger& ledger, const std::string& server, double penalty_s,
                                   std::int64_t now) {
  const double excess = remaining_penalty(ledger, server, now) + penalty_s - k_preauth_ceiling_s;
  return excess <= 0 ? 0 : static_cast<std::int64_t>(std::ceil(excess));
}

Result<PreauthLedger> parse_ledger(std::string_view text, const std::string& file) {
  PreauthLedger ledger;
  std::size_t number = 0;
  std::istringstream lines{std::string(text)};
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (line.empty()) continue;
    auto entry = parse_line(line);
    if (!entry) {
      return Error{ErrorKind::invalid_input, file + ":" + std::to_string(number) +
                                                 ": not a line ssh-tune writes (HOST:PORT SECONDS TIME); "
                                                 "remove the file to start counting afresh"};
    }
    ledger.entries.push_back(std::move(*entry));
  }
  return ledger;
}

std::string render_ledger(const PreauthLedger& ledger, std::int64_t now) {
  std::ostringstream text;
  for (const PenaltyEntry& entry : ledger.entries) {
    const double remaining = remaining_penalty(ledger, entry.server, now);
    if (remaining > 0) text << entry.server << ' ' << remaining << ' ' << now << '\n';
  }
  return text.str();
}

std::string ledger_path() { return (cache_dir() / "preauth-probes").string(); }

Result<PreauthLedger> load_ledger() {
  SSHTUNE_TRY(text, read_private_file(ledger_path(), k_max_ledger_file));
  if (!text) return PreauthLedger{};
  return parse_ledger(*text, ledger_path());
}

Result<void> save_ledger(const PreauthLedger& ledger, std::int64_t now) {
  SSHTUNE_TRYV(prepare_cache_dir());
  edit::PosixFileSystem file_system;
  SSHTUNE_TRY(before, edit::take_snapshot(file_system, ledger_path()));
  return edit::AtomicWriter(file_system).replace(before, render_ledger(ledger, now), edit::WriteOptions{false, 0600});
}

}  // namespace sshtune::host
