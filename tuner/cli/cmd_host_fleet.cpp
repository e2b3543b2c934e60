// `ssh-tune host` over many hosts (see host_fleet.hpp).
#include "tuner/cli/status_line.hpp"
#include "tuner/cli/host_fleet.hpp"

#include "tuner/cli/fleet_view.hpp"
#include "tuner/edit/file_system.hpp"
#include "tuner/edit/ssh_client.hpp"
#include "tuner/wiring/production.hpp"
#include "tuner/host/fleet_write.hpp"

#include <algorithm>
#include <ostream>

namespace sshtune::cli {
namespace {

void note_skipped(const HostSelection& selection, std::ostream& err) {
  if (selection.skipped.empty()) return;
  std::string list;
  for (const std::string& pattern : selection.skipped) list += (list.empty() ? "" : ", ") + pattern;
  err << "note: --all skips what is not one concrete host (patterns, negations): " << list << '\n';
}

// Per-host progress lines on a TTY's stderr; none otherwise.
host::FleetProgress progress_lines(Io& io) {
  if (!io.err_is_tty) return {};
  return {[&io](std::size_t i, std::size_t n, const std::string& host) {
            io.err << fleet_started_line(i, n, host) << '\n' << std::flush;
          },
          [&io](std::size_t i, std::size_t n, const host::FleetResult& result) {
            io.err << fleet_finished_line(i, n, result) << '\n' << std::flush;
          }};
}

Result<void> write_all(const std::vector<host::FleetResult>& results, const host::HostRequest& base,
                       const FleetFlags& flags, const sshconfig::ClientCapabilities& client, std::ostream& out) {
  if (std::none_of(results.begin(), results.end(), [](const host::FleetResult& r) { return r.outcome.has_value(); })) {
    out << (flags.dry_run ? "dry run: nothing would change\n" : "nothing written: no host was tuned\n");
    return ok();
  }
  edit::PosixFileSystem fs;
  edit::RealSshClient ssh;
  edit::EditEnv env{fs, client, ssh, system_clock()};
  SSHTUNE_TRY(report, host::write_fleet(results, base.overrides.config_file, flags.dry_run, env));
  print_write_report(report, flags.dry_run, out);
  return ok();
}

}  // namespace

std::vector<host::HostRequest> fleet_requests(const HostSelection& selection, const host::HostRequest& base) {
  std::vector<host::HostRequest> requests;
  for (const HostName& name : selection.hosts) {
    host::HostRequest request = base;
    request.host = name.host;
    if (name.user) request.overrides.user = name.user;
    if (name.port) request.overrides.port = name.port;
    requests.push_back(std::move(request));
  }
  return requests;
}

void print_write_report(const edit::EditReport& report, bool dry_run, std::ostream& out) {
  if (dry_run) {
    out << (report.changed.empty() ? "dry run: nothing would change\n" : report.diff);
    return;
  }
  out << (report.changed.empty() ? "ssh_config already holds this recommendation\n" : "");
  for (const auto& path : report.changed) out << "wrote " << path.string() << '\n';
}

Result<ExitCode> run_host_fleet(const HostSelection& selection, const host::HostRequest& base, const FleetFlags& flags,
                                Io& io) {
  note_skipped(selection, io.err);
  SSHTUNE_TRY(env, wiring::production_environment(status_line(io)));
  host::share_local_measurements(env);
  const std::vector<host::FleetResult> results =
      host::tune_fleet(fleet_requests(selection, base), env, progress_lines(io));
  if (flags.json) {
    io.out << fleet_json(results).dump(2) << '\n';
  } else {
    print_fleet_table(io.out, results);
  }
  if (flags.write || flags.dry_run) {
    SSHTUNE_TRYV(write_all(results, base, flags, *env.client, flags.json ? io.err : io.out));
  }
  return host::all_succeeded(results) ? ExitCode::ok : ExitCode::failure;
}

}  // namespace sshtune::cli
