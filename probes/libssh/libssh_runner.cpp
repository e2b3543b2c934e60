#include "probes/libssh/libssh_runner.hpp"

#include "probes/libssh/libssh_channel.hpp"
#include "probes/libssh/libssh_session.hpp"
#include "probes/libssh/libssh_stream.hpp"

#include <algorithm>
#include <future>
#include <system_error>

namespace sshtune::probes {
namespace {

constexpr std::size_t k_max_command_output = 64u << 10;
const std::string k_echo_command = "printf SSH-TUNE-READY; exec cat";

// At least this many exchanges, however long they take; more only within the spec's time_cap.
constexpr int k_min_round_trips = 3;

Result<TrialResult> run_round_trips(ExecChannel& channel, const TrialSpec& spec, const Clock& clock,
                                    TrialResult result) {
  const bool go = !spec.remote.before_round_trips || spec.remote.before_round_trips();
  const auto end = clock.now() + spec.time_cap;
  std::string reply;
  for (int i = 0; go && i < spec.remote.round_trips && (i < k_min_round_trips || clock.now() < end); ++i) {
    reply.clear();
    const auto start = clock.now();
    SSHTUNE_TRYV(channel.write_all("x"));
    SSHTUNE_TRYV(channel.read_some(reply, 1));
    result.round_trip_seconds.push_back(seconds_since(clock, start));
  }
  return result;
}

Result<TrialResult> run_command(ExecChannel& channel, TrialResult result) {
  SSHTUNE_TRYV(channel.send_eof());
  while (result.output.size() < k_max_command_output) {
    SSHTUNE_TRY(got, channel.read_some(result.output, k_max_command_output - result.output.size()));
    if (got == 0) {
      break;
    }
  }
  SSHTUNE_TRY(status, channel.finish());
  result.exit_status = status;
  return result;
}

TrialResult result_of(TrialKind kind) {
  TrialResult result;
  result.kind = kind;
  return result;
}

SessionAlgorithms algorithms_of(const TrialSpec& spec) { return {spec.cipher, spec.mac, spec.compression}; }

// Throughput trials alternate between this many connections, so one's switch overlaps the wait for the
// other's last trial to leave the link (quiesce_all_but).
constexpr std::size_t k_trial_connections = 2;
// The longest a trial waits for the other connections' earlier trials to leave the link.
constexpr std::chrono::seconds k_quiesce_limit{1};

// What TCP counted between two samples of one connection; nullopt when either is missing.
std::optional<TcpSample> tcp_during(const std::optional<TcpSample>& before, const std::optional<TcpSample>& after) {
  if (!before || !after) return std::nullopt;
  TcpSample during = *after;
  during.segments_out -= std::min(before->segments_out, after->segments_out);
  during.retransmitted -= std::min(before->retransmitted, after->retransmitted);
  return during;
}

// Runs remote commands on one control session and throughput trials on up to k_trial_connections
// TrialConnections, whose algorithms change by rekeying. After any failure every connection is dropped,
// and the next trial connects afresh; a switch the server does not complete is replaced by a fresh
// connection with the trial's algorithms pinned.
class LibsshRunner final : public RemoteRunner {
 public:
  LibsshRunner(RemoteTarget target, const Clock& clock) : m_target(std::move(target)), m_clock(clock) {}

  Result<AccessCheck> check_access() override {
    drop_connections();
    SSHTUNE_TRY(session, LibsshSession::open(m_target, SessionAlgorithms{}, m_clock, true));
    m_control = std::move(session);
    // Later connections must find the key without adding it again.
    m_target.accept_new = false;
    return m_control->access();
  }

  // Where no thread starts, nothing opens ahead (m_ahead stays empty): the first trial connects when it runs.
  void connect_ahead(const TrialSpec& first) override {
    if (m_ahead.valid() || !m_connections.empty()) return;
    try {
      m_ahead = std::async(std::launch::async, [target = m_target, wanted = algorithms_of(first), &clock = m_clock] {
        return TrialConnection::open(target, wanted, clock);
      });
    } catch (const std::system_error&) {  // NOLINT(bugprone-empty-catch): opening ahead is optional
    }
  }

  void end_trials() override { retire_connections(); }

  std::chrono::milliseconds setup_time() const override {
    auto total = m_retired_setup + (m_control != nullptr ? m_control->setup_time() : Clock::duration{});
    for (const auto& connection : m_connections) {
      if (connection != nullptr) total += connection->session().setup_time();
    }
    return std::chrono::duration_cast<std::chrono::milliseconds>(total);
  }

  Result<TrialResult> run(const TrialSpec& spec) override {
    auto result = run_connected(spec);
    if (!result) {
      drop_connections();
    }
    return result;
  }

 private:
  Result<TrialResult> run_connected(const TrialSpec& spec) {
    switch (spec.kind) {
      case TrialKind::upload: {
        SSHTUNE_TRY(connection, connection_for(algorithms_of(spec)));
        quiesce_all_but(connection);
        const auto before = connection->session().tcp_sample();
        SSHTUNE_TRY(result, connection->upload(spec));
        result.tcp = tcp_during(before, connection->session().tcp_sample());
        return result;
      }
      case TrialKind::download: {
        SSHTUNE_TRY(connection, connection_for(algorithms_of(spec)));
        quiesce_all_but(connection);
        return connection->download(spec);
      }
      case TrialKind::round_trips: {
        TrialResult result = result_of(spec.kind);
        SSHTUNE_TRY(channel, echo_channel(spec.remote.command, result.output));
        return run_round_trips(*channel, spec, m_clock, std::move(result));
      }
      case TrialKind::command: {
        SSHTUNE_TRY(session, control());
        SSHTUNE_TRY(channel, ExecChannel::open(*session, spec.remote.command, m_target.timeout));
        return run_command(*channel, result_of(spec.kind));
      }
    }
    return Error{ErrorKind::unsupported, "unknown trial kind"};
  }

  Result<LibsshSession*> control() {
    if (m_control == nullptr) {
      const auto start = m_clock.now();
      SSHTUNE_TRY(session, LibsshSession::open(m_target, SessionAlgorithms{}, m_clock));
      session->add_setup_time(m_clock.now() - start);
      m_control = std::move(session);
    }
    return m_control.get();
  }

  // The echo channel, opened (its remote shell started) once and kept for every later round trip: a
  // login shell's rc files then run once per runner, not once per series of pings. Opening it runs
  // `ahead` first (when not empty), its output into `output`.
  Result<ExecChannel*> echo_channel(const std::string& ahead, std::string& output) {
    if (m_echo == nullptr) {
      SSHTUNE_TRY(session, control());
      // `ahead` reads nothing: the echo's input must not reach it, and a command that waits for input would
      // hold the marker back.
      const std::string command = ahead.empty() ? k_echo_command : "{ " + ahead + "; } </dev/null; " + k_echo_command;
      SSHTUNE_TRY(channel, ExecChannel::open(*session, command, m_target.timeout));
      SSHTUNE_TRY(before, channel->wait_for_marker());
      if (!ahead.empty()) output = std::move(before);
      m_echo = std::move(channel);
    }
    return m_echo.get();
  }

  // A connection with `wanted` in effect: one that has it, a new one, or the one whose last key
  // exchange lies furthest back, switched.
  Result<TrialConnection*> connection_for(const SessionAlgorithms& wanted) {
    adopt_ahead();
    for (const auto& connection : m_connections) {
      if (connection->in_effect(wanted)) {
        return connection.get();
      }
    }
    if (m_connections.size() < k_trial_connections) {
      SSHTUNE_TRY(connection, open_connection(wanted));
      m_connections.push_back(std::move(connection));
      return m_connections.back().get();
    }
    auto& oldest = *std::min_element(m_connections.begin(), m_connections.end(), [](const auto& a, const auto& b) {
      return a->last_exchange() < b->last_exchange();
    });
    if (!oldest->switch_to(wanted)) {
      m_retired_setup += oldest->session().setup_time();
      oldest.reset();
      SSHTUNE_TRY(connection, open_connection(wanted));
      oldest = std::move(connection);
    }
    return oldest.get();
  }

  // Takes the connection connect_ahead opened, if it opened; its set-up is what the wait for it took (a
  // connection that failed is opened again by the trial, which then reports the error).
  void adopt_ahead() {
    if (!m_ahead.valid()) return;
    const auto start = m_clock.now();
    auto opened = m_ahead.get();
    if (!opened || m_connections.size() >= k_trial_connections) return;
    opened.value()->session().add_setup_time(m_clock.now() - start);
    m_connections.push_back(std::move(opened).value());
  }

  // A new trial connection, its opening counted in its session's set-up time.
  Result<std::unique_ptr<TrialConnection>> open_connection(const SessionAlgorithms& wanted) {
    const auto start = m_clock.now();
    SSHTUNE_TRY(connection, TrialConnection::open(m_target, wanted, m_clock));
    connection->session().add_setup_time(m_clock.now() - start);
    return std::move(connection);
  }

  // A trial has the link to itself: the others' earlier trials have left it (after the switch, which
  // overlaps most of that wait).
  void quiesce_all_but(const TrialConnection* trial) const {
    const auto deadline = m_clock.now() + k_quiesce_limit;
    for (const auto& connection : m_connections) {
      if (connection.get() != trial) connection->quiesce(deadline);
    }
  }

  void retire_connections() {
    adopt_ahead();
    // A slot is empty when its replacement failed to connect.
    for (const auto& connection : m_connections) {
      if (connection != nullptr) m_retired_setup += connection->session().setup_time();
    }
    m_connections.clear();
  }

  void drop_connections() {
    retire_connections();
    m_echo.reset();
    if (m_control != nullptr) m_retired_setup += m_control->setup_time();
    m_control.reset();
  }

  RemoteTarget m_target;
  const Clock& m_clock;
  std::unique_ptr<LibsshSession> m_control;
  std::unique_ptr<ExecChannel> m_echo;  // on m_control, so declared after it: closed first
  std::vector<std::unique_ptr<TrialConnection>> m_connections;
  Clock::duration m_retired_setup{};  // the set-up time of sessions since closed
  // connect_ahead's connection while it opens; declared last, so destroyed (waited for) first.
  std::future<Result<std::unique_ptr<TrialConnection>>> m_ahead;
};

}  // namespace

std::unique_ptr<RemoteRunner> make_libssh_runner(const RemoteTarget& target, const Clock& clock) {
  return std::make_unique<LibsshRunner>(target, clock);
}

}  // namespace sshtune::probes
