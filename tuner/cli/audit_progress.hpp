#pragma once
// The audit's progress on a terminal: "audit: 4,000/10,000 hosts" on stderr,
// rewritten in place with '\r' and wiped when the audit is done. Shown only when
// stderr is a terminal and the hosts take long enough to notice.

#include "tuner/audit/client_audit.hpp"

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

namespace sshtune::cli {

// Seconds on a monotonic clock.
using SecondsClock = std::function<double()>;

// The steady clock, in seconds.
double steady_seconds();

// Draws the progress line on `err` while a client audit evaluates its hosts.
class AuditProgress {
 public:
  // Nothing is ever drawn unless `tty`. The line first appears once `delay_s` has
  // passed since the first report, then changes at most every `interval_s` (and
  // at the last host).
  AuditProgress(std::ostream& err, bool tty, SecondsClock now = steady_seconds, double delay_s = 0.5,
                double interval_s = 0.1);
  // Wipes the line if one was drawn.
  ~AuditProgress();
  AuditProgress(const AuditProgress&) = delete;
  AuditProgress& operator=(const AuditProgress&) = delete;

  // The callback for ClientAuditInput::progress (empty when nothing will be drawn).
  audit::HostProgress callback();
  // Wipes the line if one is drawn (the next report may draw it again).
  void clear();

 private:
  void report(std::size_t done, std::size_t total);

  std::ostream& m_err;
  bool m_tty;
  SecondsClock m_now;
  double m_delay_s;
  double m_interval_s;
  double m_start = -1;
  double m_last = -1;
  std::size_t m_width = 0;  // of the line drawn now; 0 when none is
};

// "audit: 4,000/10,000 hosts".
std::string audit_progress_text(std::size_t done, std::size_t total);

}  // namespace sshtune::cli
