#pragma once
// One `ssh` process running a trial's remote command, with non-blocking pipes to
// its stdin, stdout and stderr. The runner (openssh_runner.cpp) drives any number
// of these from one poll loop. Included only by probes/*.cpp.

#include "probes/openssh_runner.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

namespace sshtune {

class OpensshStream {
 public:
  // Starts ssh for `spec` in a session of its own (it can never prompt). Error when it cannot start.
  static Result<std::unique_ptr<OpensshStream>> start(const OpensshTarget& target, const TrialSpec& spec);
  // Ends the process if it still runs (SIGTERM, then SIGKILL) and reaps it.
  ~OpensshStream();
  OpensshStream(const OpensshStream&) = delete;
  OpensshStream& operator=(const OpensshStream&) = delete;

  const TrialSpec& spec() const { return m_spec; }
  int stdin_fd() const { return m_in; }
  int stdout_fd() const { return m_out; }
  int stderr_fd() const { return m_err; }

  // Reads what stdout has now. Before the ready marker, looks for it; after it, downloads count the
  // bytes and uploads keep the text (the server's timestamps). False once stdout reached end of file.
  bool read_stdout();
  // Reads what stderr has now, keeping the last few KiB for messages. False at end of file.
  bool read_stderr();
  // Writes the next part of the upload payload; returns the bytes taken (0 when the pipe is full).
  std::size_t write_payload();
  // Closes stdin: the remote side sees end of file.
  void close_stdin();

  bool ready() const { return m_ready; }
  std::uint64_t written() const { return m_written; }
  std::uint64_t received() const { return m_received; }  // download payload bytes after the marker
  const std::string& output() const { return m_text; }   // upload output after the marker
  // Waits up to `grace` for the process to exit; its exit code, or -1 if it had to be killed or a signal
  // ended it.
  int finish(std::chrono::milliseconds grace);
  // "HOST: ssh: <the last line ssh printed on stderr>" or "HOST: <fallback>".
  Error failure(const std::string& fallback) const;

 private:
  OpensshStream(TrialSpec spec, std::string label) : m_spec(std::move(spec)), m_label(std::move(label)) {}
  void take_stdout(const char* data, std::size_t size);

  TrialSpec m_spec;
  std::string m_label;
  int m_pid = -1;
  int m_in = -1;
  int m_out = -1;
  int m_err = -1;
  bool m_ready = false;
  std::string m_before_marker;  // stdout until the marker
  std::string m_text;           // upload: stdout after the marker
  std::string m_stderr;         // the last few KiB
  std::uint64_t m_written = 0;
  std::uint64_t m_received = 0;
  std::size_t m_payload_offset = 0;
};

}  // namespace sshtune
