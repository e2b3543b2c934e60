#pragma once
// One `ssh` process running a trial's remote command: an upload reads a TrialInput
// (a memory file or a pipe) as its stdin, a download a pipe that carries only its
// go byte (openssh_remote_command()); stdout and stderr
// are non-blocking pipes. The runner (openssh_runner.cpp) drives any number of these
// from one poll loop. Included only by probes/*.cpp.

#include "probes/core/openssh_runner.hpp"
#include "probes/openssh/trial_input.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace sshtune::probes {

class OpensshStream {
 public:
  // Starts ssh for `spec` in a session of its own (it can never prompt); its waits are on `clock` (which
  // must outlive it). Error when it cannot start.
  static Result<std::unique_ptr<OpensshStream>> start(const OpensshTarget& target, const TrialSpec& spec,
                                                      const Clock& clock);
  // Ends the process if it still runs (SIGTERM, then SIGKILL) and reaps it.
  ~OpensshStream();
  OpensshStream(const OpensshStream&) = delete;
  OpensshStream& operator=(const OpensshStream&) = delete;

  const TrialSpec& spec() const { return m_spec; }
  int stdout_fd() const { return m_out; }
  int stderr_fd() const { return m_err; }

  // Reads what stdout has now. Before the ready marker, looks for it; after it, downloads count the
  // bytes and uploads keep the text (the server's timestamps). False once stdout reached end of file.
  // An upload that reads a memory file is held (its ssh stopped) the moment its marker arrives: nothing
  // paces a file, so it would otherwise stream before its turn. Release it when its turn comes.
  bool read_stdout();
  // Reads what stderr has now, keeping the last few KiB for messages. False at end of file.
  bool read_stderr();
  // Stops ssh (and whatever it started, such as a ProxyCommand) where it is, until release().
  void hold();
  // Lets a held ssh (and whatever it started, such as a ProxyCommand) run on, and sends a download its
  // go byte, so its remote side starts sending; once only, a no-op after that.
  void release();
  // Gives an upload's ssh more input, up to `limit` bytes in all; call while it streams.
  void feed(std::uint64_t limit);
  // The descriptor to wait on for room to feed (a pipe input's), or -1.
  int input_wait_fd() const;
  // Ends an upload's input: ssh's next read sees end of file, and the remote side then does too.
  void end_input();

  bool ready() const { return m_ready; }
  bool held() const { return m_held; }
  // Upload bytes ssh has read from its input so far (those in flight to the server included).
  std::uint64_t written() const;
  std::uint64_t received() const { return m_received; }  // download payload bytes after the marker
  const std::string& output() const { return m_text; }   // upload output after the marker
  // Waits up to `grace` for the process to exit; its exit code, or -1 if it had to be killed or a signal
  // ended it.
  int finish(std::chrono::milliseconds grace);
  // What TCP counted on ssh's connection so far (process_tcp_sample): take it before ending the input;
  // nullopt once ssh has closed its connection.
  std::optional<TcpSample> tcp_sample() const;
  // "HOST: ssh: <the last line ssh printed on stderr>" or "HOST: <fallback>".
  Error failure(const std::string& fallback) const;

 private:
  OpensshStream(TrialSpec spec, std::string label, const Clock& clock)
      : m_spec(std::move(spec)), m_label(std::move(label)), m_clock(clock) {}
  void take_stdout(const char* data, std::size_t size);

  TrialSpec m_spec;
  std::string m_label;
  const Clock& m_clock;
  int m_pid = -1;
  std::optional<TrialInput> m_input;  // uploads
  int m_go = -1;                      // downloads: ssh's stdin until the go byte is sent
  int m_out = -1;
  int m_err = -1;
  bool m_ready = false;
  bool m_held = false;
  std::string m_before_marker;  // stdout until the marker
  std::string m_text;           // upload: stdout after the marker
  std::string m_stderr;         // the last few KiB
  std::uint64_t m_received = 0;
};

}  // namespace sshtune::probes
