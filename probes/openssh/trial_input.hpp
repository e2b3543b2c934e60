#pragma once
// The stdin of an OpenSSH upload trial, one of two kinds:
// - a memory file (memfd) that ssh reads as it reads `ssh HOST cmd < file`. Nothing
//   paces it, so ssh is held (stopped) until its turn; before that it reads at most
//   the server's channel window (2 MiB) ahead, which crosses a fast link at once;
// - a pipe this process feeds (by vmsplice, next to no CPU), which paces ssh: it
//   reads nothing before its turn. On a CPU-bound host the pipe costs ssh 10-25% of
//   its speed (`ssh < file` against the same ssh fed through a pipe), so fast links
//   get the file and slow ones, where a held window would take long to cross, the pipe.
// Included only by probes/*.cpp.

#include "base/result.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace sshtune::probes {

class TrialInput {
 public:
  enum class Kind { memory_file, pipe };
  // Zeros (a sparse file, or a pipe fed from one immutable block), or `payload` repeated. A memory file
  // of payload is written `first_bytes` and more ahead of its reader and freed behind it (feed).
  static Result<TrialInput> create(Kind kind, std::shared_ptr<const std::string> payload, std::uint64_t first_bytes);
  TrialInput(TrialInput&& other) noexcept;
  TrialInput& operator=(TrialInput&&) = delete;
  ~TrialInput();

  Kind kind() const { return m_kind; }
  // The descriptor to hand to the child as its stdin (its file offset is shared with this object).
  int child_fd() const { return m_child_fd; }
  // Call once the child has its stdin: a pipe's read end is then the child's alone.
  void spawned();
  // The descriptor to wait on for room (a pipe's write end), or -1 when there is nothing to wait for.
  int wait_fd() const;
  // The bytes the reader has taken (a memory file) or been given (a pipe) so far.
  std::uint64_t consumed() const;
  // Gives the reader more, up to `limit` bytes in all: fills a pipe's room, keeps a file ahead of its reader.
  void feed(std::uint64_t limit);
  // Ends the input: the reader's next read after what it has sees the end of file.
  void end();

 private:
  TrialInput(Kind kind, std::shared_ptr<const std::string> payload) : m_kind(kind), m_payload(std::move(payload)) {}
  Result<void> append_until(std::uint64_t size);
  void feed_pipe(std::uint64_t limit);
  void feed_file();

  Kind m_kind;
  std::shared_ptr<const std::string> m_payload;  // null for zeros
  int m_child_fd = -1;                           // the memfd, or the pipe's read end until spawned()
  int m_pipe_fd = -1;                            // the pipe's write end
  std::uint64_t m_written = 0;                   // into the pipe, or the memory file's end
  std::uint64_t m_freed = 0;                     // memory file of payload: holes punched up to here
  std::size_t m_payload_offset = 0;              // where the next write starts in the payload
  bool m_ended = false;
};

}  // namespace sshtune::probes
