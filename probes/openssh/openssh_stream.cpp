#include "probes/openssh/openssh_stream.hpp"
#include "probes/openssh/openssh_command.hpp"
#include "probes/openssh/process_tcp.hpp"

#include "base/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace sshtune::probes {
namespace {

constexpr std::size_t k_stderr_kept = 4096;
constexpr std::size_t k_marker_search_limit = 64u << 10;  // a login shell's chatter before the marker

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A pipe whose both ends close on exec (the child gets its end through dup2 only).
Result<std::pair<int, int>> make_pipe() {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) return Error{ErrorKind::io, std::string("pipe: ") + std::strerror(errno)};
  return std::pair<int, int>{ends[0], ends[1]};
}

// Reads what `fd` has now into `sink`; false at end of file or on an error other than "would block".
template <typename Sink>
bool drain(int fd, Sink&& sink) {
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      sink(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

// The stdin of a trial's ssh: an upload's TrialInput, or for a download a pipe whose write end (`go`)
// this side keeps; the caller closes the returned descriptor once the child has it.
Result<int> child_stdin(const TrialSpec& spec, std::optional<TrialInput>& input, int& go) {
  if (spec.kind == TrialKind::download) {
    SSHTUNE_TRY(ends, make_pipe());
    go = ends.second;
    return ends.first;
  }
  const auto kind = spec.openssh.file_input ? TrialInput::Kind::memory_file : TrialInput::Kind::pipe;
  SSHTUNE_TRY(made, TrialInput::create(kind, spec.payload, spec.warm_up_bytes));
  input.emplace(std::move(made));
  return input->child_fd();
}

}  // namespace

Result<std::unique_ptr<OpensshStream>> OpensshStream::start(const OpensshTarget& target, const TrialSpec& spec,
                                                            const Clock& clock) {
  std::unique_ptr<OpensshStream> stream(new OpensshStream(spec, target.label, clock));
  SSHTUNE_TRY(in, child_stdin(spec, stream->m_input, stream->m_go));
  SSHTUNE_TRY(out, make_pipe());
  SSHTUNE_TRY(err, make_pipe());
  const auto pid = spawn_child(openssh_trial_argv(target, spec), ChildFds{in, out.second, err.second}, true);
  if (stream->m_input)
    stream->m_input->spawned();
  else
    ::close(in);
  ::close(out.second);
  ::close(err.second);
  stream->m_out = out.first;
  stream->m_err = err.first;
  if (!pid)
    return Error{ErrorKind::unsupported, target.label + ": cannot run the OpenSSH client: " + pid.error().message};
  stream->m_pid = pid.value();
  for (const int fd : {stream->m_out, stream->m_err}) set_nonblocking(fd);
  return stream;
}

OpensshStream::~OpensshStream() {
  close_fd(m_out);
  close_fd(m_err);
  close_fd(m_go);  // end of input without the go byte: the remote command sends nothing
  release();
  if (m_pid > 0) stop_child(m_pid, std::chrono::milliseconds(500));
}

void OpensshStream::hold() {
  if (m_pid > 0 && !m_held) m_held = ::kill(-m_pid, SIGSTOP) == 0;  // the child leads its own session
}

void OpensshStream::release() {
  if (m_pid > 0 && m_held) ::kill(-m_pid, SIGCONT);
  m_held = false;
  if (m_go >= 0) {
    // One byte into an empty pipe cannot block; a failed write leaves the download unstarted, which
    // its warm-up then reports.
    [[maybe_unused]] const ssize_t sent = ::write(m_go, k_download_go.data(), k_download_go.size());
    close_fd(m_go);
  }
}

void OpensshStream::take_stdout(const char* data, std::size_t size) {
  if (m_ready) {
    if (m_spec.kind == TrialKind::download)
      m_received += size;
    else
      m_text.append(data, size);
    return;
  }
  m_before_marker.append(data, size);
  const std::size_t at = m_before_marker.find(k_start_marker);
  if (at == std::string::npos) {
    if (m_before_marker.size() > k_marker_search_limit) m_before_marker.erase(0, m_before_marker.size() / 2);
    return;
  }
  m_ready = true;
  if (m_input && m_input->kind() == TrialInput::Kind::memory_file) hold();
  const std::string rest = m_before_marker.substr(at + k_start_marker.size());
  m_before_marker.clear();
  if (!rest.empty()) take_stdout(rest.data(), rest.size());
}

bool OpensshStream::read_stdout() {
  return m_out >= 0 && drain(m_out, [this](const char* data, std::size_t size) { take_stdout(data, size); });
}

bool OpensshStream::read_stderr() {
  return m_err >= 0 && drain(m_err, [this](const char* data, std::size_t size) {
           m_stderr.append(data, size);
           if (m_stderr.size() > k_stderr_kept) m_stderr.erase(0, m_stderr.size() - k_stderr_kept);
         });
}

std::uint64_t OpensshStream::written() const { return m_input ? m_input->consumed() : 0; }

void OpensshStream::feed(std::uint64_t limit) {
  if (m_input) m_input->feed(limit);
}

int OpensshStream::input_wait_fd() const { return m_input ? m_input->wait_fd() : -1; }

void OpensshStream::end_input() {
  if (m_input) m_input->end();
}

int OpensshStream::finish(std::chrono::milliseconds grace) {
  if (m_pid <= 0) return -1;
  release();
  const auto deadline = m_clock.now() + grace;
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(m_pid, &status, WNOHANG);
    if (done == m_pid) break;
    if (done < 0 && errno != EINTR) return m_pid = -1, -1;
    if (m_clock.now() >= deadline) {
      stop_child(m_pid, std::chrono::milliseconds(200));
      m_pid = -1;
      return -1;
    }
    ::poll(nullptr, 0, 5);
  }
  m_pid = -1;
  read_stdout();
  read_stderr();
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::optional<TcpSample> OpensshStream::tcp_sample() const {
  if (m_pid <= 0) return std::nullopt;
  return process_tcp_sample(m_pid);
}

Error OpensshStream::failure(const std::string& fallback) const {
  std::string text = m_stderr;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  const std::size_t last = text.rfind('\n');
  std::string line = last == std::string::npos ? text : text.substr(last + 1);
  for (char& c : line) {
    if (static_cast<unsigned char>(c) < 0x20) c = ' ';
  }
  if (line.starts_with("ssh: ")) line.erase(0, 5);  // ssh prefixes some messages with its own name
  if (line.size() > 200) line = line.substr(0, 200) + "...";
  return Error{ErrorKind::remote, m_label + ": " + (line.empty() ? fallback : "ssh: " + line)};
}

}  // namespace sshtune::probes
