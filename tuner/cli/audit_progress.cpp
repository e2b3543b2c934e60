#include "tuner/cli/audit_progress.hpp"

#include "base/clock.hpp"
#include "tuner/audit/repeats.hpp"

#include <chrono>
#include <ostream>

namespace sshtune::cli {

double steady_seconds() { return std::chrono::duration<double>(system_clock().now().time_since_epoch()).count(); }

std::string audit_progress_text(std::size_t done, std::size_t total) {
  return "audit: " + audit::grouped_count(done) + "/" + audit::grouped_count(total) + " hosts";
}

AuditProgress::AuditProgress(std::ostream& err, bool tty, SecondsClock now, double delay_s, double interval_s)
    : m_err(err), m_tty(tty), m_now(std::move(now)), m_delay_s(delay_s), m_interval_s(interval_s) {}

AuditProgress::~AuditProgress() { clear(); }

audit::HostProgress AuditProgress::callback() {
  if (!m_tty) return {};
  return [this](std::size_t done, std::size_t total) { report(done, total); };
}

void AuditProgress::report(std::size_t done, std::size_t total) {
  const double now = m_now();
  if (m_start < 0) m_start = now;
  if (now - m_start < m_delay_s) return;
  if (m_width > 0 && now - m_last < m_interval_s && done != total) return;
  const std::string text = audit_progress_text(done, total);
  const std::string padding(m_width > text.size() ? m_width - text.size() : 0, ' ');
  m_err << '\r' << text << padding << std::flush;
  m_width = text.size();
  m_last = now;
}

void AuditProgress::clear() {
  if (m_width == 0) return;
  m_err << '\r' << std::string(m_width, ' ') << '\r' << std::flush;
  m_width = 0;
}

}  // namespace sshtune::cli
