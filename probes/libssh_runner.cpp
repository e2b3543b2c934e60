#include "probes/libssh_runner.hpp"

#include "probes/libssh_channel.hpp"
#include "probes/libssh_session.hpp"

namespace sshtune {
namespace {

using Clock = std::chrono::steady_clock;

// libssh's upload path is cheapest with large writes (reference/libssh.md §3).
constexpr std::size_t k_write_size = 256u << 10;
// Download reads of 2 MiB make libssh offer a 2 MiB window, like OpenSSH's.
constexpr std::size_t k_read_size = 2u << 20;
constexpr std::size_t k_max_command_output = 64u << 10;
constexpr const char* k_sink_command = "printf SSH-TUNE-READY; exec cat >/dev/null";
constexpr const char* k_echo_command = "printf SSH-TUNE-READY; exec cat";

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Hands out the upload data in k_write_size slices, cycling through the payload (or zeros).
class PayloadCursor {
 public:
  explicit PayloadCursor(const std::shared_ptr<const std::string>& payload) {
    if (payload == nullptr || payload->empty()) {
      m_data = std::string(k_write_size, '\0');
    } else {
      while (m_data.size() < k_write_size) {
        m_data += *payload;
      }
    }
  }
  std::string_view next() {
    if (m_offset + k_write_size > m_data.size()) {
      m_offset = 0;
    }
    const auto slice = std::string_view(m_data).substr(m_offset, k_write_size);
    m_offset += k_write_size;
    return slice;
  }

 private:
  std::string m_data;
  std::size_t m_offset = 0;
};

bool cap_reached(const TrialSpec& spec, std::uint64_t bytes, Clock::time_point start) {
  return bytes >= spec.byte_cap || Clock::now() - start >= spec.time_cap;
}

bool warming_up(const TrialSpec& spec, std::uint64_t bytes, Clock::time_point start) {
  return bytes < spec.warm_up_bytes || Clock::now() - start < spec.warm_up_time;
}

Result<TrialResult> run_upload(LibsshSession& session, ExecChannel& channel, const TrialSpec& spec,
                               TrialResult result) {
  SSHTUNE_TRYV(channel.wait_for_marker());
  PayloadCursor cursor(spec.payload);
  const auto warm_up_start = Clock::now();
  for (std::uint64_t sent = 0; warming_up(spec, sent, warm_up_start); sent += k_write_size) {
    SSHTUNE_TRYV(channel.write_all(cursor.next()));
  }
  const std::uint64_t wire_start = session.socket_bytes_out();
  const auto start = Clock::now();
  while (!cap_reached(spec, result.bytes, start)) {
    SSHTUNE_TRYV(channel.write_all(cursor.next()));
    result.bytes += k_write_size;
    if (spec.on_progress) {
      spec.on_progress(result.bytes);
    }
  }
  SSHTUNE_TRY(status, channel.finish());
  result.seconds = seconds_since(start);
  result.wire_bytes = session.socket_bytes_out() - wire_start;
  result.exit_status = status;
  return result;
}

Result<TrialResult> run_download(LibsshSession& session, ExecChannel& channel, const TrialSpec& spec,
                                 TrialResult result) {
  SSHTUNE_TRYV(channel.wait_for_marker());
  std::string buffer;
  const auto warm_up_start = Clock::now();
  for (std::uint64_t warm = 0; warming_up(spec, warm, warm_up_start);) {
    buffer.clear();
    SSHTUNE_TRY(got, channel.read_some(buffer, k_read_size));
    if (got == 0) {
      return Error{ErrorKind::remote, session.host() + ": download ended during warm-up"};
    }
    warm += got;
  }
  const std::uint64_t wire_start = session.socket_bytes_in();
  const auto start = Clock::now();
  while (!cap_reached(spec, result.bytes, start)) {
    buffer.clear();
    SSHTUNE_TRY(got, channel.read_some(buffer, k_read_size));
    if (got == 0) {
      break;
    }
    result.bytes += got;
    if (spec.on_progress) {
      spec.on_progress(result.bytes);
    }
  }
  result.seconds = seconds_since(start);
  result.wire_bytes = session.socket_bytes_in() - wire_start;
  return result;  // the remote `head` may still be writing; closing the channel stops it
}

Result<TrialResult> run_round_trips(ExecChannel& channel, const TrialSpec& spec, TrialResult result) {
  SSHTUNE_TRYV(channel.wait_for_marker());
  std::string reply;
  for (int i = 0; i < spec.round_trips; ++i) {
    reply.clear();
    const auto start = Clock::now();
    SSHTUNE_TRYV(channel.write_all("x"));
    SSHTUNE_TRYV(channel.read_some(reply, 1));
    result.round_trip_seconds.push_back(seconds_since(start));
  }
  SSHTUNE_TRY(status, channel.finish());
  result.exit_status = status;
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

// Enough bytes for the warm-up at up to k_max_rate plus the measured part; bounded so the
// remote command ends on its own even if we vanish.
std::uint64_t download_size(const TrialSpec& spec) {
  constexpr std::uint64_t k_max_rate_per_ms = 2'000'000;  // 2 GB/s
  return spec.warm_up_bytes + spec.byte_cap + static_cast<std::uint64_t>(spec.warm_up_time.count()) * k_max_rate_per_ms;
}

std::string command_for(const TrialSpec& spec) {
  switch (spec.kind) {
    case TrialKind::upload:
      return k_sink_command;
    case TrialKind::download:
      return "printf SSH-TUNE-READY; exec head -c " + std::to_string(download_size(spec)) + " /dev/zero";
    case TrialKind::round_trips:
      return k_echo_command;
    case TrialKind::command:
      return spec.command;
  }
  return spec.command;
}

class LibsshRunner final : public RemoteRunner {
 public:
  explicit LibsshRunner(RemoteTarget target) : m_target(std::move(target)) {}

  Result<AccessCheck> check_access() override {
    SSHTUNE_TRY(session, LibsshSession::open(m_target, SessionAlgorithms{}));
    // Later connections must find the key without adding it again.
    m_target.accept_new = false;
    return session->access();
  }

  Result<TrialResult> run(const TrialSpec& spec) override {
    SSHTUNE_TRY(session, LibsshSession::open(m_target, SessionAlgorithms{spec.cipher, spec.mac, spec.compression}));
    SSHTUNE_TRY(channel, ExecChannel::open(*session, command_for(spec), m_target.timeout));
    TrialResult result;
    result.kind = spec.kind;
    result.cipher = session->negotiated_cipher();
    result.mac = session->negotiated_mac();
    result.compression = spec.compression;
    switch (spec.kind) {
      case TrialKind::upload:
        return run_upload(*session, *channel, spec, std::move(result));
      case TrialKind::download:
        return run_download(*session, *channel, spec, std::move(result));
      case TrialKind::round_trips:
        return run_round_trips(*channel, spec, std::move(result));
      case TrialKind::command:
        return run_command(*channel, std::move(result));
    }
    return result;
  }

 private:
  RemoteTarget m_target;
};

}  // namespace

std::unique_ptr<RemoteRunner> make_libssh_runner(const RemoteTarget& target) {
  return std::make_unique<LibsshRunner>(target);
}

}  // namespace sshtune
