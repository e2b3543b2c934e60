#include "probes/openssh/tool_copy.hpp"

#include "base/message.hpp"
#include "base/process.hpp"
#include "base/read_file.hpp"
#include "base/strings.hpp"
#include "probes/openssh/openssh_command.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace sshtune::probes {
namespace {

namespace fs = std::filesystem;

// The user's -F/-i (same for every tool), -p (scp and sftp: -P) and -l (scp and sftp: -o User=).
std::vector<std::string> user_options(const OpensshTarget& target, bool as_ssh) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i + 1 < target.options.size(); i += 2) {
    const std::string& flag = target.options[i];
    const std::string& value = target.options[i + 1];
    if (as_ssh || (flag != "-p" && flag != "-l"))
      out.insert(out.end(), {flag, value});
    else if (flag == "-p")
      out.insert(out.end(), {"-P", value});
    else
      out.insert(out.end(), {"-o", "User=" + value});
  }
  return out;
}

// Each tool's own new file in the server's directory (see time_tool_copies).
std::string remote_file(const std::string& remote_dir, CopyTool tool) {
  return remote_dir + "/" + std::string(to_string(tool));
}

// What every tool hands ssh besides the user's options: no prompt, the connect timeout, the snippet's
// cipher order and compression.
std::vector<std::string> trial_options(const OpensshTarget& target, const ToolTrialSpec& spec, bool compression) {
  const auto seconds = std::max<long long>(1, std::chrono::ceil<std::chrono::seconds>(target.timeout).count());
  std::vector<std::string> out{"-o", "BatchMode=yes", "-o", "ConnectTimeout=" + std::to_string(seconds)};
  if (!spec.ciphers.empty()) out.insert(out.end(), {"-c", spec.ciphers});
  out.insert(out.end(), {"-o", std::string("Compression=") + (compression ? "yes" : "no")});
  return out;
}

// rsync's -e: its words joined by spaces, each with a space single-quoted (rsync splits -e itself).
Result<std::string> rsync_rsh(const std::vector<std::string>& words) {
  std::string rsh;
  for (const std::string& word : words) {
    if (word.find('\'') != std::string::npos) {
      return Error{ErrorKind::unsupported, word + " cannot pass through rsync's -e"};
    }
    const bool plain = !word.empty() && word.find_first_of(" \t\"\\") == std::string::npos;
    rsh += (rsh.empty() ? "" : " ") + (plain ? word : "'" + word + "'");
  }
  return rsh;
}

Result<std::vector<std::string>> rsync_argv(const OpensshTarget& target, const ToolTrialSpec& spec,
                                            const std::string& source, const std::string& remote_dir) {
  std::vector<std::string> words{target.program};
  for (const auto& list : {user_options(target, true), trial_options(target, spec, false)}) {
    words.insert(words.end(), list.begin(), list.end());
  }
  SSHTUNE_TRY(rsh, rsync_rsh(words));
  std::vector<std::string> argv{"rsync", "-e", rsh};
  if (!spec.rsync_compress.empty()) argv.push_back(spec.rsync_compress);
  argv.insert(argv.end(), {source, target.destination + ":" + remote_file(remote_dir, spec.tool)});
  return argv;
}

// Where the trial file is written: memory (/dev/shm) where there is one, so the tools read it as they read
// a file the page cache holds, and no write-back of a fresh file to disk slows them; else $TMPDIR or /tmp.
fs::path trial_parent() {
  if (::access("/dev/shm", W_OK | X_OK) == 0) return "/dev/shm";
  const char* tmp = std::getenv("TMPDIR");
  return tmp && *tmp ? fs::path(tmp) : fs::path("/tmp");
}

// A private directory under trial_parent(), removed with everything in it when this ends.
class TrialDirectory {
 public:
  static Result<TrialDirectory> create() {
    std::string pattern = trial_parent() / "ssh-tune-tool.XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
      return Error{ErrorKind::io, pattern + ": cannot make a directory for the copy tools' trial file"};
    }
    return TrialDirectory(pattern);
  }
  TrialDirectory(TrialDirectory&& other) noexcept : m_path(std::exchange(other.m_path, {})) {}
  TrialDirectory& operator=(TrialDirectory&&) = delete;
  ~TrialDirectory() {
    std::error_code ignored;
    if (!m_path.empty()) fs::remove_all(m_path, ignored);
  }
  const fs::path& path() const { return m_path; }

 private:
  explicit TrialDirectory(fs::path path) : m_path(std::move(path)) {}
  fs::path m_path;
};

// `bytes` of `payload` repeated (zeros when null) into `path`.
Result<void> write_trial_file(const fs::path& path, std::uint64_t bytes,
                              const std::shared_ptr<const std::string>& payload) {
  const std::string zeros(std::size_t{1} << 20, '\0');
  const std::string& block = payload && !payload->empty() ? *payload : zeros;
  std::ofstream out(path, std::ios::binary);
  for (std::uint64_t written = 0; out && written < bytes;) {
    const auto chunk = static_cast<std::streamsize>(std::min<std::uint64_t>(block.size(), bytes - written));
    out.write(block.data(), chunk);
    written += static_cast<std::uint64_t>(chunk);
  }
  out.close();
  if (!out) return Error{ErrorKind::io, path.string() + ": cannot write the copy tools' trial file"};
  return ok();
}

// The last non-empty line of what the tool wrote to stderr, or "exited N".
std::string failure_text(const fs::path& err_file, int exit_code) {
  const std::string text = read_file_if_present(err_file).value_or("");
  std::string last;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string_view line = trim(std::string_view(text).substr(start, end - start));
    if (!line.empty()) last = escape_within(line, k_max_quoted_input);
    start = end + 1;
  }
  return last.empty() ? "exited " + std::to_string(exit_code) : last;
}

// Runs `argv` with stdin the null device and stdout and stderr into `dir`/stdout and `dir`/stderr; its exit
// code, or -2 when it ran past `deadline` (it is then stopped).
Result<int> run_until(const std::vector<std::string>& argv, const fs::path& dir, const Clock& clock,
                      Clock::time_point deadline) {
  const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  const int out = ::open((dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  const int err = ::open((dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  auto pid = null >= 0 && out >= 0 && err >= 0
                 ? spawn_child(argv, ChildFds{null, out, err}, true)
                 : Result<int>(Error{ErrorKind::io, dir.string() + ": cannot open the copy tools' output files"});
  for (const int fd : {null, out, err}) {
    if (fd >= 0) ::close(fd);
  }
  if (!pid) return pid.error();
  for (;;) {
    if (const auto code = poll_child(pid.value())) return *code;
    if (clock.now() >= deadline) {
      stop_child(pid.value());
      return -2;
    }
    clock.sleep_for(std::chrono::milliseconds(2));
  }
}

// Runs `argv` until target.timeout plus a minute: its stdout, or an error naming `what` with its last line
// of stderr.
Result<std::string> run_checked(const std::vector<std::string>& argv, const std::string& what, const fs::path& dir,
                                const OpensshTarget& target, const Clock& clock) {
  SSHTUNE_TRY(code, run_until(argv, dir, clock, clock.now() + target.timeout + std::chrono::minutes(1)));
  if (code == -2) return Error{ErrorKind::remote, what + " ran past its time and was stopped"};
  if (code != 0) return Error{ErrorKind::remote, what + ": " + failure_text(dir / "stderr", code)};
  return read_file_if_present(dir / "stdout").value_or("");
}

// A path `mktemp -d` printed that is safe to name in the tools' arguments and in `rm -rf`: absolute, of
// letters, digits and ._-/ only, with no "..".
bool plain_remote_dir(std::string_view path) {
  return path.size() > 1 && path.front() == '/' && path.find("..") == std::string_view::npos &&
         path.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-/") ==
             std::string_view::npos;
}

Result<std::string> make_remote_dir(const OpensshTarget& target, const fs::path& dir, const Clock& clock) {
  SSHTUNE_TRY(out, run_checked(openssh_command_argv(target, {}, "mktemp -d"), "mktemp -d", dir, target, clock));
  const std::string path(trim(out));
  if (!plain_remote_dir(path)) {
    return Error{ErrorKind::remote, "mktemp -d printed " + quote_input(path) + ", not a plain absolute path"};
  }
  return path;
}

Result<double> time_one(const OpensshTarget& target, const ToolTrialSpec& spec, const TrialDirectory& local,
                        const std::string& remote_dir, const Clock& clock) {
  const fs::path source = local.path() / "copy";
  const fs::path batch = local.path() / "batch";
  if (source.string().find_first_of("\"\\") != std::string::npos) {
    return Error{ErrorKind::unsupported, source.string() + ": sftp's batch cannot name it"};
  }
  std::ofstream(batch) << "put \"" << source.string() << "\" \"" << remote_file(remote_dir, spec.tool) << "\"\n";
  std::error_code ignored_size;
  if (fs::file_size(source, ignored_size) != spec.bytes) {
    SSHTUNE_TRYV(write_trial_file(source, spec.bytes, spec.payload));
  }
  SSHTUNE_TRY(argv, tool_trial_argv(target, spec, source.string(), batch.string(), remote_dir));
  const auto start = clock.now();
  SSHTUNE_TRY(ignored, run_checked(argv, std::string(to_string(spec.tool)), local.path(), target, clock));
  (void)ignored;
  return seconds_since(clock, start);
}

}  // namespace

Result<std::vector<std::string>> tool_trial_argv(const OpensshTarget& target, const ToolTrialSpec& spec,
                                                 const std::string& source, const std::string& batch,
                                                 const std::string& remote_dir) {
  if (spec.tool == CopyTool::rsync) return rsync_argv(target, spec, source, remote_dir);
  if (target.destination.find(':') != std::string::npos) {
    return Error{ErrorKind::unsupported, "the alias " + target.destination + " has a colon"};
  }
  std::vector<std::string> argv{std::string(to_string(spec.tool)), "-S", target.program};
  for (const auto& list : {user_options(target, false), trial_options(target, spec, spec.compression)}) {
    argv.insert(argv.end(), list.begin(), list.end());
  }
  if (spec.tool == CopyTool::scp)
    argv.insert(argv.end(), {source, target.destination + ":" + remote_file(remote_dir, spec.tool)});
  else
    argv.insert(argv.end(), {"-b", batch, target.destination});
  return argv;
}

ToolTrials time_tool_copies(const OpensshTarget& target, const std::vector<ToolTrialSpec>& specs, const Clock& clock) {
  auto local = TrialDirectory::create();
  const auto start = clock.now();
  auto remote = local ? make_remote_dir(target, local.value().path(), clock) : Result<std::string>(local.error());
  if (!remote) return {std::vector<Result<double>>(specs.size(), remote.error()), "", std::nullopt};
  ToolTrials trials;
  trials.login_s = seconds_since(clock, start);
  for (const ToolTrialSpec& spec : specs) {
    trials.seconds.push_back(time_one(target, spec, local.value(), remote.value(), clock));
  }
  const auto removed = run_checked(openssh_command_argv(target, {}, "rm -rf -- '" + remote.value() + "'"), "rm -rf",
                                   local.value().path(), target, clock);
  if (!removed) trials.left_behind = remote.value() + " on the server: " + removed.error().message;
  return trials;
}

}  // namespace sshtune::probes
